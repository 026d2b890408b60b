package wire

import (
	"stepviz/stepper"
	"sync"
)

// Family is what a search shows beyond the columns every search has
// (state, g, h, depth, status), in its own terms: its evaluation function,
// its sort key, the numbers a tree box shows, the values only its family
// has and how its open list is titled. It is computed once from the
// search's options (Describe); viz renders the Go formats from it and the
// lecture server sends it to the page as hello.problem.family, so no
// renderer knows an algorithm by its name. The page's constants for the
// enumerations below are generated from this file (static/wireconst.js).
type Family struct {
	// Algorithm is the option's name ("astar"); Title the name a person
	// reads ("A*").
	Algorithm string `json:"algorithm"`
	Title     string `json:"title"`
	// Family is FamilyBestFirst, FamilyDepthFirst, FamilyRBFS or
	// FamilyBidirectional: how the frontier is shown.
	Family string `json:"family"`
	// Panel is what the page's family strip shows: PanelStack (ids,
	// idastar: iterations and their bound), PanelRBFS, PanelBidirectional,
	// PanelBeam, or "" (no strip).
	Panel string `json:"panel"`
	// Eval is f in terms of a node's numbers (EvalGH, EvalGWH, EvalH, EvalG,
	// EvalDepth); Formula prints it ("f = g + h"); Weight is w of EvalGWH.
	Eval    string  `json:"eval"`
	Formula string  `json:"formula"`
	Weight  float64 `json:"weight,omitempty"`
	// Heuristic says the search orders by h (stepper.Algorithm's
	// UsesHeuristic). Without one (bfs, dfs, dls, ids, ucs, bibfs, biucs)
	// every node's h is 0 only because none is computed: the views a
	// person reads show no h and no f for it (its priority is the depth or
	// g, which they show as such), the machine-readable exports keep both
	// columns. Every view asks this field, never the algorithm's name.
	Heuristic bool `json:"heuristic"`
	// Width is beam search's k, the nodes its beam keeps (0 for the other
	// searches).
	Width int `json:"width,omitempty"`
	// Key is the open list's sort key: what its priority and its tie key
	// are, as the open table heads them.
	Key KeyRule `json:"key"`
	// Box names the numbers a tree box shows, in order (BoxG, BoxH, BoxF,
	// BoxDepth, BoxStoredF); Compact the one number a box too small for
	// them shows.
	Box     []string `json:"box"`
	Compact string   `json:"compact"`
	// Values are the family's own values, in the order a strip shows them
	// (an RBFS f-limit, an iteration's bound, μ, a beam's layer).
	Values []Value `json:"values,omitempty"`
	// OpenTitle and OpenOrder head the open table: what it lists and in
	// which order.
	OpenTitle string `json:"openTitle"`
	OpenOrder string `json:"openOrder"`
	// Legend names the statuses this family draws beyond the five every
	// search draws (StatusCutoff, StatusForgotten, StatusPruned).
	Legend []string `json:"legend,omitempty"`
}

// KeyRule is an open node's sort key (priority, tie, seq): Priority is
// KeyF (the node's f), KeyStoredF (RBFS's stored, backed-up F) or
// KeyLayer (local beam's depth, f breaking its ties); Tie is TieNone,
// TieNegG, TieH or TieF. The labels head the open table's two key
// columns.
type KeyRule struct {
	Priority      string `json:"priority"`
	Tie           string `json:"tie"`
	PriorityLabel string `json:"priorityLabel"`
	TieLabel      string `json:"tieLabel"`
}

// Value is one of a family's own values: its name in the event's JSON
// (stepper.Deepening, stepper.Bidirectional, stepper.BeamStep; "storedF" is
// a node record's F), the label a person reads and its unit (UnitCost: the
// problem's path cost; UnitDepth: moves from a root; UnitNodes;
// UnitIteration; "" for a word such as a side).
type Value struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Unit  string `json:"unit"`
}

