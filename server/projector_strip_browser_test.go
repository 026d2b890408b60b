package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// stripPlaced is JavaScript checking the family strip on the screen: shown,
// wholly inside the viewport, its text neither clipped nor ellipsised, and
// clear of the narration and of every pane. "" when it is.
const stripPlaced = `(() => {
	const s = document.getElementById("family-strip");
	if (!s || s.hidden) return "no strip shown";
	const r = s.getBoundingClientRect(), cs = getComputedStyle(s), bad = [];
	if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) bad.push("spans " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " of a " + innerWidth + "x" + innerHeight + " screen");
	if (s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1) bad.push("its text is cut: " + s.scrollWidth + "x" + s.scrollHeight + " in " + s.clientWidth + "x" + s.clientHeight);
	if (cs.textOverflow === "ellipsis" && cs.overflow !== "visible") bad.push("its text ends in an ellipsis");
	for (const e of document.querySelectorAll("#narration, #main > .pane, #tree")) {
		const q = e.getBoundingClientRect();
		if (q.height > 0 && r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) bad.push("over " + (e.id ? "#" + e.id : e.className) + " (" + [q.top, q.bottom].map(Math.round) + " against " + [r.top, r.bottom].map(Math.round) + ")");
	}
	return bad.join("; ");
})()`

// TestProjectorFamilyStrip: in projector mode on a true 1280×720 screen,
// the strip of a bidirectional search (the meeting cost μ, the tops, the
// stop rule), of IDA* (threshold, next threshold, the path searched), of
// RBFS and of beam search is shown whole, with none of its text cut, and
// lies over neither the narration nor the tree nor any other pane, while
// the tree keeps a usable height.
func TestProjectorFamilyStrip(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, problem, options string
		steps                  int
	}{
		{"romania-bibfs", "graph romania", "bibfs", 3},
		{"romania-biastar", "graph romania", "biastar", 5},
		{"grid-biastar", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "biastar", 6},
		{"romania-idastar", "graph romania", "idastar", 9},
		{"romania-rbfs", "graph romania", "rbfs", 6},
		{"romania-beam", "graph romania", "beam width=2", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			openProjector(t, ctx, srv, ts, tc.problem, tc.options)
			for k := 1; k <= tc.steps; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
					t.Fatal(err)
				}
				if msg := eval[string](t, ctx, stripPlaced); msg != "" {
					screenshot(t, ctx, "projector-strip-"+tc.name+".png")
					t.Fatalf("step %d: the family strip %s", k, msg)
				}
			}
			_ = chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond))
			screenshot(t, ctx, fmt.Sprintf("projector-strip-%s.png", tc.name))
			if h := eval[float64](t, ctx, `document.getElementById("tree").getBoundingClientRect().height`); h < 250 {
				t.Errorf("the tree is %.0f px tall under the strip", h)
			}
		})
	}
}
