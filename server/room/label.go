package room

import (
	"fmt"
	"strconv"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
	"stepviz/wire"
)

// searchLabel is how a room names one of its searches to people: its
// search line with only what differs from the algorithm's defaults
// ([stepper.Options.Short]), so that two searches side by side that
// differ in a tie rule say so. The node cap is left out: it is the
// server's limit, not a variant of the search. A stored line that no
// longer parses is shown as it is. O(length of the line).
func searchLabel(options string) string {
	o, err := stepper.ParseOptions(options)
	if err != nil {
		return options
	}
	o.MaxNodes = stepper.DefaultMaxNodes
	return o.Short()
}

// searchWords is how a poll's question names the search it asks about, in
// the words a class reads on the projector and their phones: the
// algorithm's title ([wire.Family.Title]) with its number (w, width, depth
// limit), the heuristic by name ([wire.HeuristicTitle]) for a search that
// uses one, and the tie rule when it is not the algorithm's default, so
// that two searches side by side that differ only there are asked about
// apart: "A* with Manhattan distance (ties: newest first)". o is the
// live search's options (the default heuristic filled in). O(1).
func searchWords(o stepper.Options) string {
	fam := wire.Describe(o)
	w := fam.Title
	if w == "" {
		w = string(o.Algorithm)
	}
	switch {
	case fam.Eval == wire.EvalGWH:
		w += " (w = " + strconv.FormatFloat(o.Weight, 'g', -1, 64) + ")"
	case fam.Width > 0 && o.Local:
		w = "local " + w + " (width " + strconv.Itoa(fam.Width) + ")"
	case fam.Width > 0:
		w += " (width " + strconv.Itoa(fam.Width) + ")"
	case o.Algorithm == stepper.DLS:
		w += " (depth limit " + strconv.Itoa(o.Depth) + ")"
	}
	if fam.Heuristic {
		w += " with " + wire.HeuristicTitle(o.Heuristic)
	}
	if d, err := (stepper.Options{Algorithm: o.Algorithm}).Normalize(); err == nil && o.Tie != d.Tie {
		w += " (ties: " + tieWords[o.Tie] + ")"
	}
	return w
}

// tieWords are the tie rules as a question words them.
var tieWords = map[stepper.TieRule]string{
	stepper.TieFIFO:  "oldest first",
	stepper.TieLIFO:  "newest first",
	stepper.TieHighG: "larger g first",
	stepper.TieLowH:  "smaller h first",
}

// problemWords is how a poll's question names the problem its search
// runs on, as the pages name it: Romania (with its start and goal when
// they are not Arad and Bucharest), a map by its start and goal, "this
// 9×3 grid" (the problem view's caption), "this 8-puzzle" (its board is
// on the screen, and a 24-puzzle's start would fill the poll); any other
// problem is "this problem". Never the problem line: a grid's rows mean
// nothing read aloud. O(1).
func problemWords(inst stepper.Instance) string {
	switch p := inst.(type) {
	case *graph.Graph:
		ends := " from " + p.StartName() + " to " + p.GoalName()
		if p.Source() == "romania" {
			if !strings.Contains(p.Spec(), "start=") && !strings.Contains(p.Spec(), "goal=") {
				return "Romania"
			}
			return "Romania" + ends
		}
		return "the map" + ends
	case *grid.Grid:
		return fmt.Sprintf("this %d×%d grid", p.Width(), p.Height())
	case *puzzle.Puzzle:
		return fmt.Sprintf("this %d-puzzle", p.Size()*p.Size()-1)
	}
	return "this problem"
}

// heuristicWords names the heuristic an admissibility poll asks about:
// the search's own (the default one filled in), else, for a search that
// orders by none, the problem's default (its first). O(heuristics).
func heuristicWords(s *stepper.Search) string {
	name := s.Options().Heuristic
	if name == "" {
		if hs := s.Instance().Heuristics(); len(hs) > 0 {
			name = hs[0]
		}
	}
	return wire.HeuristicTitle(name)
}
