package export

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper/game"
)

// TestGameSVGFitsAPage: a game tree wider than MaxGameSVGWidth (nim's
// minimax tree, a root of sixteen or twenty-five moves, tic-tac-toe part
// way) is drawn no wider than that, scaled by gameMinScale at most, and
// a tree too wide for that is folded: every move at the root drawn when
// they fit, every node inside the drawing, the principal variation and
// the current path whole, and a note of what is cut. The html export's
// frames are the same drawings. A tree that fits (AIMA Fig. 5.5) is
// drawn whole.
func TestGameSVGFitsAPage(t *testing.T) {
	widthRE := regexp.MustCompile(`<svg [^>]*viewBox="0 0 ([0-9.]+) [0-9.]+" width="([0-9.]+)"`)
	for _, c := range []struct {
		problem, search string
		upTo            int
		folded          bool
		roots           bool // every move at the root drawn
	}{
		{"nim 2,3", "minimax", ToEnd, true, true},
		{"gametree [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]", "minimax", ToEnd, false, true}, // drawn whole, scaled down
		{"gametree [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]", "minimax", ToEnd, true, false},
		{"tictactoe", "alphabeta", 60, false, true},
		{"tictactoe", "alphabeta", 390, true, true},
		{"nim 3,4,5", "alphabeta", 400, true, true},
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", ToEnd, false, true},
	} {
		t.Run(fmt.Sprintf("%s@%d", c.problem, c.upTo), func(t *testing.T) {
			g, o := gameOf(t, c.problem, c.search)
			at := c.upTo
			if at == ToEnd {
				at = 1 << 20 // past the end: the end
			}
			v, err := game.ViewAt(g, o, at)
			if err != nil {
				t.Fatal(err)
			}
			l, err := layoutGame(v)
			if err != nil {
				t.Fatal(err)
			}
			if l.w > MaxGameSVGWidth/gameMinScale {
				t.Errorf("the tree is laid out %g px wide, more than %g", l.w, MaxGameSVGWidth/gameMinScale)
			}
			drawn := map[int]bool{}
			for i, n := range l.all {
				drawn[n.ID] = true
				if l.x[i] < 0 || l.x[i] > l.w {
					t.Errorf("node %s at x=%g, outside the drawing's 0..%g", n.State, l.x[i], l.w)
				}
			}
			roots := 0
			for _, n := range l.all {
				if n.Depth == 1 {
					roots++
				}
			}
			want := 0
			for _, n := range append(append([]game.ViewNode(nil), v.Nodes...), v.Cut...) {
				if n.Depth == 1 {
					want++
				}
			}
			if c.roots && roots < want {
				t.Errorf("%d of the root's %d moves drawn", roots, want)
			}
			for _, id := range append(append([]int(nil), v.PV...), v.Path...) {
				if !drawn[id] {
					t.Errorf("node %d of the principal variation or the current path is not drawn", id)
				}
			}
			if (l.note != "") != c.folded || c.folded && !strings.Contains(l.note, "to fit a page") {
				t.Errorf("folded %v, want %v: note %q", l.note != "", c.folded, l.note)
			}
			for _, format := range []string{"svg", "html"} {
				doc := gameExport(t, g, o, format, c.upTo)
				sizes := widthRE.FindAllStringSubmatch(doc, -1)
				if len(sizes) == 0 {
					t.Fatalf("%s: no drawing", format)
				}
				for _, m := range sizes {
					box, _ := strconv.ParseFloat(m[1], 64)
					w, _ := strconv.ParseFloat(m[2], 64)
					if w > MaxGameSVGWidth || w < box*gameMinScale-0.01 || w > box {
						t.Errorf("%s: a drawing %s px wide (viewBox %s): want at most %g, scaled by %g or more", format, m[2], m[1], MaxGameSVGWidth, gameMinScale)
						break
					}
				}
			}
		})
	}
}
