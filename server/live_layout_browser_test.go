package server

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// TestLiveLayout looks at a live game's page on a projector (1280×720) and
// a follower's phone (390×844): the page's text is in the ink colour and
// plain weight (the session page's green live indicator is a span, not
// the game page's body), the step line and the panes keep a margin from
// the screen's edge, the drawing and its numbers stand side by side on the
// projector and one over the other, each the screen's width, on the phone.
func TestLiveLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx, base := liveBrowser(t)
	follow := startLive(t, ctx, base, fig55, "alphabeta")
	for k := 1; k <= 3; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(k)); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
	}
	phone := testbrowser.New(t, 390, 844, 60*time.Second)
	if err := chromedp.Do(phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(follow), waitLiveStep(3)); err != nil {
		t.Fatalf("the follower's phone: %v", err)
	}
	type layout struct {
		Says, Body           string
		Weight               string
		StepLeft, MinPaneW   float64
		PanesLeft, PaneRight float64
		SideBySide           bool
		W                    float64
	}
	const measure = `(() => {
		const says = getComputedStyle(document.getElementById("live-says")), panes = [...document.querySelectorAll("#main.live-panes > .pane")].map((p) => p.getBoundingClientRect());
		const step = document.getElementById("live-step-n").parentElement.getBoundingClientRect();
		const range = document.createRange(); range.selectNodeContents(document.getElementById("live-step-n").parentElement);
		return { Says: says.color, Body: getComputedStyle(document.body).display, Weight: says.fontWeight, StepLeft: range.getBoundingClientRect().left,
			MinPaneW: Math.min(...panes.map((r) => r.width)), PanesLeft: Math.min(...panes.map((r) => r.left)), PaneRight: Math.max(...panes.map((r) => r.right)),
			SideBySide: panes.length === 2 && panes[1].left >= panes[0].right, W: innerWidth };
	})()`
	for _, tc := range []struct {
		name       string
		ctx        context.Context
		sideBySide bool
		minPaneW   float64
	}{
		{"projector", ctx, true, 350},
		{"phone", phone, false, 340},
	} {
		c := tc.ctx
		_ = chromedp.Do(c, chromedp.Sleep(300*time.Millisecond))
		liveScreenshot(t, c, "live-layout-"+tc.name+".png")
		l := eval[layout](t, c, measure)
		if l.Says == "rgb(0, 122, 88)" || l.Weight != "400" || l.Body != "block" {
			t.Errorf("%s: the narration is %s at weight %s (the body displayed %s): the live indicator's style", tc.name, l.Says, l.Weight, l.Body)
		}
		if l.StepLeft < 8 || l.PanesLeft < 8 || l.PaneRight > l.W-8 {
			t.Errorf("%s: the step line starts at x %.0f, the panes span x %.0f to %.0f of %.0f: against the screen's edge", tc.name, l.StepLeft, l.PanesLeft, l.PaneRight, l.W)
		}
		if l.SideBySide != tc.sideBySide || l.MinPaneW < tc.minPaneW {
			t.Errorf("%s: panes side by side %v (want %v), the narrower %.0f px wide (want %.0f at least)", tc.name, l.SideBySide, tc.sideBySide, l.MinPaneW, tc.minPaneW)
		}
	}
}
