package viz

import (
	"slices"
	"strings"

	"stepviz/stepper"
	"stepviz/wire"
)

// Status and LegendEntry are how a drawing shows a node, and how one status
// is drawn; package wire owns them (hello.legend).
type (
	Status      = wire.Status
	LegendEntry = wire.LegendEntry
)

// The drawn statuses, in legend order.
const (
	StatusOpen      Status = "open"      // on the frontier
	StatusClosed    Status = "closed"    // expanded
	StatusCurrent   Status = "current"   // the node expanded by the last step
	StatusPath      Status = "path"      // on the solution path (the goal included)
	StatusDiscarded Status = "discarded" // generated and dropped (duplicate, depth limit)
)

// StatusLegend lists every drawn status in legend order. Read it, do not
// modify it; [Legend] returns a copy.
var StatusLegend = []LegendEntry{
	{Status: StatusOpen, Label: "open (frontier)", Letter: "O", Stroke: "#009E73", Fill: "#CCECE3", Dash: "5 3", Width: 2},
	{Status: StatusClosed, Label: "closed (expanded)", Letter: "C", Stroke: "#0072B2", Fill: "#CCE3F0", Width: 2},
	{Status: StatusCurrent, Label: "current (expanded last)", Letter: "E", Stroke: "#D55E00", Fill: "#F7DFCC", Width: 3.5, Double: true},
	{Status: StatusPath, Label: "on the path", Letter: "P", Stroke: "#E69F00", Fill: "#FAECCC", Width: 4},
	{Status: StatusDiscarded, Label: "discarded (duplicate or too deep)", Letter: "X", Stroke: "#6E6E6E", Fill: "#FFFFFF", Dash: "1.5 2.5", Width: 1.5},
}

// Legend returns a copy of [StatusLegend].
func Legend() []LegendEntry { return slices.Clone(StatusLegend) }

// LegendFor returns the legend entry of status s (the open entry for an
// unknown status).
func LegendFor(s Status) LegendEntry {
	for _, e := range StatusLegend {
		if e.Status == s {
			return e
		}
	}
	return StatusLegend[0]
}

// Statuses returns the drawn status of every node of snap.Tree, indexed like
// it (by node id in an engine's snapshot). A node on snap.Path is
// [StatusPath]; otherwise the node the last step expanded is
// [StatusCurrent]; otherwise the engine's status decides (a goal found but
// not on a path counts as closed, a node cut off by a depth limit or an
// IDA* threshold as discarded). A step that selected a node and did not
// expand it (cut off at the depth limit, or a stale copy dropped) leaves no
// node current: the node is drawn as discarded, as the narration says.
// The live page draws the same (static/model.js's currentOf). O(nodes).
func Statuses(snap stepper.Snapshot) []Status {
	out := make([]Status, len(snap.Tree))
	for i, n := range snap.Tree {
		switch n.Status {
		case stepper.NodeOpen:
			out[i] = StatusOpen
		case stepper.NodeDiscarded, stepper.NodeCutoff:
			// A node a depth limit or an IDA* threshold cut off was
			// never expanded: "too deep", not closed.
			out[i] = StatusDiscarded
		default:
			out[i] = StatusClosed
		}
	}
	index := indexByID(snap.Tree)
	if i, ok := stepNode(snap, index); ok && out[i] != StatusDiscarded {
		out[i] = StatusCurrent
	}
	for _, id := range snap.Path {
		if i, ok := index(id); ok {
			out[i] = StatusPath
		}
	}
	return out
}

// stepNode is the index in snap.Tree of the node the last step selected,
// if the tree holds it: the end of the current path in a depth-first
// iterative search (an RBFS node whose subtree the step forgot is open
// again, its expansion order cleared), else the node whose expansion order
// is the step. A node the step cut off has no order in the best-first
// loop, so no node is found then. O(nodes).
func stepNode(snap stepper.Snapshot, index func(int) (int, bool)) (int, bool) {
	if d := snap.Deepening; d != nil && len(d.Current) > 0 {
		return index(d.Current[len(d.Current)-1])
	}
	if snap.Step <= 0 {
		return 0, false
	}
	for i, n := range snap.Tree {
		if n.Order == snap.Step {
			return i, true
		}
	}
	return 0, false
}

// StyleEntry is a style a tree picture draws beyond the statuses, for one
// family of searches: Class is the class a node gets ("cutoff",
// "meet"...), Label the legend's words for it, and Letter, when set, the
// badge of a node drawn in it in place of its status's letter. The live
// page draws the same styles with the same words and letters
// (static/family.js's EXTRA_LEGEND; TestFamilyStylesMatchThePage).
type StyleEntry struct {
	Class  string `json:"class"`
	Label  string `json:"label"`
	Letter string `json:"letter,omitempty"`
}

// familyLetter is the badge letter of the first family style among
// classes (a node's class list) that has one, "" for none. O(styles).
func familyLetter(classes string) string {
	for _, e := range FamilyStyles {
		if e.Letter != "" && strings.Contains(" "+classes+" ", " "+e.Class+" ") {
			return e.Letter
		}
	}
	return ""
}

// FamilyStyles lists the family styles in legend order. A picture's
// legend names those it draws, after the statuses. Read it, do not modify
// it.
var FamilyStyles = []StyleEntry{
	{Class: "cutoff", Label: "cut off (over the limit)", Letter: "L"},
	{Class: "forgotten", Label: "forgotten (f backed up)", Letter: "F"},
	{Class: "folded", Label: "▸ +N forgotten, f ↑ backed up"},
	{Class: "on-current-path", Label: "current path"},
	{Class: "backward", Label: "goal's tree (grows up)"},
	{Class: "meet", Label: "meeting node"},
	{Class: "pruned", Label: "pruned (dropped from the beam)", Letter: "B"},
}
