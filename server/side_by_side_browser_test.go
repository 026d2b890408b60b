package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// laneRect is one side-by-side lane's tree as the page lays it out.
type laneRect struct {
	Left, Top, Right, Bottom float64
	Step, Drawn, Search      string
}

// laneRects is JavaScript listing every side-by-side lane's tree box.
const laneRects = `[...document.querySelectorAll(".lane-box")].map((b) => { const r = b.querySelector("[data-testid=lane-tree]").getBoundingClientRect();
	return {Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom, Step: b.querySelector("[data-testid=lane-step]").textContent, Drawn: b.dataset.drawn || "", Search: b.querySelector("[data-testid=lane-search]").textContent}; })`

// inked is the share of the pixels of img inside r (CSS pixels times
// scale) that are not near-white, and how many distinct colours they have
// (quantised to 4 bits a channel): what a drawn tree has and a blank
// box does not.
func inked(img image.Image, r laneRect, scale float64) (float64, int) {
	x0, y0, x1, y1 := int(r.Left*scale)+2, int(r.Top*scale)+2, int(r.Right*scale)-2, int(r.Bottom*scale)-2
	ink, all := 0, 0
	colours := map[uint32]bool{}
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			all++
			if cr>>8 > 235 && cg>>8 > 235 && cb>>8 > 235 {
				continue
			}
			ink++
			colours[(cr>>12)<<8|(cg>>12)<<4|cb>>12] = true
		}
	}
	if all == 0 {
		return 0, 0
	}
	return float64(ink) / float64(all), len(colours)
}

// TestSideBySideBrowser: a room shows 4 searches side by side on one
// 1920×1080 screen and 2 on a 1280×720 one: every lane's tree wholly in
// the window (no scrolling), labelled with its search, drawn (pixels of a
// screenshot, not only elements), and one click of the room's Step moves
// every lane one step; Play moves them all on and Pause stops them. No
// lane is an iframe.
func TestSideBySideBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := roomServer(t, "")
	for _, tc := range []struct {
		w, h     int
		searches []string
	}{
		{1920, 1080, []string{"bfs", "ucs", "greedy h=manhattan", "astar h=manhattan"}},
		{1280, 720, []string{"bfs", "astar h=manhattan"}},
	} {
		name := fmt.Sprintf("%dx%d-%d", tc.w, tc.h, len(tc.searches))
		t.Run(name, func(t *testing.T) {
			code, key := createRoom(t, ts)
			ctx := testbrowser.New(t, tc.w, tc.h, 90*time.Second)
			n := len(tc.searches)
			steps := func(k int) string {
				return fmt.Sprintf(`(() => { const l = %s; return l.length === %d && l.every((r) => r.Step === "%d" && r.Drawn === "%d"); })()`, laneRects, n, k, k)
			}
			if err := chromedp.Do(ctx,
				chromedp.EmulateViewport(int64(tc.w), int64(tc.h)),
				chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
				poll(`document.getElementById("room-conn").textContent === "live"`),
				chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = %q; document.querySelector("[data-testid=load]").click()`, strings.Join(tc.searches, "\n"))),
				poll(steps(0)),
			); err != nil {
				t.Fatalf("showing %d searches: %v", n, err)
			}
			if k := eval[int](t, ctx, `document.querySelectorAll("iframe").length`); k != 0 {
				t.Errorf("%d iframes on the page: the lanes should be drawn by the page itself", k)
			}
			for k := 1; k <= 2; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=drive-step]`), poll(steps(k))); err != nil {
					t.Fatalf("one click of Step should move all %d lanes to step %d: %v (lanes %s)", n, k, err, eval[string](t, ctx, `JSON.stringify(`+laneRects+`)`))
				}
			}
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), chromedp.Sleep(300*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			var rects []laneRect
			if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify(`+laneRects+`)`)), &rects); err != nil {
				t.Fatal(err)
			}
			W, H := eval[float64](t, ctx, `innerWidth`), eval[float64](t, ctx, `innerHeight`)
			scale := eval[float64](t, ctx, `devicePixelRatio`)
			buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(testenv.Artifact(t, "side-by-side-"+name+".png"), buf, 0o644); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(buf))
			if err != nil {
				t.Fatalf("the screenshot: %v", err)
			}
			for i, r := range rects {
				if r.Search != strings.Split(tc.searches[i], " tie=")[0] {
					t.Errorf("lane %d is labelled %q, want %q", i, r.Search, tc.searches[i])
				}
				if r.Left < 0 || r.Top < 0 || r.Right > W+0.5 || r.Bottom > H+0.5 {
					t.Errorf("lane %d's tree spans %.0f,%.0f–%.0f,%.0f: not inside the %.0f×%.0f window", i, r.Left, r.Top, r.Right, r.Bottom, W, H)
				}
				if w, h := r.Right-r.Left, r.Bottom-r.Top; w < 400 || h < 220 {
					t.Errorf("lane %d's tree is %.0f×%.0f px: too small to read on a projector", i, w, h)
				}
				share, colours := inked(img, r, scale)
				t.Logf("lane %d (%s): tree %.0f×%.0f px, %.1f%% inked, %d colours", i, r.Search, r.Right-r.Left, r.Bottom-r.Top, 100*share, colours)
				if share < 0.01 || colours < 3 {
					t.Errorf("lane %d's tree looks blank in the screenshot: %.2f%% of its pixels inked, %d colours", i, 100*share, colours)
				}
			}
			// the trees' numbers are read from afar: 18 px at least
			if k := eval[int](t, ctx, `document.querySelectorAll(".lane-box text.tnum").length`); k < n {
				t.Errorf("%d numbers in the lanes' trees, want one a node at least", k)
			}
			if small := eval[[]string](t, ctx, smallText+`(18).filter((s) => / text\.tnum/.test(s))`); len(small) > 0 {
				t.Errorf("tree numbers under 18 px in the lanes: %v", small[:min(len(small), 8)])
			}
			// Play moves every lane on; Pause stops them all.
			if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=drive-play]`),
				poll(fmt.Sprintf(`%s.every((r) => Number(r.Step) >= 4)`, laneRects)),
				chromedp.Click(`[data-testid=drive-play]`),
				poll(`!window.stepvizLanes.lanes.some((l) => l.playing)`),
			); err != nil {
				t.Fatalf("play and pause: %v (lanes %s)", err, eval[string](t, ctx, `JSON.stringify(`+laneRects+`)`))
			}
		})
	}
}
