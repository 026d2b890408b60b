package templates

import "stepviz/stepper"

// Example is one ready-made session offered on the landing page.
type Example struct {
	Name    string // the form value; also the card's data-testid suffix
	Title   string
	Blurb   string
	Problem string // the problem line
	Options string // the search line
}

// FormValues are the landing form's fields as last submitted, so a page
// that reports an error keeps what the user typed.
type FormValues struct {
	// Source is "example", "puzzle", "grid", "graph", "line" or "script".
	Source, Example                                                          string
	Puzzle, PuzzleGoal                                                       string
	GridMap, GridRows, GridStart, GridGoal, GridMoves, GridCost, GridCorners string
	GraphStart, GraphGoal                                                    string
	Line                                                                     string
	// Script is a Starlark problem (docs/scripts.md) and ScriptParams its
	// name=value globals: the server takes the text, never a file name.
	Script, ScriptParams string
	// ScriptExample names a built-in example script (examples/scripts) to
	// run instead of Script; "" for Script.
	ScriptExample string
	// Heuristics is a Starlark file of the student's own def h_NAME(s)
	// functions added to a built-in problem (every source but "script",
	// which defines its own); "" for none. docs/scripts.md says what s is.
	Heuristics string
	// Options holds the search option fields by their option names
	// (algo, h, w, tie, goaltest, open, closed, tree, depth, order,
	// duplicates, maxnodes).
	Options map[string]string
}

// HeuristicView is what a heuristic written on the landing form sees for
// one problem kind (the script package's words, script.HeuristicKinds),
// shown beside the field.
type HeuristicView struct {
	Kind, Title, State, Example string
	Globals                     [][2]string // name, what it holds
}

// LandingData is everything the landing page shows.
type LandingData struct {
	// HeuristicViews says, for each kind that takes the student's own
	// heuristics, what s is and which globals they may read.
	HeuristicViews []HeuristicView
	Examples       []Example
	Form           FormValues
	// Error is the reason the last submission was refused (the engine's
	// own words), shown next to ErrorField ("problem" or an option name).
	Error, ErrorField string
	// Heuristics lists the heuristic names by problem kind, defaults first.
	Heuristics map[string][]string
	Cities     []string // Romania's cities, for the graph start and goal
	Sessions   int
	Max        int // the most sessions the server holds
	MaxNodes   int // the node limit per session
	// Rooms is set when the server keeps rooms (it has a database).
	Rooms  bool
	Static string // the static files' version, for cache busting
	// Maps are the Moving AI maps built into the binary, for the grid's
	// map picker.
	Maps []MapChoice
	// Scripts are the example Starlark scripts built into the binary.
	Scripts []ScriptChoice
	// Notebooks names the example notebooks the web notebook opens
	// (/notebook/examples/NAME).
	Notebooks []string
}

// Row is one node in the open or closed table.
type Row struct {
	stepper.NodeInfo
	Key      stepper.Key
	Next     bool // the node the search expands next
	Tie      bool // tied with the next node on priority
	Position int  // 1-based place in the list
	// ParentState is the parent's state ("" for the root).
	ParentState string
}

// SessionData is everything the session page's first paint shows.
type SessionData struct {
	ID        string
	Presenter bool
	// Exports is the download menu: the trace up to the step shown, in
	// every export format.
	Exports []ExportLink
	// HeuristicHref, when the search uses a heuristic, is the report on
	// whether it is admissible and consistent (GET /s/{id}/heuristic).
	HeuristicHref string
	// FollowerURL is the read-only link; PresenterURL carries the key and
	// is set only on the presenter's page.
	FollowerURL, PresenterURL string
	// LoopbackOnly, set on the presenter's page only, is the command that
	// serves the class: the server listens on this computer only, and no
	// follower on another device can open FollowerURL.
	LoopbackOnly        string
	WSURL               string
	Kind, Spec, Options string
	Warnings            []string
	Step                int
	Status              string
	Counters            stepper.Counters
	Narration           string
	// TreeSVG and ProblemSVG are the server-drawn SVG of the search tree
	// and the problem view (trusted markup from package viz).
	TreeSVG, ProblemSVG string
	Legend              []LegendEntry
	Open                []Row // the first rows of the open list, in pop order
	OpenTotal           int
	Closed              []Row // the last rows of the closed list
	ClosedTotal         int
	Path                []int
	Static              string

	// Layered says the open list is local beam's: its key columns are the
	// layer (depth) and f, not f and the tie rule's key.
	Layered bool
	// Numbers are the tables' classes for a search without a heuristic
	// (wire.Family.Heuristic): "no-h" hides the h columns, "no-f" the f
	// columns that are not the depth ("" for a search with one;
	// static/family.js sets the same from hello.problem.family).
	Numbers string
}

// InspectorNumbers names the numbers the inspector shows of a node, as
// its placeholder lists them: g, h term by term, f and the depth for a
// search with a heuristic, g and the depth without one (Numbers not "":
// viz.NumberColumns). static/family.js inspectorNumbers writes the same
// from hello.problem.family. O(1).
func (d SessionData) InspectorNumbers() string {
	if d.Numbers == "" {
		return "g, h and its breakdown, f, depth"
	}
	return "g, depth"
}

// LegendEntry is one colour of the tree and grid.
type LegendEntry struct {
	Status, Label, Colour string
}

// ExportLink is one entry of the session page's download menu. The page's
// script adds &step=K for the step shown.
type ExportLink struct {
	Name, Description, Href string
}

// MapChoice is one embedded map the landing form offers.
type MapChoice struct{ Name, Title, Start, Goal string }

// DefaultScript is the landing form's example script: the water jugs
// (examples/scripts/jugs.star, whose known optimum is 6 actions).
const DefaultScript = `# The water jugs: measure target litres with jugs of capacities caps.
caps = param("caps", (3, 5))
target = param("target", 4)

start = tuple([0 for c in caps])

def is_goal(s):
    return target in s

def successors(s):
    out = []
    for i in range(len(caps)):
        if s[i] < caps[i]:
            out.append(("fill %d" % caps[i], s[:i] + (caps[i],) + s[i + 1:]))
        if s[i] > 0:
            out.append(("empty %d" % caps[i], s[:i] + (0,) + s[i + 1:]))
        for j in range(len(caps)):
            if i != j and s[i] > 0 and s[j] < caps[j]:
                amount = min(s[i], caps[j] - s[j])
                t = list(s)
                t[i] -= amount
                t[j] += amount
                out.append(("pour %d>%d" % (caps[i], caps[j]), tuple(t)))
    return out

def h_one(s):
    return 0 if is_goal(s) else 1

def format(s):
    return "/".join([str(x) for x in s])
`

// ScriptChoice is an example script of the landing form: its file name,
// a title with its known optimum, and the globals it runs with.
type ScriptChoice struct{ Name, Title, Params string }
