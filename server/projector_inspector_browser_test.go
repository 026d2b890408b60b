package server

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestProjectorInspectorPlaceholder: in projector mode on a true 1280×720
// screen the node inspector's placeholder (no node selected yet) is read
// whole: its text inside the pane's padding and the screen, the pane with
// nothing to scroll, for a puzzle, a road map and a small grid, whose
// panes give the inspector different heights.
func TestProjectorInspectorPlaceholder(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	tutorial, _ := exampleByName("tutorial-grid")
	for _, tc := range []struct{ name, problem, options string }{
		{"puzzle", "puzzle 283164705 goal=123804765", "astar h=manhattan"},
		{"romania", "graph romania", "astar"},
		{"tutorial-grid", tutorial.Problem, tutorial.Options},
	} {
		t.Run(tc.name, func(t *testing.T) {
			openProjector(t, ctx, srv, ts, tc.problem, tc.options)
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(1)); err != nil {
				t.Fatal(err)
			}
			msg := eval[string](t, ctx, `(() => {
				const pane = document.querySelector("[data-testid=inspector]"), p = pane.getBoundingClientRect(), cs = getComputedStyle(pane);
				const text = document.querySelector("#inspector-body > p");
				if (!text) return "no placeholder";
				const r = document.createRange(); r.selectNodeContents(text);
				const b = r.getBoundingClientRect(), bottom = Math.min(p.bottom - parseFloat(cs.paddingBottom) - parseFloat(cs.borderBottomWidth), innerHeight);
				if (b.height < 10) return "the placeholder shows no text";
				if (b.bottom > bottom + 0.5 || b.right > p.right) return "the placeholder's text ends at y " + Math.round(b.bottom) + ", the pane's inside at " + Math.round(bottom);
				if (pane.scrollHeight > pane.clientHeight + 1) return "the pane scrolls: " + pane.scrollHeight + " > " + pane.clientHeight;
				return "";
			})()`)
			if msg != "" {
				screenshot(t, ctx, "projector-inspector-"+tc.name+".png")
				t.Error(msg)
			}
		})
	}
}
