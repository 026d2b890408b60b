package server

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// liveWide is JavaScript measuring the live page's drawing on a wide
// screen: the least size on the screen of its nodes' names, its scale,
// whether the drawing's box lies inside its pane, and how far the node
// visited last (the deepest node of the current path) lies outside the
// drawing's scroll box (0: wholly inside).
const liveWide = `(() => {
	const host = document.getElementById("live-svg"), svg = host.querySelector("svg"), pane = host.closest(".pane").getBoundingClientRect(), h = host.getBoundingClientRect();
	const names = [...svg.querySelectorAll("g.node > text:first-of-type")].map((e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a);
	const parent = new Map([...svg.querySelectorAll("g.node:not([data-node='-1'])")].map((g) => [g.dataset.node, g.dataset.parent]));
	const depth = (id) => { let n = 0; for (let p = parent.get(id); p !== undefined && n < parent.size; p = parent.get(p)) n++; return n; };
	let last = null, deepest = -1;
	for (const g of svg.querySelectorAll("g.node.path")) { const d = depth(g.dataset.node); if (d > deepest) { deepest = d; last = g; } }
	let out = 0;
	if (last) { const q = last.getBoundingClientRect(); out = Math.max(0, h.left - q.left, q.right - h.right, h.top - q.top, q.bottom - h.bottom); }
	return { MinName: names.length ? Math.min(...names) : 0, Scale: svg.getScreenCTM().a, Out: out,
		Inside: h.left >= pane.left - 0.5 && h.right <= pane.right + 0.5 && h.top >= pane.top - 0.5 && h.bottom <= pane.bottom + 0.5 && h.bottom <= innerHeight + 0.5 };
})()`

// TestLiveProjectorPicture steps tic-tac-toe by minimax, nim by
// alpha-beta and AIMA Fig. 5.5 on a projector's 1280×720 screen: at every
// step each node's name is 14 px or more on the screen, the drawing's
// scroll box lies inside its pane and the screen, the node visited last is
// in view, and the drawing's scale never grows while stepping on and
// changes at most three times in 12 steps (it does not jump at every
// step); tic-tac-toe's tree at its end, drawn folded, has its note (what
// is left out) written whole under the picture, 14 px or more.
func TestLiveProjectorPicture(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx, base := liveBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, problem, algo string }{
		{"tictactoe", "tictactoe X.O......", "minimax"},
		{"nim", "nim 3,4,5", "alphabeta"},
		{"fig55", fig55, "alphabeta"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			startLive(t, ctx, base, tc.problem, tc.algo)
			type wide struct {
				MinName, Scale, Out float64
				Inside              bool
			}
			changes, was := 0, 0.0
			for k := 1; k <= 12; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(k)); err != nil {
					t.Fatalf("step %d: %v", k, err)
				}
				w := eval[wide](t, ctx, liveWide)
				if w.MinName < 14-0.05 { // the scale is 14 / the name's size, rounded
					t.Errorf("step %d: a node's name is %.1f px on the screen: want 14 at least", k, w.MinName)
				}
				if !w.Inside {
					t.Errorf("step %d: the drawing's box reaches out of its pane or the screen", k)
				}
				if w.Out > 1 {
					t.Errorf("step %d: the node visited last is %.0f px out of view", k, w.Out)
				}
				if was > 0 && w.Scale > was*1.001 {
					t.Errorf("step %d: the drawing grew from scale %.2f to %.2f while stepping on", k, was, w.Scale)
				}
				if was > 0 && fmt.Sprintf("%.3f", w.Scale) != fmt.Sprintf("%.3f", was) {
					changes++
				}
				was = w.Scale
			}
			if changes > 3 {
				t.Errorf("the drawing's scale changed %d times in 12 steps: want 3 at most", changes)
			}
			liveScreenshot(t, ctx, "live-projector-"+tc.name+".png")
			if tc.name != "tictactoe" {
				return
			}
			// at its end the whole tree is drawn folded, with a note saying
			// what is left out: written whole under the picture
			if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-run]`), poll(`document.getElementById("live-status").textContent !== ""`)); err != nil {
				t.Fatalf("running to the end: %v", err)
			}
			msg := eval[string](t, ctx, `(() => {
				const foot = document.querySelector("[data-testid=live-foot]"), pane = document.getElementById("live-svg").closest(".pane").getBoundingClientRect();
				if (!foot || foot.hidden || !foot.textContent.includes("drawn")) return "no note under the folded tree's picture";
				const r = foot.getBoundingClientRect(), px = parseFloat(getComputedStyle(foot).fontSize);
				if (r.left < pane.left || r.right > pane.right || r.bottom > Math.min(pane.bottom, innerHeight) + 0.5 || px < 14) return "the note spans " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " at " + px + " px in the pane " + [pane.left, pane.top, pane.right, pane.bottom].map(Math.round);
				return "";
			})()`)
			if msg != "" {
				t.Error(msg)
			}
			liveScreenshot(t, ctx, "live-projector-"+tc.name+"-end.png")
		})
	}
}
