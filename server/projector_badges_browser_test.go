package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// badgesJS is JavaScript for the tree's status badges as drawn: each
// badge whose letter reaches outside its circle (by more than a pixel), and
// how many badges there are.
const badgesJS = `(() => {
	const out = {Count: 0, Bad: []};
	for (const t of document.querySelectorAll("#tree text.badge-l")) {
		const c = t.previousElementSibling;
		if (!c || c.tagName !== "circle") { out.Bad.push("a badge letter with no circle"); continue; }
		out.Count++;
		// the letter's advance and its cap height (0.7 of its em box) inside
		// the circle, whose centre is the letter's
		const r = t.getBoundingClientRect(), o = c.getBoundingClientRect(), capH = 0.7 * r.height / 1.15;
		const off = Math.abs((r.left + r.right) / 2 - (o.left + o.right) / 2);
		if (r.width > o.width - 2 || capH > o.height - 2 || off > 2)
			out.Bad.push(t.textContent + ": a letter " + r.width.toFixed(1) + " px wide, " + capH.toFixed(1) + " high in a circle of " + o.width.toFixed(1) + " px");
	}
	return out;
})()`

type badgeInfo struct {
	Count int
	Bad   []string
}

// TestProjectorBadges: on a true 1280×720 projector every status badge's
// letter (O, C, E, ...) stands inside its coloured circle, whether the
// tree is small enough for full boxes (the start alone, at step 0) or
// shows compact ones (after a few steps), and is 14 px or more.
func TestProjectorBadges(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, problem, options string
		steps                  int
	}{
		{"romania-start", "graph romania", "astar", 0},
		{"romania-step3", "graph romania", "astar", 3},
		{"puzzle-start", "puzzle 283164705 goal=123804765", "astar", 0},
		{"puzzle-step2", "puzzle 283164705 goal=123804765", "idastar", 2},
	} {
		openProjector(t, ctx, srv, ts, tc.problem, tc.options)
		for k := 1; k <= tc.steps; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
		b := eval[badgeInfo](t, ctx, badgesJS)
		if b.Count == 0 {
			t.Errorf("%s: no badge drawn", tc.name)
		}
		if len(b.Bad) > 0 {
			screenshot(t, ctx, "projector-badges-"+tc.name+".png")
			t.Errorf("%s: %d badge letters outside their circles:\n%s", tc.name, len(b.Bad), strings.Join(b.Bad, "\n"))
		}
		if small := eval[[]string](t, ctx, smallText+`(14)`); len(small) > 0 {
			t.Errorf("%s: %d visible texts under 14 px:\n%s", tc.name, len(small), strings.Join(small[:min(len(small), 10)], "\n"))
		}
	}
}
