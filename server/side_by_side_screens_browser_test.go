package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// laneScreen is JavaScript saying what is wrong with the side-by-side
// lanes on the screen ("" if nothing): the page wider than the window
// (scrolling sideways), a lane's tree outside the window (a phone's page
// scrolls down: only across) or smaller than
// 360×220 px on a wide screen (300 px wide and 40% of the screen tall on
// a phone, whose page scrolls down), two lanes
// overlapping, a lane's narration cut with no ellipsis, a lane's
// heading or counters under 16 px.
const laneScreen = `(() => {
	const W = innerWidth, H = innerHeight, out = [];
	if (document.documentElement.scrollWidth > W + 1) out.push("the page is " + document.documentElement.scrollWidth + " px wide in a " + W + " px window");
	const boxes = [...document.querySelectorAll(".lane-box")];
	boxes.forEach((b, i) => {
		const r = b.querySelector("[data-testid=lane-tree]").getBoundingClientRect(), minW = W > 600 ? 360 : 300;
		if (r.left < 0 || r.right > W + 0.5 || (W > 600 && (r.top < 0 || r.bottom > H + 0.5))) out.push("lane " + i + "'s tree spans " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside the " + W + "×" + H + " window");
		if (r.width < minW || r.height < (W > 600 ? 220 : 0.4 * H)) out.push("lane " + i + "'s tree is " + Math.round(r.width) + "×" + Math.round(r.height) + " px");
		const q = b.getBoundingClientRect();
		boxes.slice(i + 1).forEach((c, j) => { const s = c.getBoundingClientRect(); if (q.left < s.right - 1 && s.left < q.right - 1 && q.top < s.bottom - 1 && s.top < q.bottom - 1) out.push("lanes " + i + " and " + (i + j + 1) + " overlap"); });
		const n = b.querySelector("[data-testid=lane-narration]");
		if (n.scrollHeight > n.clientHeight + 1 && getComputedStyle(n).webkitLineClamp === "none") out.push("lane " + i + "'s narration is cut with no ellipsis");
		for (const e of b.querySelectorAll(".lane-head h2, .lane-counters")) if (parseFloat(getComputedStyle(e).fontSize) < 16) out.push("lane " + i + ": " + e.textContent.slice(0, 20) + " is under 16 px");
	});
	return out.join("; ");
})()`

// TestSideBySideScreens looks at a room showing searches side by side
// where a lecturer shows them, 3 on a projector's 1280×720 (one row of
// three) and 2 on a follower's phone (390×844, one under the other), after
// three steps: see laneScreen.
func TestSideBySideScreens(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := roomServer(t, "")
	for _, tc := range []struct {
		name     string
		w, h     int
		mobile   bool
		searches []string
	}{
		{"projector-3", 1280, 720, false, []string{"bfs", "greedy h=manhattan", "astar h=manhattan"}},
		{"phone-2", 390, 844, true, []string{"bfs", "astar h=manhattan"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, key := createRoom(t, ts)
			ctx := testbrowser.New(t, tc.w, tc.h, 90*time.Second)
			n := len(tc.searches)
			steps := func(k int) string {
				return fmt.Sprintf(`(() => { const l = %s; return l.length === %d && l.every((r) => r.Step === "%d" && r.Drawn === "%d"); })()`, laneRects, n, k, k)
			}
			view := chromedp.EmulateViewport(int64(tc.w), int64(tc.h))
			if tc.mobile {
				view = chromedp.EmulateViewport(int64(tc.w), int64(tc.h), chromedp.EmulateMobile)
			}
			if err := chromedp.Do(ctx, view,
				chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
				poll(`document.getElementById("room-conn").textContent === "live"`),
				chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = %q; document.querySelector("[data-testid=load]").click()`, strings.Join(tc.searches, "\n"))),
				poll(steps(0)),
			); err != nil {
				t.Fatalf("showing %d searches: %v", n, err)
			}
			for k := 1; k <= 3; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=drive-step]`), poll(steps(k))); err != nil {
					t.Fatalf("step %d: %v", k, err)
				}
			}
			_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), chromedp.Sleep(300*time.Millisecond))
			if msg := eval[string](t, ctx, laneScreen); msg != "" {
				t.Error(msg)
			}
			screenshot(t, ctx, "side-by-side-screens-"+tc.name+".png")
		})
	}
}
