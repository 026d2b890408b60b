package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
)

// axeViolation is one rule axe-core finds broken, with where.
type axeViolation struct {
	ID    string
	Help  string
	Nodes []string
}

// axeRun injects axe-core into the page of ctx and returns the WCAG 2.x A
// and AA violations it finds.
func axeRun(t *testing.T, ctx context.Context, axe []byte) []axeViolation {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](string(axe)+"\n;undefined")); err != nil {
		t.Fatalf("injecting axe-core: %v", err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]})
		.then((r) => r.violations.map((v) => ({ID: v.id, Help: v.help, Nodes: v.nodes.slice(0, 6).map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\s+/g, " ").slice(0, 200))})))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	return v
}

func checkAxe(t *testing.T, ctx context.Context, axe []byte, page string) {
	t.Helper()
	for _, v := range axeRun(t, ctx, axe) {
		t.Errorf("%s: axe %s (%s):\n  %s", page, v.ID, v.Help, strings.Join(v.Nodes, "\n  "))
	}
}

// TestAccessibility: axe-core (WCAG 2.1 A and AA: contrast, labels, names)
// finds nothing on the landing page, a session's presenter and follower
// pages (the tree drawn as boxes and as squares), projector mode, and a
// room's presenter and follower pages with a poll open.
func TestAccessibility(t *testing.T) {
	axe := testenv.AxeCore(t)
	srv, ts := roomServer(t, "")
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitReady(`body`)); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, ctx, axe, "landing")

	sess, err := srv.startSession(newSearch(t, "puzzle 283164705 goal=123804765", "astar h=manhattan"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 3; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatal(err)
		}
	}
	checkAxe(t, ctx, axe, "session (presenter)")
	names := `[...document.querySelectorAll("#tree [data-testid=tree-node]")].map((e) => e.getAttribute("aria-label") || "")`
	checkNames := func(how string) {
		t.Helper()
		got := eval[[]string](t, ctx, names)
		if len(got) == 0 {
			t.Errorf("%s: no tree nodes", how)
		}
		for _, n := range got {
			if !strings.HasPrefix(n, "node ") || !strings.Contains(n, " f ") {
				t.Errorf("%s: a tree node is named %q, want \"node N, state, status, g … h … f …\"", how, n)
			}
		}
	}
	checkNames("boxes")
	// zoomed out: the tree's nodes are squares
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`for (let i = 0; i < 8; i++) window.stepviz.tree.zoomBy(0.7)`), chromedp.Sleep(300e6)); err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#tree rect.hit").length`); n == 0 {
		t.Errorf("zoomed out, the tree draws no squares")
	}
	checkAxe(t, ctx, axe, "session (tree as squares)")
	checkNames("squares")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("f"), chromedp.Sleep(300e6)); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, ctx, axe, "session (projector)")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("f"), chromedp.Navigate(ts.URL+followerPath(sess)), waitStep(3)); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, ctx, axe, "session (follower)")

	code, key := createRoom(t, ts)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = "bfs\nastar h=manhattan"; document.querySelector("[data-testid=load]").click()`),
		poll(laneStep(0)+` === "0" && `+laneStep(1)+` === "0"`),
		chromedp.Click(`[data-testid=drive-step]`), poll(laneStep(1)+` === "1"`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "1"`),
		chromedp.Click(`[data-testid=ask]`),
		poll(`window.stepvizRoom.poll && !!window.stepvizRoom.poll.right`),
	); err != nil {
		t.Fatalf("room: %v", err)
	}
	checkAxe(t, ctx, axe, "room (presenter)")
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/r/"+code), poll(laneStep(1)+` === "1"`), poll(fmt.Sprintf(`!!document.querySelector("[data-testid=poll] button")`))); err != nil {
		t.Fatalf("room follower: %v", err)
	}
	checkAxe(t, ctx, axe, "room (follower)")
}
