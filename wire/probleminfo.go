package wire

// ProblemInfo describes the instance searched, enough for a client (the
// live viewer, or the standalone HTML replay) to draw the problem view and
// to order the open list: the board size, the grid's cells or the graph's
// map, and the evaluation function.
type ProblemInfo struct {
	Kind     string   `json:"kind"`
	Spec     string   `json:"spec"`
	Options  string   `json:"options"`
	Warnings []string `json:"warnings,omitempty"`
	// Frontier is how the open list is ordered: "fifo", "lifo" or
	// "priority"; the lecture server also names the families whose open
	// list is something else: "stack" (ids, idastar: the stack, top
	// first), "rbfs" (the next node, then the path's unexpanded children
	// by f) and "bidirectional" (the next node, then both open lists).
	Frontier string `json:"frontier"`
	// Ext says that the lecture server's node records carry the ext byte
	// (full base fate, backward tree, RBFS's F): docs/protocol.md.
	Ext bool   `json:"ext,omitempty"`
	Tie string `json:"tie"`
	// Layered says the priority queue is local beam search's: ordered by
	// depth (the layer) first, then by f, so an open node's sort key is
	// {priority: depth, tie: f, seq} (stepper.OpenKey).
	Layered bool `json:"layered,omitempty"`
	// F is the evaluation function: f = g·F.G + h·F.H + depth·F.Depth
	// (Family.Coefficients).
	F FCoef `json:"f"`
	// Family is the search's family description (DescribeFamily): its
	// algorithm, formula, sort key, box numbers, own values and labels, which
	// the page renders instead of knowing algorithms by name.
	Family Family `json:"family"`
	// Puzzle.
	Size      int   `json:"size,omitempty"`
	GoalTiles []int `json:"goalTiles,omitempty"`
	// Grid: Cells is Height rows of Width costs (0 = wall).
	Width  int     `json:"width,omitempty"`
	Height int     `json:"height,omitempty"`
	Cells  [][]int `json:"cells,omitempty"`
	Start  string  `json:"start,omitempty"`
	Goal   string  `json:"goal,omitempty"`
	// Graph.
	Nodes []MapNode `json:"nodes,omitempty"`
	Edges []MapEdge `json:"edges,omitempty"`
}

// FCoef are the coefficients of the evaluation function f.
type FCoef struct {
	G     float64 `json:"g"`
	H     float64 `json:"h"`
	Depth float64 `json:"depth"`
}

// MapNode is one city of a graph's map; X and Y are meaningful only when
// HasXY is set.
type MapNode struct {
	Name  string  `json:"name"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	HasXY bool    `json:"hasXY"`
}

// MapEdge is one road of a graph's map.
type MapEdge struct {
	From string  `json:"from"`
	To   string  `json:"to"`
	Cost float64 `json:"cost"`
}

// Status is how a drawing shows a node. It refines the engine's
// [stepper.NodeStatus] with what a viewer cares about: the node expanded
// last, and the nodes on the solution path.
type Status string

// LegendEntry says how one status is drawn. Colours come from the Okabe–Ito
// palette, safe for every common colour-vision deficiency; Letter, Dash and
// Width tell the statuses apart on a black-and-white printout.
type LegendEntry struct {
	Status Status `json:"status"`
	// Label is the legend's words for the status.
	Label string `json:"label"`
	// Letter is the badge drawn on a tree node.
	Letter string `json:"letter"`
	// Stroke is the outline colour and Fill a light tint of it (#rrggbb).
	Stroke string `json:"stroke"`
	Fill   string `json:"fill"`
	// Dash is an SVG stroke-dasharray ("" for a solid line); Width the
	// outline's width in pixels at the tree's normal scale.
	Dash  string  `json:"dash"`
	Width float64 `json:"width"`
	// Double is set when the outline is drawn twice (a ring around the box).
	Double bool `json:"double,omitempty"`
}
