package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// narrationBox is JavaScript for the projector's narration: its height
// in lines of its own type, its type's size, whether it is cut (its title
// then holds it whole) and where the panes below it start.
const narrationBox = `(() => {
	const n = document.getElementById("narration"), s = getComputedStyle(n), pad = parseFloat(s.paddingTop) + parseFloat(s.paddingBottom);
	return {Lines: (n.getBoundingClientRect().height - pad) / parseFloat(s.lineHeight), Px: parseFloat(s.fontSize), Cut: n.title !== "", Text: n.textContent,
		PanesTop: document.querySelector(".panes").getBoundingClientRect().top, Bottom: document.querySelector(".controls").getBoundingClientRect().bottom};
})()`

type narrationInfo struct {
	Lines, Px, PanesTop, Bottom float64
	Cut                         bool
	Text                        string
}

// TestProjectorNarration: on a true 1280×720 projector the narration of
// every step of A* on an open 8-connected grid (up to 8 neighbours named
// a step, longer than two lines at the projector's 21 px) takes at most
// two lines, in type of 15 px or more, so that the panes start at most
// two lines under the controls; one that fits at 21 px keeps that size.
func TestProjectorNarration(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	openProjector(t, ctx, srv, ts, "grid ......../......../......../......../........ moves=8 start=0,2 goal=7,2", "astar h=octile")
	long, short := 0, 0
	for k := 1; k <= 10; k++ {
		if eval[string](t, ctx, `window.stepviz.model.status`) != "running" {
			break
		}
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatal(err)
		}
		n := eval[narrationInfo](t, ctx, narrationBox)
		if n.Lines > 2.15 {
			t.Errorf("step %d: the narration takes %.1f lines: %q", k, n.Lines, n.Text)
		}
		if n.Px < 15 {
			t.Errorf("step %d: the narration's type is %.1f px, want 15 or more", k, n.Px)
		}
		if n.Px < 21 {
			long++
		} else {
			short++
		}
		if n.PanesTop > n.Bottom+2*1.3*21+12 {
			t.Errorf("step %d: the panes start at %.0f px, %.0f px under the controls", k, n.PanesTop, n.PanesTop-n.Bottom)
		}
		if k == 3 {
			screenshot(t, ctx, "projector-narration.png")
		}
		t.Logf("step %d: %.1f lines at %.0f px, the panes %.0f px under the controls", k, n.Lines, n.Px, n.PanesTop-n.Bottom)
	}
	if long == 0 {
		t.Errorf("no step's narration needed smaller type: the test's grid should name more neighbours")
	}
	if short == 0 {
		t.Errorf("every step's narration was set smaller than 21 px")
	}
}

// TestProjectorTextFloor: every text a lecturer projects on a true
// 1280×720 screen is 14 px or more, the grid's S and G marks included
// (A* on a small and a larger grid, IDA* on Romania).
func TestProjectorTextFloor(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, problem, options string }{
		{"grid-small", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile"},
		{"grid-larger", "grid S.........../....####..../.........#G./............/............/............", "astar"},
		{"romania-idastar", "graph romania", "idastar"},
	} {
		openProjector(t, ctx, srv, ts, tc.problem, tc.options)
		for k := 1; k <= 4; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		_ = chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond))
		screenshot(t, ctx, "projector-text-"+tc.name+".png")
		if small := eval[[]string](t, ctx, smallText+`(14)`); len(small) > 0 {
			t.Errorf("%s: %d visible texts under 14 px:\n%s", tc.name, len(small), strings.Join(small[:min(len(small), 25)], "\n"))
		}
	}
}
