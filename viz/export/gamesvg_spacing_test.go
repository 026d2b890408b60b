package export

import (
	"testing"

	"stepviz/stepper/game"
)

// TestGameSpacingKeepsNeighboursApart lays out the drawings of
// gameNoteCases and checks, by the spans the layout allows each node
// (gameNodeSpan), that every two neighbours of a level are gameApart or
// more apart, that every node lies gameMargin or more inside the
// drawing's width, that a parent is centred over its children and that
// the drawing is no wider than MaxGameSVGWidth/gameMinScale.
func TestGameSpacingKeepsNeighboursApart(t *testing.T) {
	for _, c := range gameNoteCases {
		t.Run(c.name(), func(t *testing.T) {
			g, o := gameOf(t, c.problem, c.search)
			v, err := game.ViewAt(g, o, c.at())
			if err != nil {
				t.Fatal(err)
			}
			l, err := layoutGame(v)
			if err != nil {
				t.Fatal(err)
			}
			if l.w > MaxGameSVGWidth/gameMinScale {
				t.Errorf("laid out %g px wide, more than %g", l.w, MaxGameSVGWidth/gameMinScale)
			}
			checkSpacing(t, l)
		})
	}
}

// checkSpacing checks l's nodes against their neighbours of a level, the
// drawing's edges and their children (see
// TestGameSpacingKeepsNeighboursApart).
func checkSpacing(t *testing.T, l *gameLayout) {
	t.Helper()
	last := map[int]int{} // the node last seen at each depth, left to right
	var visit func(i int)
	visit = func(i int) {
		n := &l.all[i]
		left, right := gameNodeSpan(n, l.board)
		if l.x[i]-left < gameMargin-1e-9 || l.x[i]+right > l.w-gameMargin+1e-9 {
			t.Errorf("node %q spans x %g..%g, outside the drawing's %g..%g", n.State, l.x[i]-left, l.x[i]+right, gameMargin, l.w-gameMargin)
		}
		if j, ok := last[n.Depth]; ok {
			_, r := gameNodeSpan(&l.all[j], l.board)
			if gap := (l.x[i] - left) - (l.x[j] + r); gap < gameApart-1e-9 {
				t.Errorf("nodes %q and %q are %.1f px apart, want %g or more", l.all[j].State, n.State, gap, gameApart)
			}
		}
		last[n.Depth] = i
		if k := l.kids[i]; len(k) > 0 {
			if mid := (l.x[k[0]] + l.x[k[len(k)-1]]) / 2; mid-l.x[i] > 1e-9 || l.x[i]-mid > 1e-9 {
				t.Errorf("node %q at x %g, not centred over its children (%g)", n.State, l.x[i], mid)
			}
		}
		for _, k := range l.kids[i] {
			visit(k)
		}
	}
	if len(l.all) > 0 {
		visit(0)
	}
}
