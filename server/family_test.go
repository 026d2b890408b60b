package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/server/room"
	"stepviz/server/session"
	"stepviz/stepper"
	"stepviz/viz"
)

// The depth-first iterative and bidirectional searches on the lecture
// server (issue 12): the form, rooms and the page, each in its own terms.

// familyForms are the algorithms the server once refused (not journaled).
var familyForms = []struct {
	algo, frontier string
}{
	{"ids", "stack"},
	{"idastar", "stack"},
	{"rbfs", "rbfs"},
	{"bibfs", "bidirectional"},
	{"biucs", "bidirectional"},
}

// TestFormAcceptsEveryFamily: the landing form, a room's search line and
// a trace upload start each algorithm, and its hello names the family and asks for ext
// records.
func TestFormAcceptsEveryFamily(t *testing.T) {
	srv := New(Config{MaxPerClient: 20}) // two sessions an algorithm
	defer srv.Close()
	ts := newTestServer(t, srv)
	for _, tc := range familyForms {
		before := srv.sessions.Len()
		resp, body := post(t, ts.URL+"/sessions", url.Values{"source": {"example"}, "example": {"romania"}, "algo": {tc.algo}, "h": {"default"}})
		if resp.StatusCode != http.StatusSeeOther {
			t.Errorf("%s: HTTP %d: %v", tc.algo, resp.StatusCode, byTestID(t, body, "form-error"))
			continue
		}
		if n := srv.sessions.Len(); n != before+1 {
			t.Fatalf("%s: %d sessions after the form, want %d", tc.algo, n, before+1)
		}
		if _, err := room.BuildSearch("graph romania", tc.algo, "", srv.cfg.MaxNodes); err != nil {
			t.Errorf("%s in a room: %v", tc.algo, err)
		}
		// a trace of its first 5 steps opens as a session
		before = srv.sessions.Len()
		if resp, body := upload(t, ts.URL, traceJSON(t, "graph romania", tc.algo, 5)); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("%s: a trace upload: %s: %v", tc.algo, resp.Status, byTestID(t, body, "form-error"))
		} else if n := srv.sessions.Len(); n != before+1 {
			t.Errorf("%s: %d sessions after a trace upload, want %d", tc.algo, n, before+1)
		}
		info := viz.DescribeSearch(newSearch(t, "graph romania", tc.algo))
		if info.Frontier != tc.frontier || !info.Ext {
			t.Errorf("%s: hello frontier %q ext %v, want %q and ext", tc.algo, info.Frontier, info.Ext, tc.frontier)
		}
	}
}

// stepOfIteration is the first step of a search whose event is in
// iteration it (Deepening.Iteration).
func stepOfIteration(t *testing.T, problem, options string, it int) int {
	t.Helper()
	s := newSearch(t, problem, options)
	for {
		ev, ok := s.Step()
		if !ok {
			t.Fatalf("%s %s: no iteration %d", problem, options, it)
		}
		if ev.Deepening != nil && ev.Deepening.Iteration == it {
			return ev.Step
		}
	}
}

