package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestProjectorGridKey: in projector mode on a true 1280×720 screen a
// grid's key under its map ("Each cell: F top left, ...") is read whole:
// inside the problem pane and the screen, the map giving way to it.
func TestProjectorGridKey(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	tutorial, _ := exampleByName("tutorial-grid")
	for _, tc := range []struct{ name, problem, options string }{
		{"grid-biastar", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "biastar"},
		{"tutorial-grid", tutorial.Problem, tutorial.Options},
	} {
		t.Run(tc.name, func(t *testing.T) {
			openProjector(t, ctx, srv, ts, tc.problem, tc.options)
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(1), chromedp.Sleep(200*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			msg := eval[string](t, ctx, `(() => {
				const key = document.querySelector("#problem-view > svg.gridview + p");
				if (!key) return "no key under the map";
				const pane = document.querySelector(".pane.problem"), p = pane.getBoundingClientRect(), r = key.getBoundingClientRect(), m = document.querySelector("#problem-view > svg.gridview").getBoundingClientRect();
				const bottom = Math.min(p.bottom - parseFloat(getComputedStyle(pane).paddingBottom), innerHeight);
				return r.top >= m.bottom - 0.5 && r.bottom <= bottom + 0.5 && r.left >= p.left && r.right <= p.right ? "" : "the key spans y " + Math.round(r.top) + " to " + Math.round(r.bottom) + ", the map ends at " + Math.round(m.bottom) + ", the pane's inside at " + Math.round(bottom);
			})()`)
			if msg != "" {
				screenshot(t, ctx, "projector-grid-key-"+tc.name+".png")
				t.Error(msg)
			}
		})
	}
}
