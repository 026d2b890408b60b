package room

import (
	"strings"
	"testing"

	persist "stepviz/store"
	"stepviz/wire"
)

// TestPollQuestionWords: a poll's question names its search and problem in
// words a class reads on the projector: the algorithm and heuristic by
// name (the default heuristic by what it is), the problem as the pages
// name it, never a search line's options or a grid's rows.
func TestPollQuestionWords(t *testing.T) {
	const grid = "grid S......../..###..../........G moves=4 cost=unit corners=no"
	for _, tc := range []struct {
		name, problem, options string
		search, problemWords   string // the words every question names them by
		heuristic              string // the admissibility question's heuristic
	}{
		{"romania A*", "graph romania", "astar h=sld", "A* with straight-line distance", "Romania", "straight-line distance"},
		{"romania default h", "graph romania", "astar", "A* with straight-line distance", "Romania", "straight-line distance"},
		{"romania other goal", "graph romania goal=Craiova", "ucs", "uniform-cost search", "Romania from Arad to Craiova", "Euclidean distance"},
		{"romania bfs", "graph romania", "bfs", "breadth-first search", "Romania", "straight-line distance"},
		{"grid default h", grid, "astar", "A* with Manhattan distance", "this 9×3 grid", "Manhattan distance"},
		{"grid lifo ties", grid, "astar h=octile tie=lifo", "A* with octile distance (ties: newest first)", "this 9×3 grid", "octile distance"},
		{"grid beam", grid, "beam width=2 h=euclidean", "beam search (width 2) with Euclidean distance", "this 9×3 grid", "Euclidean distance"},
		{"puzzle weighted", "puzzle 283164705 goal=123804765", "wastar w=2 h=misplaced", "weighted A* (w = 2) with misplaced tiles", "this 8-puzzle", "misplaced tiles"},
		{"puzzle bidirectional", "puzzle 283164705 goal=123804765", "bibfs", "bidirectional breadth-first search", "this 8-puzzle", "Manhattan distance"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSearch(t, tc.problem, tc.options)
			s.Run(3)
			for _, c := range []struct {
				cmd  Cmd
				want string
			}{
				{Cmd{Kind: PollNext}, "Step 3 of " + tc.search + " on " + tc.problemWords + ": which node is expanded next?"},
				{Cmd{Kind: PollF, Node: 0}, "Step 3 of " + tc.search + " on " + tc.problemWords + ": what is "},
				{Cmd{Kind: PollAdmissible, Answer: "yes"}, "Is " + tc.heuristic + " admissible on " + tc.problemWords + "?"},
			} {
				var p persist.Poll
				if _, err := pollAt(s, c.cmd, &p); err != nil {
					t.Fatalf("%s poll: %v", c.cmd.Kind, err)
				}
				checkQuestionWords(t, p.Question, c.want, tc.problem)
			}
		})
	}
}

// checkQuestionWords fails unless question starts with want and holds no
// option of a search line, no algorithm's option name and no row of the
// problem line.
func checkQuestionWords(t *testing.T, question, want, problem string) {
	t.Helper()
	if !strings.HasPrefix(question, want) {
		t.Errorf("question %q; want it to begin %q", question, want)
	}
	for _, jargon := range []string{"h=", "tie=", "moves=", "cost=", "corners=", "w=", "width=", "goal=", "astar", "wastar", "bibfs", "sld", "the default heuristic"} {
		if strings.Contains(question, jargon) {
			t.Errorf("question %q says %q: a class reads words, not a search line", question, jargon)
		}
	}
	for _, row := range strings.Split(strings.Fields(problem)[1], "/") {
		if len(row) > 3 && strings.Contains(question, row) && !strings.HasPrefix(problem, "puzzle") {
			t.Errorf("question %q holds the problem line's row %q", question, row)
		}
	}
}

// TestEveryHeuristicHasWords: every heuristic a built-in problem offers
// has its name in words (wire.HeuristicTitle), so that no question falls
// back to "the heuristic NAME" for one of the program's own.
func TestEveryHeuristicHasWords(t *testing.T) {
	for _, problem := range []string{"graph romania", "graph romania goal=Craiova", "puzzle 283164705 goal=123804765",
		"grid S......../..###..../........G moves=4", "grid S......../..###..../........G moves=8"} {
		s := newSearch(t, problem, "bfs")
		for _, h := range s.Instance().Heuristics() {
			if w := wire.HeuristicTitle(h); strings.HasPrefix(w, "the heuristic ") {
				t.Errorf("%s offers heuristic %s, which has no words: %q", problem, h, w)
			}
		}
	}
}
