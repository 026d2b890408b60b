package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestChartLegendAndCounters: the chart's legend has a row of its own (the
// lines drawn below it, whatever their values) and every counter's label
// stands over its own value, at 1280 px and in projector mode.
func TestChartLegendAndCounters(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 900)
	sess, err := srv.startSession(newSearch(t, "puzzle 867254301 goal=123456780", "bfs maxnodes=100000"))
	if err != nil {
		t.Fatal(err)
	}
	_ = sess.Command(clientMsg{Type: cmdSeek, Step: 800})
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(800), chromedp.Sleep(400*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	type layout struct {
		LegendBottom, LinesTop float64
		Misplaced              []string
		ChartBottom, DLTop     float64
	}
	const measure = `(() => {
		const lg = document.querySelector("[data-testid=chart-legend]").getBoundingClientRect();
		const lines = [...document.querySelectorAll("#chart polyline")].map((e) => e.getBoundingClientRect().top);
		const bad = [];
		for (const d of document.querySelectorAll("#counters dt")) {
			const v = d.nextElementSibling, a = d.getBoundingClientRect(), b = v.getBoundingClientRect();
			if (Math.abs(a.left - b.left) > 1 || b.top < a.bottom - 1 || b.top - a.bottom > 10) bad.push(d.textContent + " → " + v.textContent);
		}
		return {LegendBottom: lg.bottom, LinesTop: Math.min(...lines), Misplaced: bad,
			ChartBottom: document.querySelector("#chart svg").getBoundingClientRect().bottom, DLTop: document.getElementById("counters").getBoundingClientRect().top};
	})()`
	for _, mode := range []string{"normal", "projector"} {
		if mode == "projector" {
			if err := chromedp.Do(ctx, chromedp.KeyEvent("f"), chromedp.Sleep(500*time.Millisecond), chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.body.scrollHeight)`)); err != nil {
				t.Fatal(err)
			}
		}
		l := eval[layout](t, ctx, measure)
		if l.LinesTop < l.LegendBottom {
			t.Errorf("%s: the chart's lines reach y %.0f, over its legend (bottom %.0f)", mode, l.LinesTop, l.LegendBottom)
		}
		if len(l.Misplaced) > 0 {
			t.Errorf("%s: counters whose label is not over its value: %v", mode, l.Misplaced)
		}
		if l.DLTop < l.ChartBottom {
			t.Errorf("%s: the counters (top %.0f) overlap the chart (bottom %.0f)", mode, l.DLTop, l.ChartBottom)
		}
		screenshot(t, ctx, "chart-counters-"+mode+".png")
	}
	_ = chromedp.Do(ctx, chromedp.KeyEvent("f"))
}
