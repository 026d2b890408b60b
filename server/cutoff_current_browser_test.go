package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// currentJS is JavaScript for what the page draws as current (expanded
// last): the states of the tree's and the map's nodes with that status,
// and the narration.
const currentJS = `(() => ({
	Tree: [...document.querySelectorAll("#tree g.tnode.current")].map((g) => g.getAttribute("data-state")),
	Map: [...document.querySelectorAll("g.city.current, g.gcell.current")].map((g) => g.getAttribute("data-state")),
	Narration: document.getElementById("narration").textContent,
	Limits: (document.querySelector("[data-testid=f-limits]") || {}).textContent || "",
}))()`

type currentInfo struct {
	Tree, Map []string
	Narration string
	Limits    string // RBFS's strip: the path with f-limits
}

// TestCutOffNodeIsNotCurrent: on a 1280×720 projector, a step that cuts
// its node off at the depth limit draws no node "current (expanded last)"
// in the tree or on the map, as its narration says "cut off, not
// expanded"; a step that expands its node draws that node current (RBFS's
// too when the step forgets its subtree). viz.Statuses draws the same
// (TestStatusesCurrentIsTheStepsExpansion). RBFS's strip gives the node a
// step unwound the f-limit the narration says its f is over.
func TestCutOffNodeIsNotCurrent(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		options   string
		steps     int
		current   string // "" for none
		narration string
		limits    string // in RBFS's strip
	}{
		{"ids", 2, "Arad", "expanded Arad", ""},
		{"ids", 3, "", "selected Zerind (depth 1, g 75): not the goal, and at the depth limit 1: cut off, not expanded.", ""},
		{"dls depth=1", 2, "", "cut off, not expanded.", ""},
		{"rbfs", 3, "Rimnicu_Vilcea", "Best f below Rimnicu_Vilcea is 417, over its f-limit 415", "Rimnicu_Vilcea (F 417, limit 415)"},
		{"rbfs", 4, "Fagaras", "Best f below Fagaras is 450, over its f-limit 417", "Fagaras (F 450, limit 417)"},
	} {
		openProjector(t, ctx, srv, ts, "graph romania", tc.options)
		for k := 1; k <= tc.steps; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
		got := eval[currentInfo](t, ctx, currentJS)
		want := []string{}
		if tc.current != "" {
			want = []string{tc.current}
		}
		if strings.Join(got.Tree, ",") != strings.Join(want, ",") || strings.Join(got.Map, ",") != strings.Join(want, ",") {
			screenshot(t, ctx, "cutoff-current-"+strings.ReplaceAll(tc.options, " ", "-")+".png")
			t.Errorf("%s step %d: current in the tree %q, on the map %q, want %q (narration %q)", tc.options, tc.steps, got.Tree, got.Map, want, got.Narration)
		}
		if !strings.Contains(got.Narration, tc.narration) {
			t.Errorf("%s step %d: narration %q lacks %q", tc.options, tc.steps, got.Narration, tc.narration)
		}
		if !strings.Contains(got.Limits, tc.limits) {
			t.Errorf("%s step %d: the strip's f-limits %q lack %q", tc.options, tc.steps, got.Limits, tc.limits)
		}
	}
}
