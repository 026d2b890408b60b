package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// mapLabels is JavaScript listing every label of the road map drawn on the
// page: its text, class, box on the screen and font size in screen pixels.
const mapLabels = `[...document.querySelectorAll("[data-testid=graph-svg] text")].map((e) => {
	const r = e.getBoundingClientRect(), m = e.getScreenCTM();
	return {Text: e.textContent, Class: e.getAttribute("class") || "", X0: r.left, Y0: r.top, X1: r.right, Y1: r.bottom, Px: parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b)};
})`

type mapLabel struct {
	Text, Class    string
	X0, Y0, X1, Y1 float64
	Px             float64
}

// TestMapLabelsLegible: the Romania map in projector mode on a 1280×720
// and a 1920×1080 screen, a few steps in (cities show f): no two labels
// overlap (boxes as the browser lays them out), every label is 18 px or
// more, and every city has its label.
func TestMapLabelsLegible(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	srv := New(Config{})
	t.Cleanup(srv.Close)
	ts := newTestServer(t, srv)
	for _, tc := range []struct {
		w, h    int
		options string
		steps   int
	}{
		{1280, 720, "astar", 4}, {1920, 1080, "astar", 4},
		// both directions' cities crowd the map early on
		{1280, 720, "bibfs", 2},
	} {
		size := [2]int{tc.w, tc.h}
		name := fmt.Sprintf("%dx%d-%s", size[0], size[1], tc.options)
		ctx := testbrowser.New(t, size[0], size[1], 90*time.Second)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(size[0]), int64(size[1]))); err != nil {
			t.Fatal(err)
		}
		openProjector(t, ctx, srv, ts, "graph romania", tc.options)
		for k := 1; k <= tc.steps; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "map-labels-"+name+".png")
		var labels []mapLabel
		if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify(`+mapLabels+`)`)), &labels); err != nil {
			t.Fatal(err)
		}
		cities, costs := 0, 0
		for i, a := range labels {
			switch a.Class {
			case "cname":
				cities++
				// a city's initials never read as the start's or the
				// goal's mark
				if n, _, _ := strings.Cut(a.Text, " "); n == "S" || n == "G" {
					t.Errorf("%s: city label %q reads as the %s mark", name, a.Text, map[string]string{"S": "start", "G": "goal"}[n])
				}
			case "cost":
				costs++
			}
			if a.Px < 18-0.25 {
				t.Errorf("%s: label %q (%s) is %.1f px, want 18 or more", name, a.Text, a.Class, a.Px)
			}
			for _, b := range labels[i+1:] {
				if a.X0 < b.X1-0.5 && b.X0 < a.X1-0.5 && a.Y0 < b.Y1-0.5 && b.Y0 < a.Y1-0.5 {
					t.Errorf("%s: labels %q and %q overlap: %.0f,%.0f–%.0f,%.0f and %.0f,%.0f–%.0f,%.0f", name, a.Text, b.Text, a.X0, a.Y0, a.X1, a.Y1, b.X0, b.Y0, b.X1, b.Y1)
				}
			}
		}
		if cities != 20 {
			t.Errorf("%s: %d city labels, want Romania's 20", name, cities)
		}
		t.Logf("%s: %d city labels, %d of 23 road costs shown, map %s", name, cities, costs, eval[string](t, ctx, `(() => { const r = document.querySelector("[data-testid=graph-svg]").getBoundingClientRect(); return Math.round(r.width) + "×" + Math.round(r.height); })()`))
	}
}
