package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// headerCutJS is JavaScript for the header's texts (problem, options,
// warnings) that a reader cannot read whole: each one drawn cut (wider or
// taller than its box) or outside the screen, unless its title holds its
// whole text (a warning never is), or in type under min px; the header's
// height and its warnings' whole texts.
const headerCutJS = `((min) => {
	const bad = [];
	for (const e of document.querySelectorAll(".session-top .spec, .session-top .opts, .session-top .warning")) {
		const r = e.getBoundingClientRect(), px = parseFloat(getComputedStyle(e).fontSize), text = e.textContent.trim();
		if (r.width === 0) { bad.push(JSON.stringify(text) + " hidden"); continue; }
		const cut = e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 || r.right > innerWidth + 0.5 || r.bottom > innerHeight;
		if (cut && (e.classList.contains("warning") || !(e.title && e.title.includes(text.replace(/…$/, ""))))) bad.push(JSON.stringify(text) + " cut at " + Math.round(r.width) + "×" + Math.round(r.height) + " px");
		if (px < min - 0.25) bad.push(JSON.stringify(text.slice(0, 30)) + " in " + px.toFixed(1) + " px type");
	}
	return {Bad: bad, Height: document.querySelector(".session-top").getBoundingClientRect().height,
		Warnings: [...document.querySelectorAll(".session-top .warning")].map((e) => e.title || e.textContent)};
})`

type headerCut struct {
	Bad      []string
	Height   float64
	Warnings []string
}

// TestProjectorHeaderWhole: on a 1280×720 projector the header's problem,
// options and warnings are read whole, on the screen or in their titles:
// A* with the Manhattan distance on an 8-connected grid (where the server
// warns that the heuristic is not admissible) shows the whole warning on
// the screen, in type of 14 px or more; the header stays 60 px tall at
// most (two lines), as TestProjector720 wants.
func TestProjectorHeaderWhole(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, problem, options, warning string }{
		{"manhattan-8", "grid ......../......../......../......../........ moves=8 start=0,2 goal=7,2", "astar h=manhattan", "heuristic manhattan is not admissible"},
		{"romania", "graph romania", "astar", ""},
	} {
		openProjector(t, ctx, srv, ts, tc.problem, tc.options)
		got := eval[headerCut](t, ctx, headerCutJS+`(14)`)
		if tc.warning != "" && (len(got.Warnings) == 0 || !strings.Contains(got.Warnings[0], tc.warning)) {
			t.Errorf("%s: the header's warnings %q, want one that says %q: the test's search changed", tc.name, got.Warnings, tc.warning)
		}
		if len(got.Bad) > 0 {
			t.Errorf("%s: in the header: %s", tc.name, strings.Join(got.Bad, "; "))
		}
		if got.Height > 60 {
			t.Errorf("%s: the header is %.0f px tall", tc.name, got.Height)
		}
		t.Logf("%s: the header is %.0f px tall", tc.name, got.Height)
		screenshot(t, ctx, "projector-header-"+tc.name+".png")
	}
}
