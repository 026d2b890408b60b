package export

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper/game"
)

// TestGameSVGFitsAPage: a game tree wider than MaxGameSVGWidth (nim's
// minimax tree, a root of twenty moves, tic-tac-toe part way) is drawn no
// wider than that, every node inside the drawing, with the principal
// variation and the current path whole and a note of what is cut; the
// html export's frames are the same drawings. A tree that fits (AIMA Fig.
// 5.5) is drawn whole.
func TestGameSVGFitsAPage(t *testing.T) {
	widthRE := regexp.MustCompile(`<svg [^>]*viewBox="0 0 ([0-9.]+) [0-9.]+" width="([0-9.]+)"`)
	for _, c := range []struct {
		problem, search string
		upTo            int
		folded          bool
	}{
		{"nim 2,3", "minimax", ToEnd, true},
		{"gametree [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]", "minimax", ToEnd, true},
		{"tictactoe", "alphabeta", 60, true},
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", ToEnd, false},
	} {
		t.Run(c.problem, func(t *testing.T) {
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
			if l.w > MaxGameSVGWidth {
				t.Errorf("the tree is laid out %g px wide, more than %g", l.w, MaxGameSVGWidth)
			}
			drawn := map[int]bool{}
			for i, n := range l.all {
				drawn[n.ID] = true
				if l.x[i] < 0 || l.x[i] > l.w {
					t.Errorf("node %s at x=%g, outside the drawing's 0..%g", n.State, l.x[i], l.w)
				}
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
					if w > MaxGameSVGWidth || box != w {
						t.Errorf("%s: a drawing %s px wide (viewBox %s), more than %g", format, m[2], m[1], MaxGameSVGWidth)
						break
					}
				}
			}
		})
	}
}
