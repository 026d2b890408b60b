package room

import (
	"strconv"
	"strings"
	"testing"

	persist "stepviz/store"
)

// TestFPollAnswerIsShown: an f poll's right answer is the number the
// page's tables and trees write for the node (the rounding rule), so a
// student who types what they read, or works it out in full, is right;
// and the question names the number as the page's column does.
func TestFPollAnswerIsShown(t *testing.T) {
	for _, tc := range []struct {
		name, problem, options string
		asks                   string // the question's words for the number
	}{
		{"octile A*", "grid S............/............./............./............G moves=8", "astar h=octile", "what is f of node"},
		{"romania A*", "graph romania", "astar h=sld", "what is f of node"},
		{"uniform cost", "graph romania", "ucs", "what is g of node"},
		{"breadth first", "graph romania", "bfs", "what is the depth of node"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSearch(t, tc.problem, tc.options)
			s.Run(6)
			for id := range s.NodeCount() {
				n := s.Node(id)
				var p persist.Poll
				if _, err := pollAt(s, Cmd{Kind: PollF, Node: id}, &p); err != nil {
					t.Fatal(err)
				}
				shown := n.Shown().F
				if p.Answer != shown {
					t.Fatalf("node %d: the poll's right answer is %q; the page writes its f as %q", id, p.Answer, shown)
				}
				typed, err := strconv.ParseFloat(shown, 64)
				if err != nil {
					t.Fatal(err)
				}
				if got := normalNumber(typed); got != p.Answer {
					t.Errorf("node %d: an answer of %s, as the page writes it, counts as %q, not the right answer %q", id, shown, got, p.Answer)
				}
				if !strings.Contains(p.Question, tc.asks) {
					t.Fatalf("question %q; want it to ask %q", p.Question, tc.asks)
				}
			}
		})
	}
}
