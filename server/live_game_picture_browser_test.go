package server

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// liveGamePicture is JavaScript measuring the live page's game drawing:
// the root's name as drawn (a board's rows joined) and its box, its
// least size on the screen, the texts of a node that meet its shape
// without lying inside it, the
// node visited last's distance out of the drawing's box and the screen
// (0: in view), the drawing's size against its box, and the box's
// height.
const liveGamePicture = `(() => {
	const host = document.getElementById("live-svg"), svg = host.querySelector("svg"), h = host.getBoundingClientRect();
	const px = (e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a;
	const root = svg.querySelector('g.node[data-node="0"]'), name = root && root.querySelector("text");
	const board = root ? [...root.querySelectorAll("text.board")].map((e) => e.textContent).join("") : "";
	const rb = root ? root.getBoundingClientRect() : { left: 0, right: 0, top: 0, bottom: 0, width: 0 };
	const names = [...host.querySelectorAll("svg g.node > text:first-of-type")].map(px);
	const overlaps = [];
	for (const g of host.querySelectorAll("svg g.node")) {
		const s = g.querySelector("path, rect, circle").getBoundingClientRect();
		for (const e of g.querySelectorAll("text")) {
			const q = e.getBoundingClientRect();
			const inside = q.left >= s.left && q.right <= s.right && q.top >= s.top && q.bottom <= s.bottom; // a name written inside (A, 12)
			if (q.width > 0 && !inside && q.left < s.right && s.left < q.right && q.top < s.bottom && s.top < q.bottom) overlaps.push(g.dataset.state + ": " + e.textContent);
		}
	}
	const parent = new Map([...svg.querySelectorAll("g.node:not([data-node='-1'])")].map((g) => [g.dataset.node, g.dataset.parent]));
	const depth = (id) => { let n = 0; for (let p = parent.get(id); p !== undefined && n < parent.size; p = parent.get(p)) n++; return n; };
	let last = null, deepest = -1;
	for (const g of svg.querySelectorAll("g.node.path")) { const d = depth(g.dataset.node); if (d > deepest) { deepest = d; last = g; } }
	let out = 0;
	if (last) { const q = last.getBoundingClientRect(); out = Math.max(0, h.left - q.left, q.right - h.right, h.top - q.top, q.bottom - h.bottom, q.bottom - innerHeight, -q.top); }
	const sv = svg.getBoundingClientRect();
	return { Root: board || (name ? name.textContent : ""), RootW: rb.width, RootIn: rb.left >= h.left - 0.5 && rb.right <= h.right + 0.5 && rb.top >= Math.max(h.top, 0) - 0.5 && rb.bottom <= Math.min(h.bottom, innerHeight) + 0.5,
		RootPx: name ? px(name) : 0, MinName: names.length ? Math.min(...names) : 0, Overlaps: overlaps, Out: out, Nodes: svg.querySelectorAll("g.node").length,
		FitPx: (names.length ? Math.min(...names) : 0) * Math.min(host.clientWidth / sv.width, (host.style.maxHeight ? parseFloat(host.style.maxHeight) : host.clientHeight) / sv.height),
		Fits: sv.width <= host.clientWidth + 0.5 && sv.height <= host.clientHeight + 0.5, BoxH: h.height, Says: document.getElementById("live-says").textContent };
})()`

type liveGameShown struct {
	Root               string
	RootW, RootPx      float64
	RootIn             bool
	MinName, Out, BoxH float64
	FitPx              float64
	Overlaps           []string
	Nodes              int
	Fits               bool
	Says               string
}

