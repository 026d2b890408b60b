package script

// HeuristicWords says, in a student's words, what a heuristic written for
// a built-in problem kind sees (docs/scripts.md's table): its state s and
// the globals it may read, in the order the script is given them. Pages
// show it beside a heuristic's editor; TestHeuristicWordsNameTheGlobals
// keeps its names those the script is given.
type HeuristicWords struct {
	Kind    string // the problem kind: "puzzle", "grid" or "graph"
	Title   string // the kind as a student knows it
	State   string // what s is
	Globals []GlobalWords
	Example string // a def h_NAME(s) for the kind, one line
}

// GlobalWords is one global a heuristic may read and what it holds.
type GlobalWords struct{ Name, Means string }

// HeuristicKinds returns the words for each kind that takes added
// heuristics, in the order puzzle, grid, graph. The slice is new on each
// call.
func HeuristicKinds() []HeuristicWords {
	return []HeuristicWords{
		{
			Kind: "puzzle", Title: "Sliding puzzle",
			State:   "a tuple of tiles, row by row, 0 the blank: (2, 8, 3, 1, 6, 4, 7, 0, 5)",
			Globals: []GlobalWords{{"goal", "the goal, a tuple of tiles"}, {"size", "N, the board's side"}},
			Example: "def h_tiles(s): return len([i for i in range(len(s)) if s[i] != 0 and s[i] != goal[i]])",
		},
		{
			Kind: "grid", Title: "Grid",
			State: "the cell (x, y), x the column, y the row, from the top left",
			Globals: []GlobalWords{{"goal", "the goal cell (x, y)"}, {"moves", "4 or 8"},
				{"cost", `"unit" (straight 1, diagonal √2) or "10-14" (10 and 14)`}, {"width", "columns"}, {"height", "rows"}},
			Example: "def h_taxi(s): return abs(s[0] - goal[0]) + abs(s[1] - goal[1])",
		},
		{
			Kind: "graph", Title: "Romania (a graph)",
			State:   `the node's name, on Romania the city's: "Arad"`,
			Globals: []GlobalWords{{"goal", "the goal's name"}, {"coords", "a dict name → (x, y), for the nodes that have coordinates"}},
			Example: "def h_air(s): return math.hypot(coords[s][0] - coords[goal][0], coords[s][1] - coords[goal][1])",
		},
	}
}
