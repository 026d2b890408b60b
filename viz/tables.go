package viz

import (
	"math"
	"strconv"

	"stepviz/stepper"
)

// OpenRow is one row of the open-list table, every number already written
// as the viewer, notebook and exports show it ([stepper.FormatNumber]).
type OpenRow struct {
	Rank  int    `json:"rank"` // 1-based pop order
	ID    int    `json:"id"`
	State string `json:"state"`
	G     string `json:"g"`
	H     string `json:"h"`
	F     string `json:"f"`
	// Priority, Tie and Seq are the full sort key: priority first, then the
	// tie rule's key (-g for high-g, h for low-h, 0 otherwise), then the
	// insertion number.
	Priority string `json:"priority"`
	Tie      string `json:"tie"`
	Seq      int    `json:"seq"`
	ParentID int    `json:"parentId"` // -1 for the root
	Parent   string `json:"parent"`   // the parent's state, "" for the root
	Action   string `json:"action"`
	Depth    int    `json:"depth"`
	// Next marks the node the next step expands; Tied the other nodes whose
	// priority equals its own.
	Next bool `json:"next,omitempty"`
	Tied bool `json:"tied,omitempty"`
}

// ClosedRow is one row of the closed-list table.
type ClosedRow struct {
	Order    int    `json:"order"` // the step that expanded it
	ID       int    `json:"id"`
	State    string `json:"state"`
	G        string `json:"g"`
	H        string `json:"h"`
	F        string `json:"f"`
	ParentID int    `json:"parentId"`
	Parent   string `json:"parent"`
	Action   string `json:"action"`
	Depth    int    `json:"depth"`
	// Current marks the node expanded by the last step.
	Current bool `json:"current,omitempty"`
}

// OpenHeader names the columns of [OpenRow.Cells].
func OpenHeader() []string {
	return []string{"#", "node", "state", "g", "h", "f", "tie key", "seq", "parent", "action", "depth"}
}

// Cells writes the row as table cells, in [OpenHeader] order.
func (r OpenRow) Cells() []string {
	return []string{itoa(r.Rank), itoa(r.ID), r.State, r.G, r.H, r.F, r.Tie, itoa(r.Seq), r.Parent, r.Action, itoa(r.Depth)}
}

// ClosedHeader names the columns of [ClosedRow.Cells].
func ClosedHeader() []string {
	return []string{"order", "node", "state", "g", "h", "f", "parent", "action", "depth"}
}

// Cells writes the row as table cells, in [ClosedHeader] order.
func (r ClosedRow) Cells() []string {
	return []string{itoa(r.Order), itoa(r.ID), r.State, r.G, r.H, r.F, r.Parent, r.Action, itoa(r.Depth)}
}

// OpenRows returns the open list of snap in pop order, the node popped next
// first. O(open).
func OpenRows(snap stepper.Snapshot) []OpenRow {
	rows := make([]OpenRow, len(snap.Open))
	for i, e := range snap.Open {
		rows[i] = OpenRow{
			Rank: i + 1, ID: e.ID, State: e.State.String(),
			G: num(e.G), H: e.Shown().H, F: e.Shown().F,
			Priority: num(e.Key.Priority), Tie: num(e.Key.Tie), Seq: e.Key.Seq,
			ParentID: e.Parent, Parent: stateOf(snap.Tree, e.Parent),
			Action: e.Action, Depth: e.Depth,
			Next: i == 0,
			Tied: i > 0 && e.Key.Priority == snap.Open[0].Key.Priority,
		}
	}
	return rows
}

// ClosedRows returns the closed list of snap in expansion order. O(closed).
func ClosedRows(snap stepper.Snapshot) []ClosedRow {
	rows := make([]ClosedRow, len(snap.Closed))
	last := 0
	for _, n := range snap.Closed {
		last = max(last, n.Order)
	}
	for i, n := range snap.Closed {
		rows[i] = ClosedRow{
			Order: n.Order, ID: n.ID, State: n.State.String(),
			G: num(n.G), H: n.Shown().H, F: n.Shown().F,
			ParentID: n.Parent, Parent: stateOf(snap.Tree, n.Parent),
			Action: n.Action, Depth: n.Depth,
			Current: n.Order == last && last > 0,
		}
	}
	return rows
}

// PathTo returns the ids from the root down to node id, following parents
// in tree (a snapshot's Tree, indexed by id). It returns nil for an id not in
// tree and stops, rather than loops, if the parents form a cycle. O(depth).
func PathTo(tree []stepper.NodeInfo, id int) []int {
	if _, ok := nodeAt(tree, id); !ok {
		return nil
	}
	var p []int
	for v := id; len(p) <= len(tree); {
		n, ok := nodeAt(tree, v)
		if !ok {
			break
		}
		p = append(p, v)
		v = n.Parent
	}
	if len(p) > len(tree) {
		p = p[:len(tree)]
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// PathStates returns the states along [PathTo]. Node ids are looked up,
// never used as indexes: in a damaged snapshot they need not be positions.
func PathStates(tree []stepper.NodeInfo, id int) []string {
	ids := PathTo(tree, id)
	out := make([]string, len(ids))
	for i, v := range ids {
		out[i] = stateOf(tree, v)
	}
	return out
}

func stateOf(tree []stepper.NodeInfo, id int) string {
	s, _ := stateAt(tree, id)
	return s
}

// num is [stepper.FormatNumber] with a fast path for whole numbers, which
// most costs are (it runs once or more per drawn node).
func num(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatInt(int64(x), 10)
	}
	return stepper.FormatNumber(x)
}

func itoa(i int) string { return strconv.Itoa(i) }
