package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// hFailedWordsJS is JavaScript for what the page writes of node id's h:
// its tree box's texts and name, its open table row's h and f cells, and
// the inspector's h and f fields with the error under them.
const hFailedWordsJS = `((id) => {
	const out = {Box: [], Class: "", Row: [], InspH: "", InspErr: "", InspF: ""};
	const g = document.querySelector('#tree [data-testid=tree-node][data-id="' + id + '"]');
	if (g) {
		out.Class = g.getAttribute("class") || "";
		out.Box.push(g.getAttribute("aria-label") || "");
		for (const t of g.querySelectorAll("text")) out.Box.push(t.textContent);
	}
	const r = document.querySelector('[data-testid=open-row][data-id="' + id + '"]');
	if (r) for (const td of r.querySelectorAll("td.col-h, td.col-f")) out.Row.push(td.textContent);
	const h = document.querySelector("[data-testid=insp-h]"), e = document.querySelector("[data-testid=insp-h-error]"), f = document.querySelector("[data-testid=insp-f]");
	if (h) out.InspH = h.textContent;
	if (e) out.InspErr = e.textContent;
	if (f) out.InspF = f.textContent;
	return out;
})(%d)`

type hFailedWords struct {
	Box, Row              []string
	Class                 string
	InspH, InspErr, InspF string
}

// TestPageShowsHFailed: a student's heuristic that raises on Sibiu, A* on
// Romania from Arad. After the first step the search has failed; Sibiu's
// tree box, its name and its open row say "h failed" (never "h 0") and
// its inspector gives the error, naming the state; Zerind, whose h is a
// real 0, still reads "h 0".
func TestPageShowsHFailed(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 800)
	inst, err := problems.Parse("graph romania", nil)
	if err != nil {
		t.Fatal(err)
	}
	src := "def h_mine(s):\n    if s == \"Sibiu\":\n        fail(\"no distance for\", s)\n    return 0\n"
	if inst, err = script.WithHeuristics(inst, stepper.ExtraSource{Where: "mine.star", Text: src}); err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: "mine"})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := srv.startSession(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0), chromedp.Click(`#btn-step`), waitStep(1)); err != nil {
		t.Fatal(err)
	}
	if st := eval[string](t, ctx, `window.stepviz.model.status`); st != "failed" {
		t.Fatalf("status %q after the step whose h failed, want failed", st)
	}
	idOf := func(state string) int {
		t.Helper()
		return eval[int](t, ctx, fmt.Sprintf(`(window.stepviz.model.last.children.find((c) => c.state === %q) || {id: -1}).id`, state))
	}
	sibiu, zerind := idOf("Sibiu"), idOf("Zerind")
	if sibiu < 0 || zerind < 0 {
		t.Fatalf("children Sibiu %d, Zerind %d: want both generated", sibiu, zerind)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.inspect(%d)`, sibiu)), inspectorAt(sibiu, 1),
		pollJS(fmt.Sprintf(`!!document.querySelector('[data-testid=open-row][data-id="%d"]')`, sibiu))); err != nil {
		t.Fatal(err)
	}
	w := eval[hFailedWords](t, ctx, fmt.Sprintf(hFailedWordsJS, sibiu))
	box := strings.Join(w.Box, " | ")
	switch {
	case !strings.Contains(box, "h failed") || strings.Contains(box, "h 0"):
		t.Errorf("Sibiu's tree box reads %q: want h failed, never h 0", box)
	case !strings.Contains(w.Class, "hfailed"):
		t.Errorf("Sibiu's tree box has class %q, want hfailed", w.Class)
	}
	if len(w.Row) != 2 || w.Row[0] != stepper.HFailedText || w.Row[1] != stepper.UnknownF {
		t.Errorf("Sibiu's open row's h and f read %q, want [%s %s]", w.Row, stepper.HFailedText, stepper.UnknownF)
	}
	if !strings.HasPrefix(w.InspH, stepper.HFailedText) || !strings.Contains(w.InspErr, "Sibiu") || !strings.Contains(w.InspErr, "no distance") {
		t.Errorf("inspector h %q, error %q: want h failed and the error naming Sibiu", w.InspH, w.InspErr)
	}
	if !strings.HasPrefix(w.InspF, stepper.UnknownF) {
		t.Errorf("inspector f %q, want %s (no h, so no f)", w.InspF, stepper.UnknownF)
	}
	z := eval[hFailedWords](t, ctx, fmt.Sprintf(hFailedWordsJS, zerind))
	if zb := strings.Join(z.Box, " | "); !strings.Contains(zb, "h 0") || strings.Contains(zb, "failed") {
		t.Errorf("Zerind's tree box reads %q: its h is a real 0", zb)
	}
	// the flag follows the step shown: back before the failing step the
	// model holds Sibiu's id from step 1 and must not call it failed (a
	// node re-parented or reopened by the failing step exists then, with a
	// real h); forward again, it is failed again
	for _, k := range []int{0, 1} {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.send({type: "seek", step: %d})`, k)), waitStep(k)); err != nil {
			t.Fatal(err)
		}
		if got := eval[bool](t, ctx, fmt.Sprintf(`window.stepviz.model.hFailed(%d)`, sibiu)); got != (k == 1) {
			t.Errorf("step %d: the model says Sibiu's h failed %v, want %v (the heuristic fails at step 1)", k, got, k == 1)
		}
	}
}
