package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// localChartText is JavaScript for the live local-search page's drawing:
// the size on the screen (the font's size times the drawing's scale) of
// each text drawn, the smallest of the chart's texts (h over the steps,
// its axis numbers), and how many of the chart's texts meet the chart's
// frame or its line.
const localChartText = `(() => {
	const svgs = [...document.querySelectorAll("#live-svg svg")];
	const px = (e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a;
	const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).display !== "none" && !e.closest("[display=none]");
	let least = Infinity, chartLeast = Infinity, overlaps = [], texts = 0;
	for (const svg of svgs) {
		for (const t of svg.querySelectorAll("text")) {
			if (!shown(t) || !t.textContent.trim()) continue;
			const r = t.getBoundingClientRect();
			if (r.width === 0 || r.right < 0 || r.left > innerWidth) continue;
			texts++;
			least = Math.min(least, px(t));
			if (t.closest("g.chart")) chartLeast = Math.min(chartLeast, px(t));
		}
		for (const g of svg.querySelectorAll("g.chart")) {
			if (!shown(g)) continue;
			const frame = g.querySelector("rect").getBoundingClientRect();
			for (const t of g.querySelectorAll("text")) {
				const r = t.getBoundingClientRect();
				// a text inside the frame's box, or crossing its edge
				const inside = r.left < frame.right - 0.5 && r.right > frame.left + 0.5 && r.top < frame.bottom - 0.5 && r.bottom > frame.top + 0.5;
				if (inside) overlaps.push(t.textContent);
			}
		}
	}
	return {Least: least, ChartLeast: chartLeast, Overlaps: overlaps, Texts: texts};
})()`

type localChartInfo struct {
	Least, ChartLeast float64
	Overlaps          []string
	Texts             int
}

// TestLiveLocalChartText: the live page of hill climbing (8 queens, a
// 10-city tour) draws the chart of h over the steps with its texts (the
// axis numbers and the caption) at 14 px or more on a 1280×720
// projector and at 11 px or more on a 390×844 phone, every other text of
// the drawing too, and none of the chart's texts inside the chart's frame.
func TestLiveLocalChartText(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	for _, screen := range liveScreens {
		for _, tc := range []struct{ name, problem string }{{"queens", "queens 8 seed=3"}, {"tsp", "tsp 10 seed=1"}} {
			t.Run(screen.name+"-"+tc.name, func(t *testing.T) {
				ctx := openLiveOnScreen(t, screen, tc.problem, "hillclimb", "")
				stepLive(t, ctx, 0, 3)
				_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
				screenshot(t, ctx, "live-local-chart-"+screen.name+"-"+tc.name+".png")
				v := eval[localChartInfo](t, ctx, localChartText)
				t.Logf("%s %s: %d texts, smallest %.1f px, the chart's smallest %.1f px", screen.name, tc.name, v.Texts, v.Least, v.ChartLeast)
				if v.ChartLeast < screen.least {
					t.Errorf("the chart's texts at %.1f px; want %.0f px or more", v.ChartLeast, screen.least)
				}
				if v.Least < screen.least {
					t.Errorf("the drawing's smallest text at %.1f px; want %.0f px or more", v.Least, screen.least)
				}
				if len(v.Overlaps) > 0 {
					t.Errorf("the chart's texts %q are drawn inside its frame, over its line", v.Overlaps)
				}
			})
		}
	}
}