// The families (viz.Family).
const (
	FamilyBestFirst     = "best-first"
	FamilyDepthFirst    = "depth-first"
	FamilyRBFS          = "rbfs"
	FamilyBidirectional = "bidirectional"
)

// The family strips of the page.
const (
	PanelStack         = "stack"
	PanelRBFS          = "rbfs"
	PanelBidirectional = "bidirectional"
	PanelBeam          = "beam"
)

// The evaluation functions.
const (
	EvalGH    = "g+h"
	EvalGWH   = "g+w·h"
	EvalH     = "h"
	EvalG     = "g"
	EvalDepth = "depth"
)

// The sort keys' parts.
const (
	KeyF       = "f"
	KeyStoredF = "F"
	KeyLayer   = "layer"
	TieNone    = ""
	TieNegG    = "-g"
	TieH       = "h"
	TieF       = "f"
)

// The numbers of a tree box.
const (
	BoxG       = "g"
	BoxH       = "h"
	BoxF       = "f"
	BoxDepth   = "d"
	BoxStoredF = "F"
)

// The units of a family value.
const (
	UnitCost      = "cost"
	UnitDepth     = "depth"
	UnitNodes     = "nodes"
	UnitIteration = "iteration"
)

// The statuses some families draw beyond the five (stepper.NodeStatus).
const (
	StatusCutoff    = "cutoff"
	StatusForgotten = "forgotten"
	StatusPruned    = "pruned"
)

// titles are the algorithms' names as a person reads them.
var titles = sync.OnceValue(func() map[stepper.Algorithm]string {
	return map[stepper.Algorithm]string{
		stepper.BFS: "breadth-first search", stepper.DFS: "depth-first search", stepper.DLS: "depth-limited search",
		stepper.IDS: "iterative deepening search", stepper.UCS: "uniform-cost search", stepper.Greedy: "greedy best-first search",
		stepper.AStar: "A*", stepper.WAStar: "weighted A*", stepper.Beam: "beam search", stepper.IDAStar: "IDA*",
		stepper.RBFS: "recursive best-first search", stepper.BiBFS: "bidirectional breadth-first search",
		stepper.BiUCS: "bidirectional uniform-cost search", stepper.BiAStar: "bidirectional A*",
	}
})

// FamilyOf is the family of an algorithm (Family.Family). O(1).
func FamilyOf(a stepper.Algorithm) string {
	switch a {
	case stepper.DFS, stepper.DLS, stepper.IDS, stepper.IDAStar:
		return FamilyDepthFirst
	case stepper.RBFS:
		return FamilyRBFS
	case stepper.BiBFS, stepper.BiUCS, stepper.BiAStar:
		return FamilyBidirectional
	}
	return FamilyBestFirst
}