// TestFamilyPages drives the page of IDA*, IDS and RBFS on Romania as a
// lecturer: the stack, the iteration and its threshold or depth limit, the
// tree of the current iteration only, an earlier iteration viewed by a
// click, RBFS's f-limits, backups and stored F.
func TestFamilyPages(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1600, 1100)
	start := func(problem, options string) *session.Session {
		t.Helper()
		sess, err := srv.startSession(newSearch(t, problem, options))
		if err != nil {
			t.Fatal(err)
		}
		return sess
	}
	text := func(id string) string {
		t.Helper()
		return eval[string](t, ctx, fmt.Sprintf(`(document.querySelector('[data-testid=%s]') || {textContent: ""}).textContent`, id))
	}
	jump := func(k int) error {
		return chromedp.Do(ctx, chromedp.SetValue(`#jump-to`, ""), chromedp.SendKeys(`#jump-to`, fmt.Sprintf("%d\r", k)), waitStep(k))
	}

	t.Run("idastar", func(t *testing.T) {
		sess := start("graph romania", "idastar")
		k3 := stepOfIteration(t, "graph romania", "idastar", 3)
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0), chromedp.Click(`#btn-step`), waitStep(1)); err != nil {
			t.Fatal(err)
		}
		if got := text("open-title"); !strings.Contains(got, "Stack") || !strings.Contains(got, "top first") {
			t.Errorf("the open table is titled %q, want the stack, top first", got)
		}
		if got := text("threshold"); got != "threshold 366" {
			t.Errorf("step 1: %q, want threshold 366 (h of Arad)", got)
		}
		if got := eval[string](t, ctx, `document.querySelector('[data-testid=tree-node][data-id="0"]').dataset.f`); got != "366" {
			t.Errorf("Arad's f in the tree: %q, want g + h = 366", got)
		}
		if !strings.Contains(text("legend"), "cut off") {
			t.Errorf("the legend %q does not name cut-off nodes", text("legend"))
		}
		if !strings.Contains(text("next-threshold"), "next threshold") {
			t.Errorf("step 1: no next threshold shown: %q", text("family-strip"))
		}
		if err := jump(k3); err != nil {
			t.Fatal(err)
		}
		if got := text("iteration"); got != "iteration 3" {
			t.Errorf("step %d: %q, want iteration 3", k3, got)
		}
		earlier := text("earlier")
		if !strings.HasPrefix(earlier, "earlier iterations: ") || !strings.Contains(earlier, " + ") {
			t.Errorf("step %d: earlier iterations %q, want two counted", k3, earlier)
		}
		// the tree shows the current iteration only
		bad := eval[int](t, ctx, `(() => { const m = window.stepviz.model; return [...document.querySelectorAll('[data-testid=tree-node]')].filter((e) => Number(e.dataset.id) < m.iterStart).length; })()`)
		shown := eval[int](t, ctx, `document.querySelectorAll('[data-testid=tree-node]').length`)
		if bad != 0 || shown == 0 || eval[int](t, ctx, `window.stepviz.model.iterStart`) == 0 {
			t.Errorf("step %d: %d tree nodes of earlier iterations drawn (of %d), iterStart %d", k3, bad, shown, eval[int](t, ctx, `window.stepviz.model.iterStart`))
		}
		// and so does the map: no city shows an earlier iteration's node
		if stale := eval[int](t, ctx, `(() => { const m = window.stepviz.model; return [...document.querySelectorAll('[data-testid=graph-node][data-id]')].filter((e) => Number(e.dataset.id) < m.iterStart).length; })()`); stale != 0 {
			t.Errorf("step %d: %d cities show a node of an earlier iteration", k3, stale)
		}
		if eval[string](t, ctx, `document.querySelector('[data-testid=current-path-edges]').getAttribute('d')`) == "" && eval[int](t, ctx, `(window.stepviz.model.last.deepening.current || []).length`) > 1 {
			t.Error("the current path is not highlighted")
		}
		// view iteration 1 at its last step
		want := eval[int](t, ctx, `Number(document.querySelector('[data-testid=earlier-iteration]').dataset.step)`)
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=earlier-iteration]`), waitStep(want), pollJS(`document.querySelector('[data-testid=iteration]').textContent === "iteration 1"`)); err != nil {
			t.Fatalf("clicking iteration 1 (its last step %d): %v; strip %q", want, err, text("family-strip"))
		}
		if got := text("threshold"); got != "threshold 366" {
			t.Errorf("iteration 1's last step: %q, want threshold 366", got)
		}
	})

	t.Run("idastar-follower", func(t *testing.T) {
		// a follower views an earlier iteration on its own copy; live stays
		sess := start("graph romania", "idastar")
		k3 := stepOfIteration(t, "graph romania", "idastar", 3)
		_ = sess.Command(clientMsg{Type: cmdSeek, Step: k3})
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/s/"+sess.ID), waitStep(k3)); err != nil {
			t.Fatal(err)
		}
		want := eval[int](t, ctx, `Number(document.querySelector('[data-testid=earlier-iteration]').dataset.step)`)
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=earlier-iteration]`), waitStep(want), pollJS(`document.querySelector('[data-testid=iteration]').textContent === "iteration 1"`)); err != nil {
			t.Fatalf("a follower clicking iteration 1: %v", err)
		}
		var live int
		sess.Do(func(lv session.Live) { live = lv.Search.StepCount() })
		if live != k3 || !strings.Contains(eval[string](t, ctx, `document.getElementById("live-text").textContent`), "Exploring") {
			t.Errorf("the follower's click moved live to %d (want %d) or is not exploring: %q", live, k3, eval[string](t, ctx, `document.getElementById("live-text").textContent`))
		}
	})

	t.Run("ids", func(t *testing.T) {
		sess := start("graph romania", "ids")
		k := stepOfIteration(t, "graph romania", "ids", 3)
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		if err := jump(k); err != nil {
			t.Fatal(err)
		}
		if got := text("depth-limit"); got != "depth limit 2" {
			t.Errorf("iteration 3: %q, want depth limit 2", got)
		}
		if got := text("open-title"); !strings.Contains(got, "Stack") {
			t.Errorf("ids: the open table is titled %q", got)
		}
	})

	t.Run("rbfs", func(t *testing.T) {
		sess := start("graph romania", "rbfs")
		eng := newSearch(t, "graph romania", "rbfs")
		backup := 0
		for backup == 0 {
			ev, ok := eng.Step()
			if !ok {
				t.Fatal("rbfs on Romania backs nothing up")
			}
			if ev.Deepening != nil && len(ev.Deepening.Backups) > 0 {
				backup = ev.Step
			}
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		if err := jump(backup); err != nil {
			t.Fatal(err)
		}
		if got := text("f-limits"); !strings.Contains(got, "Arad") || !strings.Contains(got, "limit ∞") {
			t.Errorf("step %d: f-limits %q, want the path from Arad with its limits", backup, got)
		}
		if got := text("backups"); !strings.Contains(got, "backed up:") || !strings.Contains(got, "←") {
			t.Errorf("step %d: backups %q", backup, got)
		}
		// forgotten nodes are drawn faded; with "discarded" unticked they
		// fold into a counted summary under the node their f was backed up to
		if n := eval[int](t, ctx, `document.querySelectorAll('[data-testid=tree-node][data-status=forgotten]').length`); n == 0 {
			t.Errorf("step %d: no forgotten node drawn", backup)
		}
		if err := chromedp.Do(ctx, chromedp.Click(`#show-discarded`), pollJS(`document.querySelectorAll('[data-testid=tree-node][data-status=forgotten]').length === 0`)); err != nil {
			t.Fatalf("unticking discarded: %v", err)
		}
		if got := eval[string](t, ctx, `[...document.querySelectorAll('[data-summary]')].map((e) => e.textContent).join("|")`); !strings.Contains(got, "3 nodes") {
			t.Errorf("step %d: the forgotten subtree's summary: %q, want its 3 nodes counted", backup, got)
		}
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.stepviz.inspect(0), undefined`), inspectorAt(0, backup)); err != nil {
			t.Fatal(err)
		}
		if got := text("insp-stored-f"); !strings.HasPrefix(got, "366") {
			t.Errorf("the inspector's stored F of Arad: %q, want 366", got)
		}
	})
}

// TestNodeCapGoesOnBounded: IDA*'s own node cap counts its current
// iteration, but a session journals every iteration's nodes, so at the
// server's limit the hub goes on in bounded mode (session/bounded.go):
// run to goal passes the limit holding only the path and its pending
// siblings, a step beyond is taken, and back and forward again work.
func TestNodeCapGoesOnBounded(t *testing.T) {
	const limit = 300
	_, ts, sess := liveServer(t, Config{MaxNodes: limit}, "puzzle 867254301 goal=123456780", fmt.Sprintf("idastar h=misplaced maxnodes=%d", limit))
	c, _, _ := dial(t, ts, sess, sess.Key())
	send(t, c, clientMsg{Type: cmdGoal})
	var v view
	readAs(t, c, msgMove, &v)
	var held, made int
	sess.Do(func(lv session.Live) { held, made = lv.Search.NodesHeld(), lv.Search.NodeCount() })
	if v.Status != stepper.Running || !v.Held || made <= limit || held > made || v.Step < 4*limit {
		t.Fatalf("run to goal: step %d %s, held %v: %d nodes made, %d stored; want to run on past %d nodes in bounded mode", v.Step, v.Status, v.Held, made, held, limit)
	}
	send(t, c, clientMsg{Type: cmdStep})
	var st stepMsg
	readAs(t, c, msgStep, &st)
	if st.Event.Step != v.Step+1 || !st.Held {
		t.Errorf("a step past the limit: step %d (held %v) after %d", st.Event.Step, st.Held, v.Step)
	}
	send(t, c, clientMsg{Type: cmdBack})
	readAs(t, c, msgMove, &v)
	send(t, c, clientMsg{Type: cmdStep})
	readAs(t, c, msgStep, &st)
	if st.Event.Step != v.Step+1 {
		t.Errorf("a step after a back: step %d after %d", st.Event.Step, v.Step)
	}
}

// TestFormParentOption: the landing form sets IDA*'s parent policy, and
// a wrong one is explained beside the field.
func TestFormParentOption(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	_, page, _ := get(t, ts.URL+"/")
	if !strings.Contains(page, `<select name="parent"`) {
		t.Fatal("the landing form has no parent option")
	}
	resp, body := post(t, ts.URL+"/sessions", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "algo": {"idastar"}, "h": {"manhattan"}, "parent": {"keep"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("idastar parent=keep: HTTP %d: %v", resp.StatusCode, byTestID(t, body, "form-error"))
	}
	var opts string
	sess := onlySession(t, srv)
	sess.Do(func(lv session.Live) { opts = lv.Search.Options().String() })
	if !strings.Contains(opts, "parent=keep") {
		t.Errorf("the session's options %q lack parent=keep", opts)
	}
	resp, body = post(t, ts.URL+"/sessions", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "algo": {"idastar"}, "parent": {"sometimes"}})
	if resp.StatusCode == http.StatusSeeOther || !strings.Contains(body, `data-testid="form-error"`) || !strings.Contains(strings.Join(byTestID(t, body, "form-error"), " "), "sometimes") {
		t.Errorf("parent=sometimes: HTTP %d, %v; want the form again naming the value", resp.StatusCode, byTestID(t, body, "form-error"))
	}
}

// TestFormBeamOptions checks that the landing form sets beam's width, local
// and ranking, and explains a bad width beside its field.
func TestFormBeamOptions(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	_, page, _ := get(t, ts.URL+"/")
	for _, field := range []string{`name="width"`, `name="local"`, `<select name="f"`} {
		if !strings.Contains(page, field) {
			t.Fatalf("the landing form has no %s field", field)
		}
	}
	resp, body := post(t, ts.URL+"/sessions", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "algo": {"beam"}, "h": {"manhattan"}, "width": {"5"}, "local": {"true"}, "f": {"h"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("beam width=5 local f=h: HTTP %d: %v", resp.StatusCode, byTestID(t, body, "form-error"))
	}
	var opts string
	sess := onlySession(t, srv)
	sess.Do(func(lv session.Live) { opts = lv.Search.Options().String() })
	for _, want := range []string{"width=5", "local=true", "f=h"} {
		if !strings.Contains(opts, want) {
			t.Errorf("the session's options %q lack %s", opts, want)
		}
	}
	resp, body = post(t, ts.URL+"/sessions", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "algo": {"beam"}, "width": {"0"}})
	errs := strings.Join(byTestID(t, body, "form-error"), " ")
	if resp.StatusCode == http.StatusSeeOther || !strings.Contains(errs, "width") {
		t.Errorf("width=0: HTTP %d, %q; want the form again naming the width", resp.StatusCode, errs)
	}
}
