package server

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBidirectionalPage drives the page of bibfs and biucs: two trees
// (the start's above growing down, the goal's below growing up), told
// apart by colour, the meeting nodes ringed, μ and the stopping rule in
// the strip, and the grid's cells filled by direction.
func TestBidirectionalPage(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1600, 1100)
	for _, tc := range []struct{ problem, options string }{
		{"graph romania", "bibfs"},
		{"graph romania", "biucs"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "bibfs"},
	} {
		t.Run(tc.problem+" "+tc.options, func(t *testing.T) {
			sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
			if err != nil {
				t.Fatal(err)
			}
			eng := newSearch(t, tc.problem, tc.options)
			meet := 0
			for meet == 0 {
				ev, ok := eng.Step()
				if !ok {
					t.Fatalf("%s %s: no meeting", tc.problem, tc.options)
				}
				if b := ev.Bidirectional; b != nil && !math.IsInf(float64(b.Mu), 1) {
					meet = ev.Step
				}
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0),
				chromedp.SetValue(`#jump-to`, ""), chromedp.SendKeys(`#jump-to`, fmt.Sprintf("%d\r", meet)), waitStep(meet),
				chromedp.Click(`#zoom-fit`), pollJS(`document.querySelectorAll('[data-testid=tree-node][data-dir=backward]').length > 0`)); err != nil {
				t.Fatalf("step %d: %v", meet, err)
			}
			// the goal's tree lies below the start's
			below := eval[bool](t, ctx, `(() => {
				const ys = (d) => [...document.querySelectorAll('[data-testid=tree-node][data-dir=' + d + ']')].map((e) => e.getBoundingClientRect().top);
				const f = ys("forward"), b = ys("backward");
				return f.length > 0 && b.length > 0 && Math.min(...b) > Math.max(...f);
			})()`)
			if !below {
				t.Error("the goal's tree is not drawn below the start's")
			}
			strip := eval[string](t, ctx, `document.querySelector('[data-testid=family-strip]').textContent`)
			if !strings.Contains(strip, "μ = ") || strings.Contains(strip, "μ = ∞") || !strings.Contains(strip, "stop:") || !strings.Contains(strip, "goal's tree") {
				t.Errorf("step %d: the strip says %q, want μ, the stopping rule and the legend of the two trees", meet, strip)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll('[data-testid=meet], .hit.meet').length`); n == 0 {
				t.Errorf("step %d: no meeting node ringed", meet)
			}
			if !strings.Contains(eval[string](t, ctx, `document.getElementById('open-title').textContent`), "both directions") {
				t.Error("the open table does not say it holds both directions")
			}
			if n := eval[int](t, ctx, `document.querySelectorAll('[data-testid=open-row] .dir-mark[data-dir=backward]').length`); n == 0 {
				t.Error("no row of the open table is marked as the goal's tree's")
			}
			if strings.HasPrefix(tc.problem, "grid") {
				if n := eval[int](t, ctx, `document.querySelectorAll('[data-testid=grid-cell][data-dir=backward]').length`); n == 0 {
					t.Error("no grid cell is filled as the goal's tree's")
				}
			}
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.stepviz.inspect(1), undefined`), inspectorAt(1, meet)); err != nil {
				t.Fatal(err)
			}
			if got := eval[string](t, ctx, `(document.querySelector('[data-testid=insp-direction]') || {textContent: ""}).textContent`); !strings.HasPrefix(got, "backward") {
				t.Errorf("the inspector's direction of the goal: %q", got)
			}
		})
	}
}
