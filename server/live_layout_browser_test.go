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

// livePicture is JavaScript measuring what the live page's drawing shows:
// the box of the shapes drawn in its pictures, each clipped to its
// picture, the median size of its texts on the screen (the heading's
// texts left out: display none), the pane's inner width and the screen's
// height.
const livePicture = `(() => {
	const host = document.getElementById("live-svg"), pane = host.closest(".pane"), cs = getComputedStyle(pane);
	let l = Infinity, r = -Infinity, t = Infinity, b = -Infinity;
	const px = [];
	for (const svg of host.querySelectorAll("svg")) {
		const s = svg.getBoundingClientRect(); // a picture shows what its box clips
		for (const e of svg.querySelectorAll("g.node, circle, line, path, text, rect:not([width='100%'])")) {
			if (e.closest("[display=none]")) continue;
			const q = e.getBoundingClientRect(), ql = Math.max(q.left, s.left), qr = Math.min(q.right, s.right), qt = Math.max(q.top, s.top), qb = Math.min(q.bottom, s.bottom);
			if (qr < ql || qb < qt || (q.width + q.height === 0)) continue;
			if (e.tagName === "text") { px.push(parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a); continue; }
			l = Math.min(l, ql); r = Math.max(r, qr); t = Math.min(t, qt); b = Math.max(b, qb);
		}
	}
	const p = pane.getBoundingClientRect();
	return { W: r - l, H: b - t, Left: l, Right: r, PaneLeft: p.left + parseFloat(cs.paddingLeft), PaneRight: p.right - parseFloat(cs.paddingRight), Screen: innerHeight, Pictures: host.querySelectorAll("svg").length, TextPx: px.sort((x, y) => x - y)[px.length >> 1] || 0 };
})()`

// TestLivePhonePictures: on a follower's phone (390×844) the live page's
// pictures of a game tree (tic-tac-toe minimax, nim and a textbook tree
// with alpha-beta) and of a local search (8 queens hill climbing: the
// board and its chart) are as large as the screen allows: what they draw
// spans at least 80% of the pane's width or half the screen's height,
// its median text is 8 px or more on the screen, and it stays inside the
// pane, from the page's first paint (the server's drawing) on.
func TestLivePhonePictures(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx, base := liveBrowser(t)
	phone := testbrowser.New(t, 390, 844, 90*time.Second)
	if err := chromedp.Do(phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, problem, algo string }{
		{"tictactoe", "tictactoe X.O......", "minimax"},
		{"nim", "nim 3,4,5", "alphabeta"},
		{"fig55", fig55, "alphabeta"},
		{"queens", "queens 8 seed=1", "hillclimb"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			follow := startLive(t, ctx, base, tc.problem, tc.algo)
			for k := 1; k <= 4; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(k)); err != nil {
					t.Fatalf("step %d: %v", k, err)
				}
			}
			if err := chromedp.Do(phone, chromedp.Navigate(follow), waitLiveStep(4)); err != nil {
				t.Fatalf("the follower's phone: %v", err)
			}
			type picture struct {
				W, H, Left, Right, PaneLeft, PaneRight, Screen float64
				TextPx                                         float64
				Pictures                                       int
			}
			p := eval[picture](t, phone, livePicture)
			liveScreenshot(t, phone, "live-phone-"+tc.name+".png")
			paneW := p.PaneRight - p.PaneLeft
			if p.W < 0.8*paneW && p.H < 0.5*p.Screen {
				t.Errorf("the drawing is %.0f×%.0f px in a pane %.0f px wide on a %.0f px tall screen: want 80%% of the width or half the height", p.W, p.H, paneW, p.Screen)
			}
			if p.TextPx < 8 {
				t.Errorf("the drawing's median text is %.1f px on the screen: want 8 at least", p.TextPx)
			}
			if p.Left < p.PaneLeft-1 || p.Right > p.PaneRight+1 {
				t.Errorf("the drawing spans x %.0f to %.0f, beyond the pane's %.0f to %.0f", p.Left, p.Right, p.PaneLeft, p.PaneRight)
			}
		})
	}
}
