package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// smallText is JavaScript listing the visible text on the screen drawn
// smaller than min px: every non-blank text node whose box is inside the
// viewport and on top there (elementFromPoint finds it or its element),
// its size the computed font size times the screen scale of an SVG text.
const smallText = `((min) => {
	const out = [], W = innerWidth, H = innerHeight;
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (!n.textContent.trim()) continue;
		const e = n.parentElement, r = document.createRange();
		r.selectNodeContents(n);
		const b = r.getBoundingClientRect();
		if (b.width < 2 || b.height < 2 || b.right <= 0 || b.bottom <= 0 || b.left >= W || b.top >= H) continue;
		const x = Math.min(W - 1, Math.max(0, (b.left + b.right) / 2)), y = Math.min(H - 1, Math.max(0, (b.top + b.bottom) / 2));
		const top = document.elementFromPoint(x, y);
		if (!top || !(top === e || e.contains(top) || top.contains(e))) continue;
		let px = parseFloat(getComputedStyle(e).fontSize);
		if (e instanceof SVGElement && e.getScreenCTM) { const m = e.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
		if (px < min - 0.25) out.push(px.toFixed(1) + "px " + (e.id ? "#" + e.id : e.tagName.toLowerCase() + "." + (e.getAttribute("class") || "")) + " " + JSON.stringify(n.textContent.trim().slice(0, 30)));
	}
	return out;
})`

// rectIn is JavaScript for whether the element sel is wholly inside the
// viewport and at least minH px tall.
func rectIn(sel string, minH int) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return "missing"; const r = e.getBoundingClientRect();
		return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 && r.height >= %d ? "" : "spans " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","); })()`, sel, minH)
}

// TestProjectorFits: projector mode on a 1280×720 and a 1920×1080 screen
// shows the controls, the narration in full (not cut), the tree, the
// problem, the head of the open list and the inspector, all inside the
// screen, and no visible text under 18 px.
func TestProjectorFits(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	srv := New(Config{})
	t.Cleanup(srv.Close)
	ts := newTestServer(t, srv)
	for _, size := range [][2]int{{1280, 720}, {1920, 1080}} {
		ctx := testbrowser.New(t, size[0], size[1], 90*time.Second)
		for _, tc := range []struct{ name, problem, options string }{
			{"puzzle", "puzzle 283164705 goal=123804765", "astar h=manhattan"},
			{"romania", "graph romania", "astar"},
		} {
			name := fmt.Sprintf("%dx%d-%s", size[0], size[1], tc.name)
			openProjector(t, ctx, srv, ts, tc.problem, tc.options)
			for k := 1; k <= 4; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent("i"), pollJS(`!!document.querySelector('[data-testid=inspector-node]')`), chromedp.Sleep(500*time.Millisecond)); err != nil {
				t.Fatalf("%s: inspecting the next node: %v", name, err)
			}
			screenshot(t, ctx, "projector-fit-"+name+".png")
			for _, c := range []struct {
				sel  string
				minH int
			}{
				{"[data-testid=controls]", 20}, {"#narration", 20}, {"#tree", 200}, {"#problem-view", 100},
				{"#open-table tbody tr", 18}, {"[data-testid=inspector]", 150}, {"[data-testid=inspector-node]", 18},
			} {
				if msg := eval[string](t, ctx, rectIn(c.sel, c.minH)); msg != "" {
					t.Errorf("%s: %s is not wholly on the screen: %s", name, c.sel, msg)
				}
			}
			// narration.js cuts only what two lines at 15 px cannot hold, and
			// then puts the whole in the title
			if cut := eval[string](t, ctx, `(() => { const n = document.getElementById("narration"), s = getComputedStyle(n);
				return n.scrollHeight > n.clientHeight + 1 || n.title !== "" || s.textOverflow === "ellipsis" ? n.scrollHeight + " > " + n.clientHeight + ", title " + JSON.stringify(n.title) : ""; })()`); cut != "" {
				t.Errorf("%s: the narration is cut: %s", name, cut)
			}
			if small := eval[[]string](t, ctx, smallText+`(18)`); len(small) > 0 {
				t.Errorf("%s: %d visible texts under 18 px:\n%s", name, len(small), strings.Join(small[:min(len(small), 25)], "\n"))
			}
		}
	}
}