// TestLiveGamePicture opens live game pages on a projector's 1280×720
// screen and a follower's phone (390×844):
//   - at step 0 the picture shows the root, the start position (for
//     tic-tac-toe its board), in view, its name 14 px or more on the
//     projector and 11 on the phone, and the narration says what step 1 does;
//   - no node's board, name or note meets its shape, but for a name
//     written inside it (AIMA's A, a leaf's 12);
//   - a deep tree (tic-tac-toe after 14 steps, nim after 14) is drawn to fit
//     its box, or, where that would draw node names smaller than the floor
//     (14 px on the projector, 11 on the phone), at the floor with the node
//     visited last in view; on the phone the box is at most 65% of the
//     screen tall.
func TestLiveGamePicture(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx, base := liveBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	phone := testbrowser.New(t, 390, 844, 120*time.Second)
	if err := chromedp.Do(phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	screens := []struct {
		name  string
		ctx   context.Context
		floor float64
	}{{"projector", ctx, 14}, {"phone", phone, 11}}
	for _, tc := range []struct {
		name, problem, algo, root string
		steps                     int
	}{
		{"tictactoe", "tictactoe", "alphabeta", ".........", 14},
		{"fig52", fig55, "minimax", "A", 6},
		{"nim", "nim 3,4,5", "minimax", "3,4,5 MAX", 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			follow := startLive(t, ctx, base, tc.problem, tc.algo)
			if err := chromedp.Do(phone, chromedp.Navigate(follow), waitLiveStep(0)); err != nil {
				t.Fatalf("the follower's phone: %v", err)
			}
			for _, s := range screens {
				_ = chromedp.Do(s.ctx, chromedp.Sleep(200*time.Millisecond))
				got := eval[liveGameShown](t, s.ctx, liveGamePicture)
				viewShot(t, s.ctx, fmt.Sprintf("live-game-%s-0-%s.png", tc.name, s.name))
				if got.Nodes != 1 || got.Root != tc.root || got.RootW < 20 || !got.RootIn || got.RootPx < s.floor-0.05 {
					t.Errorf("%s, step 0: %d nodes, the root %q %.0f px wide (in view %v), its name %.1f px: want the root %q alone, in view, its name %.0f px at least",
						s.name, got.Nodes, got.Root, got.RootW, got.RootIn, got.RootPx, tc.root, s.floor)
				}
				if want := "step 1 visits it"; !strings.Contains(got.Says, want) {
					t.Errorf("%s, step 0 says %q: want %q", s.name, got.Says, want)
				}
			}
			for k := 1; k <= tc.steps; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(k)); err != nil {
					t.Fatalf("step %d: %v", k, err)
				}
			}
			if err := chromedp.Do(phone, waitLiveStep(tc.steps)); err != nil {
				t.Fatal(err)
			}
			for _, s := range screens {
				_ = chromedp.Do(s.ctx, chromedp.Sleep(200*time.Millisecond))
				got := eval[liveGameShown](t, s.ctx, liveGamePicture)
				viewShot(t, s.ctx, fmt.Sprintf("live-game-%s-%d-%s.png", tc.name, tc.steps, s.name))
				for _, o := range got.Overlaps {
					t.Errorf("%s, step %d: a text meets its node's shape: %s", s.name, tc.steps, o)
				}
				if got.MinName < s.floor-0.05 {
					t.Errorf("%s, step %d: a node's name is %.1f px on the screen: want %.0f at least", s.name, tc.steps, got.MinName, s.floor)
				}
				if !got.Fits && got.MinName > s.floor*1.02 {
					t.Errorf("%s, step %d: the drawing overflows its box with names of %.1f px: want it fitted, down to %.0f px", s.name, tc.steps, got.MinName, s.floor)
				}
				if got.Out > 1 {
					t.Errorf("%s, step %d: the node visited last is %.0f px out of view", s.name, tc.steps, got.Out)
				}
				if s.name == "phone" && got.BoxH > 0.65*844+1 {
					t.Errorf("phone, step %d: the drawing's box is %.0f px tall: want 65%% of the screen at most", tc.steps, got.BoxH)
				}
				t.Logf("%s, step %d: names %.1f px (fitted they would be %.1f), fits %v, box %.0f px tall", s.name, tc.steps, got.MinName, got.FitPx, got.Fits, got.BoxH)
			}
		})
	}
}

// viewShot saves what the screen shows (not the whole page, which a
// full-page screenshot lays out again at its own height).
func viewShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(testenv.Artifact(t, name), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}
