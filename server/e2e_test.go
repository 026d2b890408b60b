package server

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/server/session"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// browser starts headless Chromium for one test.
func browser(t *testing.T) context.Context {
	t.Helper()
	return testbrowser.New(t, 1600, 1100, 90*time.Second)
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	path := testenv.Artifact(t, name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// waitStep waits until the page shows step n.
func waitStep(n int) chromedp.Action[chromedp.Void] {
	return testbrowser.Until(fmt.Sprintf(`document.getElementById("step-n").textContent === "%d" && document.getElementById("app").dataset.drawn === "%d"`, n, n), 10*time.Second)
}

// engineAt is the engine's own snapshot of the example at step k.
func engineAt(t *testing.T, problem, options string, k int) stepper.Snapshot {
	t.Helper()
	s, err := problems.New(problem, options)
	if err != nil {
		t.Fatalf("problems.New(%q, %q): %v", problem, options, err)
	}
	s.Seek(k)
	return s.Snapshot()
}

// checkPage compares the page's open table and tree with the engine's
// snapshot: the f column in pop order, and every tree node's f by id.
func checkPage(t *testing.T, ctx context.Context, who string, want stepper.Snapshot) {
	t.Helper()
	openF, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#open-table [data-testid=open-f]')].map(e => e.textContent)`))
	if err != nil {
		t.Fatalf("%s: reading the page: %v", who, err)
	}
	treeF, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll('#tree [data-testid=tree-node]')].map(e => [e.dataset.id, e.dataset.f]))`))
	if err != nil {
		t.Fatalf("%s: reading the page: %v", who, err)
	}
	// the table is virtualised: it shows the head of the open list, as
	// many rows as fit, and at least ten when there are that many
	var wantF []string
	for i, e := range want.Open {
		if i == len(openF) {
			break
		}
		wantF = append(wantF, stepper.FormatNumber(e.Key.Priority))
	}
	if len(openF) < min(10, len(want.Open)) || strings.Join(openF, " ") != strings.Join(wantF, " ") {
		t.Errorf("%s: step %d: open table f = %v, engine says %v", who, want.Step, openF, wantF)
	}
	if len(treeF) != len(want.Tree) {
		t.Errorf("%s: step %d: tree shows %d nodes, engine has %d", who, want.Step, len(treeF), len(want.Tree))
	}
	for _, n := range want.Tree {
		if got, ok := treeF[fmt.Sprint(n.ID)]; ok && got != stepper.FormatNumber(n.F) {
			t.Errorf("%s: step %d: tree node %d (%s) shows f %s, engine says %s", who, want.Step, n.ID, n.State, got, stepper.FormatNumber(n.F))
		}
	}
}

// TestEndToEnd drives the viewer in headless Chromium: a presenter starts
// the textbook 8-puzzle from the landing page and steps; a follower in a
// second browser sees the same steps live and cannot drive.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	srv := New(Config{})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	ctx := browser(t)
	ex, _ := exampleByName("puzzle-283164705")

	// The presenter starts a session from the landing page.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`[data-testid=start-puzzle-283164705]`),
	); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "landing.png")
	if err := chromedp.Do(ctx,
		chromedp.Click(`[data-testid=start-puzzle-283164705]`),
		chromedp.WaitVisible(`[data-testid=session]`),
		waitStep(0),
	); err != nil {
		t.Fatal(err)
	}
	if role, err := chromedp.Run(ctx, chromedp.Text(`[data-testid=role]`)); err != nil || role != "Presenter" {
		t.Fatalf("role badge %q (%v), want Presenter", role, err)
	}
	for k := 1; k <= 3; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
	}
	checkPage(t, ctx, "presenter", engineAt(t, ex.Problem, ex.Options, 3))
	screenshot(t, ctx, "session-presenter-step3.png")

	// Back one step.
	if err := chromedp.Do(ctx, chromedp.Click(`#btn-back`), waitStep(2)); err != nil {
		t.Fatalf("back: %v", err)
	}
	checkPage(t, ctx, "presenter", engineAt(t, ex.Problem, ex.Options, 2))

	// A follower opens the read-only link in a second browser.
	followerURL, err := chromedp.Run(ctx, chromedp.Value(`[data-testid=follower-link]`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(followerURL, "key=") {
		t.Fatalf("follower link %q carries the presenter key", followerURL)
	}
	// A second browser (its own Chromium process and profile).
	fctx := browser(t)
	if err := chromedp.Do(fctx, chromedp.Navigate(followerURL), chromedp.WaitVisible(`[data-testid=session]`), waitStep(2)); err != nil {
		t.Fatalf("follower: %v", err)
	}
	checkPage(t, fctx, "follower", engineAt(t, ex.Problem, ex.Options, 2))

	// The presenter steps twice; the follower sees both steps live.
	for k := 3; k <= 4; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatalf("presenter step %d: %v", k, err)
		}
		if err := chromedp.Do(fctx, waitStep(k)); err != nil {
			t.Fatalf("follower did not see step %d: %v", k, err)
		}
	}
	checkPage(t, fctx, "follower", engineAt(t, ex.Problem, ex.Options, 4))
	// Inspect the next node on the follower's page.
	if err := chromedp.Do(fctx, chromedp.Click(`#open-table tbody tr`), chromedp.WaitVisible(`[data-testid=insp-terms]`)); err != nil {
		t.Fatalf("inspector: %v", err)
	}
	screenshot(t, fctx, "session-follower-step4.png")

	// The follower cannot drive: a raw command is refused with a reason...
	if err := chromedp.Do(fctx,
		chromedp.Evaluate[chromedp.Void](`window.stepviz.send({type: "step"}), undefined`),
		chromedp.WaitVisible(`#notice`),
	); err != nil {
		t.Fatalf("follower command: %v", err)
	}
	notice, err := chromedp.Run(fctx, chromedp.Text(`#notice`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(notice, "refused") {
		t.Errorf("follower's refused command shows %q", notice)
	}
	// ...and its Step button explores a copy without moving the session.
	if err := chromedp.Do(fctx, chromedp.Click(`#btn-step`), waitStep(5), chromedp.WaitVisible(`#btn-rejoin`)); err != nil {
		t.Fatalf("follower exploring: %v", err)
	}
	sess := onlySession(t, srv)
	var live int
	sess.Do(func(lv session.Live) { live = lv.Search.StepCount() })
	if live != 4 {
		t.Errorf("after the follower's clicks the session is at step %d, want 4", live)
	}
	checkPage(t, fctx, "follower exploring", engineAt(t, ex.Problem, ex.Options, 5))
	screenshot(t, fctx, "session-follower-exploring.png")
	if err := chromedp.Do(fctx, chromedp.Click(`#btn-rejoin`), waitStep(4)); err != nil {
		t.Fatalf("rejoin: %v", err)
	}
	if err := chromedp.Do(ctx, waitStep(4)); err != nil {
		t.Fatalf("presenter moved: %v", err)
	}

	// When the session ends, the page says so instead of retrying forever.
	srv.Close()
	if err := chromedp.Do(fctx, testbrowser.Until(`document.getElementById("conn").textContent.includes("ended")`, 20*time.Second)); err != nil {
		t.Errorf("the follower's page did not notice the session ended: %v", err)
	}
}

func onlySession(t *testing.T, srv *Server) *session.Session {
	t.Helper()
	ids := srv.sessions.IDs()
	if len(ids) != 1 {
		t.Fatalf("%d sessions, want 1", len(ids))
	}
	s, _ := srv.sessions.Get(ids[0])
	return s
}

// TestEndToEndViews opens each kind of problem, steps with the keyboard,
// inspects a node and saves a screenshot; the large case checks the page
// stays usable with a 10,000-node tree and logs how long one redraw takes.
func TestEndToEndViews(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	srv := New(Config{})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	ctx := browser(t)
	moving, _ := exampleByName("moving-ai")
	tutorial, _ := exampleByName("tutorial-grid")
	for _, tc := range []struct {
		name, problem, options string
		start, keys            int
		projector              bool
	}{
		{"tutorial-grid", tutorial.Problem, tutorial.Options, 0, 6, false},
		{"romania", "graph romania", "astar", 0, 4, false},
		{"moving-ai", moving.Problem, moving.Options, 0, 60, false},
		{"puzzle-projector", "puzzle 283164705 goal=123804765", "astar", 0, 5, true},
		{"large-10k", "puzzle 867254301 goal=123456780", "bfs", 3900, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sess, err := srv.startSession(newSearch(t, tc.problem, tc.options+" maxnodes=100000"))
			if err != nil {
				t.Fatal(err)
			}
			if tc.start > 0 {
				_ = sess.Command(clientMsg{Type: cmdSeek, Step: tc.start})
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(tc.start)); err != nil {
				t.Fatal(err)
			}
			if tc.projector {
				if err := chromedp.Do(ctx, chromedp.KeyEvent("f")); err != nil {
					t.Fatal(err)
				}
			}
			// Step with the keyboard: → and space.
			for k := 1; k <= tc.keys; k++ {
				key := kb.ArrowRight
				if k%2 == 0 {
					key = " "
				}
				if err := chromedp.Do(ctx, chromedp.KeyEvent(key), waitStep(tc.start+k)); err != nil {
					t.Fatalf("key step %d: %v", k, err)
				}
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent("i"), chromedp.WaitVisible(`[data-testid=inspector-node]`)); err != nil {
				t.Fatalf("inspect the next node with i: %v", err)
			}
			_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
			nodes, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.stepviz.model.nodeEnd`))
			if err != nil {
				t.Fatal(err)
			}
			ms, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("app").dataset.drawMs + " " + JSON.stringify(window.stepviz.state.timings)`))
			t.Logf("%s: %d nodes, last redraw %s ms", tc.name, nodes, ms)
			if tc.name == "romania" {
				checkFoldAndZoom(t, ctx)
			}
			if tc.name == "large-10k" && nodes < 10000 {
				t.Errorf("the large case has only %d nodes", nodes)
			}
			screenshot(t, ctx, "session-"+tc.name+".png")
			if tc.projector {
				// the key map, then back to normal type
				if err := chromedp.Do(ctx, chromedp.KeyEvent("?"), chromedp.WaitVisible(`[data-testid=keymap]`)); err != nil {
					t.Fatalf("? did not show the key map: %v", err)
				}
				screenshot(t, ctx, "session-keymap.png")
				_ = chromedp.Do(ctx, chromedp.KeyEvent("?"), chromedp.WaitNotVisible(`[data-testid=keymap]`), chromedp.KeyEvent("f"))
			}
		})
	}
}