// Describe is the family description of a search run with options o
// (normalized: stepper.Options.Normalize's defaults filled in). O(1).
func Describe(o stepper.Options) Family {
	f := Family{Algorithm: string(o.Algorithm), Title: titles()[o.Algorithm], Family: FamilyOf(o.Algorithm),
		Key: KeyRule{Priority: KeyF, Tie: TieNone, PriorityLabel: "f", TieLabel: "tie"}}
	f.Eval, f.Weight = eval(o)
	f.Heuristic = o.Algorithm.UsesHeuristic()
	f.Formula = formula(f.Eval)
	switch o.Tie {
	case stepper.TieHighG:
		f.Key.Tie = TieNegG
	case stepper.TieLowH:
		f.Key.Tie = TieH
	}
	switch f.Eval {
	case EvalDepth:
		f.Box, f.Compact = []string{BoxDepth, BoxG}, BoxDepth
	case EvalG: // f is g: the box shows it once
		f.Box, f.Compact = []string{BoxG}, BoxG
	default:
		f.Box, f.Compact = []string{BoxG, BoxH, BoxF}, BoxF
	}
	f.OpenTitle, f.OpenOrder = "Open list", "in pop order"
	switch o.Algorithm {
	case stepper.IDS, stepper.IDAStar:
		f.Panel, f.Legend = PanelStack, []string{StatusCutoff}
		f.OpenTitle, f.OpenOrder = "Stack", "top first"
		f.Values = []Value{{"iteration", "iteration", UnitIteration}}
		if o.Algorithm == stepper.IDS {
			f.Values = append(f.Values, Value{"limit", "depth limit", UnitDepth})
		} else {
			f.Values = append(f.Values, Value{"threshold", "threshold", UnitCost}, Value{"nextThreshold", "next threshold", UnitCost})
		}
	case stepper.DFS, stepper.DLS:
		f.OpenTitle, f.OpenOrder = "Stack", "top first"
	case stepper.RBFS:
		f.Panel, f.Legend = PanelRBFS, []string{StatusForgotten}
		f.Box = []string{BoxG, BoxStoredF, BoxF}
		f.Key.Priority, f.Key.PriorityLabel = KeyStoredF, "F"
		f.OpenTitle, f.OpenOrder = "Next node and the path's unexpanded children", "best stored F first"
		f.Values = []Value{{"fLimit", "f-limit", UnitCost}, {"storedF", "stored F", UnitCost}}
	case stepper.BiBFS, stepper.BiUCS, stepper.BiAStar:
		f.Panel = PanelBidirectional
		f.OpenTitle, f.OpenOrder = "Open lists, both directions", "next node first, then merged"
		unit := UnitCost
		if o.Algorithm == stepper.BiBFS { // it orders by depth: μ counts moves
			unit = UnitDepth
		}
		f.Values = []Value{{"direction", "side", ""}, {"mu", "μ", unit}, {"pathCost", "path cost", UnitCost}, {"epsilon", "ε", unit}}
	case stepper.Beam:
		f.Panel, f.Legend, f.Width = PanelBeam, []string{StatusPruned}, o.Width
		f.OpenTitle, f.OpenOrder = "Beam", "best f first; the rest pruned after each expansion"
		f.Values = []Value{{"width", "width", UnitNodes}, {"kept", "kept", UnitNodes}, {"prunedCount", "pruned", UnitNodes}}
		if o.Local {
			f.OpenTitle, f.OpenOrder = "Beam, layer by layer", "by layer, then f: this layer best first, then the next"
			f.Key = KeyRule{Priority: KeyLayer, Tie: TieF, PriorityLabel: "layer", TieLabel: "f"}
			f.Values = append(f.Values, Value{"layer", "layer", UnitDepth})
		}
	}
	return f
}

// eval is f of a search with options o, and w when f weighs h.
func eval(o stepper.Options) (string, float64) {
	switch o.Algorithm {
	case stepper.UCS, stepper.BiUCS:
		return EvalG, 0
	case stepper.Greedy:
		return EvalH, 0
	case stepper.AStar, stepper.IDAStar, stepper.RBFS, stepper.BiAStar:
		return EvalGH, 0
	case stepper.WAStar:
		return EvalGWH, o.Weight
	case stepper.Beam:
		switch {
		case o.F == "h":
			return EvalH, 0
		case o.Weight != 0:
			return EvalGWH, o.Weight
		}
		return EvalGH, 0
	}
	return EvalDepth, 0
}

// formula prints an evaluation function.
func formula(e string) string {
	if e == EvalDepth {
		return "priority = depth"
	}
	return "f = " + map[string]string{EvalGH: "g + h", EvalGWH: "g + w·h", EvalH: "h", EvalG: "g"}[e]
}

// Coefficients are f as g·G + h·H + depth·Depth: what a client multiplies
// a node's numbers by to get the f the engine ordered it by (every family
// but RBFS, whose key is the stored F). O(1).
func (f Family) Coefficients() (g, h, depth float64) {
	switch f.Eval {
	case EvalGH:
		return 1, 1, 0
	case EvalGWH:
		return 1, f.Weight, 0
	case EvalH:
		return 0, 1, 0
	case EvalG:
		return 1, 0, 0
	}
	return 0, 0, 1
}
