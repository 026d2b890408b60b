package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// gridNumbers is JavaScript measuring the numbers written in a small
// grid's cells: the least size on the screen, how many there are, and
// the first that reaches out of its cell or overlaps another of its cell.
const gridNumbers = `(() => {
	let min = Infinity, n = 0, bad = "";
	for (const g of document.querySelectorAll("#problem-view svg.gridview .gcell")) {
		const cell = g.querySelector("rect").getBoundingClientRect(), boxes = [];
		for (const e of g.querySelectorAll("text")) {
			const r = e.getBoundingClientRect();
			min = Math.min(min, parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a); n++;
			if (!bad && (r.left < cell.left - 1 || r.right > cell.right + 1 || r.top < cell.top - 1 || r.bottom > cell.bottom + 1)) bad = e.textContent + " reaches out of cell " + g.dataset.state;
			for (const q of boxes) if (!bad && r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom) bad = e.textContent + " overlaps another number in cell " + g.dataset.state;
			boxes.push(r);
		}
	}
	const axis = [...document.querySelectorAll("#problem-view svg.gridview .axis text")].map((e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a);
	const svg = document.querySelector("#problem-view svg.gridview").getBoundingClientRect();
	for (const e of document.querySelectorAll("#problem-view svg.gridview .axis text")) { const r = e.getBoundingClientRect(); if (!bad && (r.left < svg.left - 0.5 || r.top < svg.top - 0.5)) bad = "axis label " + e.textContent + " is cut by the map's edge"; }
	return { Min: n ? min : 0, N: n, Bad: bad, Axis: axis.length ? Math.min(...axis) : 0 };
})()`

// TestProjectorGridNumbers: in projector mode on a true 1280×720 screen
// the numbers in a small grid's cells and its axis labels are 14 px or
// more on the screen, each number inside its cell and clear of the
// others, each label inside the map's box, after a few steps of A*
// on the tutorial grid (costs 10 and 14, so three-digit f) and of
// bidirectional A*.
func TestProjectorGridNumbers(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	tutorial, _ := exampleByName("tutorial-grid")
	for _, tc := range []struct{ name, problem, options string }{
		{"tutorial-grid", tutorial.Problem, tutorial.Options},
		{"grid-biastar", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "biastar"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			openProjector(t, ctx, srv, ts, tc.problem, tc.options)
			for k := 1; k <= 6; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
					t.Fatal(err)
				}
			}
			_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
			type numbers struct {
				Min  float64
				Axis float64
				N    int
				Bad  string
			}
			got := eval[numbers](t, ctx, gridNumbers)
			screenshot(t, ctx, "projector-grid-numbers-"+tc.name+".png")
			if got.N == 0 {
				t.Fatal("no number in the grid's cells")
			}
			if got.Min < 14 {
				t.Errorf("the least number in a cell is %.1f px on the screen: want 14 at least", got.Min)
			}
			if got.Axis < 14 {
				t.Errorf("the least axis label is %.1f px on the screen: want 14 at least", got.Axis)
			}
			if got.Bad != "" {
				t.Error(got.Bad)
			}
		})
	}
}