// TestEndToEndLanding draws a grid on the landing page (a click toggles a
// wall, dragging moves the goal), starts it, and checks that bad input is
// explained inline.
func TestEndToEndLanding(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	srv := New(Config{})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	ctx := browser(t)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(`[data-testid=source-grid]`),
		chromedp.WaitVisible(`[data-testid=grid-editor] .c`),
		chromedp.Click(`[data-testid=grid-editor] .c[data-x="0"][data-y="0"]`),
		// drag G from 8,3 to 9,5 with the keyboard: focus the grid, move the cursor, press g
		chromedp.Focus(`[data-testid=grid-editor]`),
	); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{kb.ArrowDown, kb.ArrowDown, kb.ArrowRight, kb.ArrowRight, "g"} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := chromedp.Run(ctx, chromedp.Value(`[data-testid=grid-rows]`))
	if err != nil {
		t.Fatal(err)
	}
	want := "#.........\n..........\n..G####...\n.S....#...\n......#...\n.........."
	if rows != want {
		t.Fatalf("grid rows after editing:\n%s\nwant:\n%s", rows, want)
	}
	screenshot(t, ctx, "landing-grid-editor.png")
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=start-own]`), chromedp.WaitVisible(`[data-testid=session]`), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	spec, err := chromedp.Run(ctx, chromedp.Text(`[data-testid=spec]`))
	if err != nil || !strings.HasPrefix(spec, "grid #........./........../..G####...") {
		t.Fatalf("session spec %q (%v)", spec, err)
	}
	// Bad input comes back explained next to the field, with what was typed.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(`[data-testid=source-puzzle]`),
		chromedp.SetValue(`[data-testid=puzzle]`, "12345678"),
		chromedp.Click(`[data-testid=start-own]`),
		chromedp.WaitVisible(`[data-testid=form-error]`),
	); err != nil {
		t.Fatal(err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Text(`[data-testid=form-error]`))
	if err != nil || !strings.Contains(msg, "12345678") || strings.Contains(msg, "stepper:") {
		t.Errorf("inline error %q (%v)", msg, err)
	}
	if v, _ := chromedp.Run(ctx, chromedp.Value(`[data-testid=puzzle]`)); v != "12345678" {
		t.Errorf("typed tiles came back as %q", v)
	}
	screenshot(t, ctx, "landing-error.png")
}

// checkFoldAndZoom folds the subtree of the second node expanded with the c key, checks the
// tree hides it and says how many nodes it hides, unfolds it, and zooms.
func checkFoldAndZoom(t *testing.T, ctx context.Context) {
	t.Helper()
	count := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#tree [data-testid=tree-node]').length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("0")); err != nil { // fit the whole tree
		t.Fatal(err)
	}
	before := count()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.stepviz.inspect(window.stepviz.model.closedTail(1e9)[1]), undefined`), chromedp.KeyEvent("c")); err != nil {
		t.Fatal(err)
	}
	// the tree is redrawn on every frame that changes it: read it in one go
	if err := chromedp.Do(ctx, testbrowser.Until(`!!document.querySelector('#tree .folded')`, 5*time.Second)); err != nil {
		t.Fatalf("no folded marker: %v", err)
	}
	folded, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#tree .folded').textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if after := count(); after >= before || folded != fmt.Sprintf("+%d", before-after) {
		t.Errorf("folding: %d nodes drawn before, %d after, marker %q", before, after, folded)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("c")); err != nil {
		t.Fatal(err)
	}
	if after := count(); after != before {
		t.Errorf("unfolding: %d nodes drawn, want %d", after, before)
	}
	k0, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.stepviz.tree.k`))
	if err := chromedp.Do(ctx, chromedp.KeyEvent("+")); err != nil {
		t.Fatal(err)
	}
	if k1, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.stepviz.tree.k`)); k1 <= k0 {
		t.Errorf("zoom in: scale %v after %v", k1, k0)
	}
	_ = chromedp.Do(ctx, chromedp.KeyEvent("a"))

	// With the tree focused the arrows walk it: from the root down to its
	// first child (node 1), then right to the next sibling (node 2).
	inspected := func(id int) chromedp.Action[chromedp.Void] {
		return testbrowser.Until(fmt.Sprintf(`(document.querySelector('[data-testid=inspector-node]')||{dataset:{}}).dataset.id === "%d"`, id), 5*time.Second)
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`window.stepviz.inspect(0), undefined`), inspected(0),
		chromedp.Focus(`#tree`), chromedp.KeyEvent(kb.ArrowDown), inspected(1),
		chromedp.KeyEvent(kb.ArrowRight), inspected(2),
		chromedp.KeyEvent(kb.ArrowUp), inspected(0),
	); err != nil {
		t.Errorf("walking the tree with the arrows: %v", err)
	}
	if step, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`window.stepviz.model.step`)); step != 4 {
		t.Errorf("the arrows in the tree stepped the search to %d", step)
	}
}
