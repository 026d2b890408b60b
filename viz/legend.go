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
// [StatusPath]; otherwise the node with the highest expansion order is
// [StatusCurrent]; otherwise the engine's status decides (a goal found but
// not on a path counts as closed, a node cut off by a depth limit or an
// IDA* threshold as discarded). O(nodes).
func Statuses(snap stepper.Snapshot) []Status {
	out := make([]Status, len(snap.Tree))
	current, best := -1, 0
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
		if n.Order > best {
			current, best = i, n.Order
		}
	}
	if current >= 0 {
		out[current] = StatusCurrent
	}
	index := indexByID(snap.Tree)
	for _, id := range snap.Path {
		if i, ok := index(id); ok {
			out[i] = StatusPath
		}
	}
	return out
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
