package wire

// heuristicTitles are the built-in heuristics' names (stepper's problems'
// Heuristics) as a person reads them.
var heuristicTitles = map[string]string{
	"manhattan":       "Manhattan distance",
	"misplaced":       "misplaced tiles",
	"linear-conflict": "Manhattan distance with linear conflicts",
	"octile":          "octile distance",
	"euclidean":       "Euclidean distance",
	"chebyshev":       "Chebyshev distance",
	"sld":             "straight-line distance",
	"table":           "the map's table of h",
	"zero":            "the zero heuristic (h = 0)",
}

// HeuristicTitle is heuristic name (a search line's h=) as a person reads
// it: "Manhattan distance" for manhattan, "straight-line distance" for
// sld; a heuristic of the student's own is "the heuristic NAME", and ""
// (no heuristic named) is "the problem's default heuristic". O(1).
func HeuristicTitle(name string) string {
	if t, ok := heuristicTitles[name]; ok {
		return t
	}
	if name == "" {
		return "the problem's default heuristic"
	}
	return "the heuristic " + name
}
