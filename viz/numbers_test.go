package viz

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// hWords finds an h or f a node's box or tooltip writes ("h 0", "f 7").
var hWords = regexp.MustCompile(`(^|[ ,:])[hf] -?\d`)

// TestTreeSVGShowsNoHWithoutAHeuristic: the tree picture's boxes and
// tooltips of a search without a heuristic write g (and its depth, for a
// depth-ordered one), never "h 0" or an f; a search with one writes g, h
// and f. Romania's routes and the 8-puzzle's column of numbers both.
func TestTreeSVGShowsNoHWithoutAHeuristic(t *testing.T) {
	for _, tc := range []struct {
		problem, options string
		heuristic        bool
	}{
		{romania, "bfs", false}, {romania, "dfs", false}, {romania, "dls depth=2", false}, {romania, "ids", false},
		{romania, "ucs", false}, {romania, "bibfs", false}, {romania, "biucs", false}, {puzzle8, "bfs", false},
		{puzzle8, "ucs", false}, {romania, "astar", true}, {romania, "greedy", true}, {puzzle8, "astar", true},
	} {
		t.Run(tc.problem+"/"+tc.options, func(t *testing.T) {
			s, o := search(t, tc.problem, tc.options, 4)
			root, _ := render(t, func(b *bytes.Buffer) error {
				return TreeSVG(b, s.Instance(), s.Snapshot(), TreeOptions{Algorithm: o.Algorithm, Detail: DetailFull})
			})
			nodes := root.all(func(e *elem) bool { return e.Name == "g" && e.Attrs["data-testid"] == "tree-node" })
			if len(nodes) < 3 {
				t.Fatalf("%d nodes drawn after 4 steps", len(nodes))
			}
			for _, n := range nodes {
				checkNodeWords(t, n, tc.heuristic)
			}
		})
	}
}

// checkNodeWords checks the texts and the tooltip of one node's box: g
// always, h and f exactly when the search has a heuristic.
func checkNodeWords(t *testing.T, n *elem, heuristic bool) {
	t.Helper()
	var g, hf bool
	for _, e := range n.all(func(e *elem) bool { return e.Name == "text" || e.Name == "title" }) {
		s := e.text()
		g = g || regexp.MustCompile(`(^| )g -?\d`).MatchString(s)
		if hWords.MatchString(s) {
			hf = true
			if !heuristic {
				t.Errorf("node %s: %s %q writes an h or f, yet the search has no heuristic", n.Attrs["data-id"], e.Name, s)
			}
		}
	}
	if !g {
		t.Errorf("node %s writes no g", n.Attrs["data-id"])
	}
	if heuristic && !hf {
		t.Errorf("node %s writes no h or f, yet the search has a heuristic", n.Attrs["data-id"])
	}
}

// TestCutoffWordsWithoutAHeuristic: the family lines name a depth-limited
// search's cut-off nodes with their depth, IDA*'s with their f.
func TestCutoffWordsWithoutAHeuristic(t *testing.T) {
	for _, tc := range []struct {
		options string
		steps   int
		want    *regexp.Regexp
	}{
		{"ids", 5, regexp.MustCompile(`^cut off: (\w+ depth \d+(, |$))+`)},
		{"dls depth=1", 2, regexp.MustCompile(`^cut off: (\w+ depth \d+(, |$))+`)},
		{"idastar", 6, regexp.MustCompile(`^cut off: (\w+ f \d+(, |$))+`)},
	} {
		t.Run(tc.options, func(t *testing.T) {
			s, o := search(t, romania, tc.options, tc.steps)
			var line string
			for _, l := range FamilyLines(s.Snapshot(), o, nil, nil) {
				if strings.HasPrefix(l, "cut off: ") {
					line = l
				}
			}
			if !tc.want.MatchString(line) {
				t.Errorf("cut-off line %q, want it to match %s", line, tc.want)
			}
		})
	}
}
