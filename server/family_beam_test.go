package server

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/stepper"
	"stepviz/viz"
)

// The page of beam search, local beam search and bidirectional A* (issue
// 12), each in its own terms.

// shownRow is one row of the page's open table: its node and the key
// columns as shown (priority, tie, insertion number).
type shownRow struct {
	ID   int     `json:"id"`
	Prio float64 `json:"prio"`
	Tie  float64 `json:"tie"`
	Seq  int     `json:"seq"`
	Mark string  `json:"mark"`
}

// openRowsShown reads the page's open table, every row drawn.
func openRowsShown(t *testing.T, ctx context.Context) []shownRow {
	t.Helper()
	js := `JSON.stringify([...document.querySelectorAll('[data-testid=open-row]')].map((r) => ({
		id: Number(r.dataset.id), prio: Number(r.cells[4].textContent), tie: Number(r.cells[5].textContent),
		seq: Number(r.cells[6].textContent), mark: (r.querySelector('.tag') || {textContent: ""}).textContent })))`
	var rows []shownRow
	if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkOpenLikeEngine checks that the page's open table lists the
// engine's open list at step k in its pop order, each row with the
// engine's sort key, the next node and its ties marked (layered: a tie
// has the next node's layer and f).
func checkOpenLikeEngine(t *testing.T, ctx context.Context, problem, options string, k int, layered bool) []stepper.OpenEntry {
	t.Helper()
	snap := engineAt(t, problem, options, k)
	open := snap.Open
	rows := openRowsShown(t, ctx)
	if len(rows) != len(open) {
		t.Fatalf("step %d: %d open rows shown, the engine has %d open", k, len(rows), len(open))
	}
	for i, e := range open {
		r := rows[i]
		if r.ID != e.ID || r.Prio != e.Key.Priority || r.Tie != e.Key.Tie || r.Seq != e.Key.Seq {
			t.Errorf("step %d: open row %d is node %d with key (%v, %v, #%d), the engine pops node %d (%s) with key (%v, %v, #%d)",
				k, i+1, r.ID, r.Prio, r.Tie, r.Seq, e.ID, e.State, e.Key.Priority, e.Key.Tie, e.Key.Seq)
		}
		want := ""
		switch {
		case snap.Status != stepper.Running:
		case i == 0:
			want = "next"
		case e.Key.Priority == open[0].Key.Priority && (!layered || e.Key.Tie == open[0].Key.Tie):
			want = "tie"
		}
		if r.Mark != want {
			t.Errorf("step %d: open row %d (%s) is marked %q, want %q", k, i+1, e.State, r.Mark, want)
		}
	}
	return open
}

// jumpTo moves the presenter's page to step k with the jump field.
func jumpTo(ctx context.Context, k int) error {
	return chromedp.Do(ctx, chromedp.SetValue(`#jump-to`, ""), chromedp.SendKeys(`#jump-to`, fmt.Sprintf("%d\r", k)), waitStep(k))
}

// fitDrawn waits for the frame that draws the tree fitted (Fit is drawn
// on the next frame after its click): two frames.
func fitDrawn(t *testing.T, ctx context.Context) {
	t.Helper()
	fit, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(window.stepviz.tree.fit === "all"))))`, chromedp.EvalAwaitPromise))
	if err != nil || !fit {
		t.Fatalf("the tree is not fitted: %v", err)
	}
}

// pageText is the text of the element with data-testid id, "" if none.
func pageText(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`(document.querySelector('[data-testid=%s]') || {textContent: ""}).textContent`, id))
}

// TestBeamPage drives the page of beam search (width 2) and local beam
// search on Romania: the open table is the engine's, key for key (local
// beam: by layer, then f, its key columns headed so), pruned nodes are
// drawn as pruned and named in the legend, and the strip gives the width,
// the layer and the prunings.
func TestBeamPage(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1600, 1100)
	const problem = "graph romania"
	for _, tc := range []struct {
		options string
		local   bool
	}{
		{"beam width=2", false},
		{"beam width=2 local=true", true},
	} {
		t.Run(tc.options, func(t *testing.T) {
			sess, err := srv.startSession(newSearch(t, problem, tc.options))
			if err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
				t.Fatal(err)
			}
			if got := pageText(t, ctx, "beam-width"); !strings.HasPrefix(got, "beam width 2") {
				t.Errorf("step 0: the strip's width %q", got)
			}
			eng := newSearch(t, problem, tc.options)
			layersMixed := false // a step whose open list holds two layers
			for k := 1; ; k++ {
				ev, ok := eng.Step()
				if !ok {
					break
				}
				if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
					t.Fatal(err)
				}
				open := checkOpenLikeEngine(t, ctx, problem, tc.options, k, tc.local)
				if tc.local && len(open) > 1 && open[0].Depth != open[len(open)-1].Depth {
					// this step tells (layer, f) from f: the order by f alone differs
					byF := slices.Clone(open)
					slices.SortStableFunc(byF, func(a, b stepper.OpenEntry) int { return cmp.Compare(a.F, b.F) })
					if !slices.EqualFunc(open, byF, func(a, b stepper.OpenEntry) bool { return a.ID == b.ID }) {
						layersMixed = true
					}
				}
				if got := pageText(t, ctx, "pruned-total"); got != fmt.Sprintf("%d pruned in all", ev.Counters.Pruned) {
					t.Errorf("step %d: the strip says %q, the engine has pruned %d", k, got, ev.Counters.Pruned)
				}
				if ev.Beam != nil && ev.Beam.PrunedCount > 0 && !strings.Contains(pageText(t, ctx, "beam-pruned"), ev.Beam.Pruned[0].State.String()) {
					t.Errorf("step %d: the strip's prunings %q do not name %s", k, pageText(t, ctx, "beam-pruned"), ev.Beam.Pruned[0].State)
				}
				// every pruned node drawn is drawn as pruned, the others not
				var drawn []struct {
					ID     int    `json:"id"`
					Status string `json:"status"`
				}
				if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll('[data-testid=tree-node]')].map((e) => ({id: Number(e.dataset.id), status: e.dataset.status})))`)), &drawn); err != nil {
					t.Fatal(err)
				}
				pruned := 0
				for _, d := range drawn {
					isPruned := eng.Record(d.ID).Fate == stepper.BasePruned && eng.Node(d.ID).Status == stepper.NodeDiscarded
					if isPruned != (d.Status == "pruned") {
						t.Errorf("step %d: node %d (%s) drawn %q; pruned by the engine: %v", k, d.ID, eng.Node(d.ID).State, d.Status, isPruned)
					}
					if isPruned {
						pruned++
					}
				}
				if ev.Counters.Pruned > 0 && pruned == 0 {
					t.Errorf("step %d: %d nodes pruned, none drawn as pruned", k, ev.Counters.Pruned)
				}
				// and so does the map: a city showing a pruned node is drawn pruned
				var cities []struct {
					ID     int  `json:"id"`
					Pruned bool `json:"pruned"`
				}
				if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll('[data-testid=graph-node][data-id]')].map((e) => ({id: Number(e.dataset.id), pruned: e.classList.contains("pruned")})))`)), &cities); err != nil {
					t.Fatal(err)
				}
				for _, c := range cities {
					isPruned := eng.Record(c.ID).Fate == stepper.BasePruned && eng.Node(c.ID).Status == stepper.NodeDiscarded
					if isPruned != c.Pruned {
						t.Errorf("step %d: the city of node %d (%s) drawn pruned %v; pruned by the engine: %v", k, c.ID, eng.Node(c.ID).State, c.Pruned, isPruned)
					}
				}
			}
			if tc.local && !layersMixed {
				t.Error("no step's open list told (layer, f) from f: the test checks nothing")
			}
			if got := pageText(t, ctx, "legend"); !strings.Contains(got, "pruned") {
				t.Errorf("the legend %q does not name pruned nodes", got)
			}
			if got := pageText(t, ctx, "beam-width"); !strings.HasPrefix(got, "beam width 2") || strings.Contains(got, "local") != tc.local {
				t.Errorf("the strip's width %q", got)
			}
			heads := eval[string](t, ctx, `[...document.querySelectorAll('#open-table thead th')].map((e) => e.textContent).join(",")`)
			if want := map[bool]string{false: "#,state,g,h,f,tie,ins", true: "#,state,g,h,layer,f,ins"}[tc.local]; heads != want {
				t.Errorf("the open table's columns %q, want %q", heads, want)
			}
			title := pageText(t, ctx, "open-title")
			if !strings.HasPrefix(title, "Beam") || strings.Contains(title, "layer") != tc.local {
				t.Errorf("the open table is titled %q", title)
			}
			// the inspector says a pruned node is pruned
			id := -1
			for i := range eng.NodeEnd(eng.StepCount()) {
				if eng.Record(i).Fate == stepper.BasePruned {
					id = i
					break
				}
			}
			if id < 0 {
				t.Fatal("nothing pruned")
			}
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.inspect(%d), undefined`, id)), inspectorAt(id, eng.StepCount())); err != nil {
				t.Fatal(err)
			}
			if got := pageText(t, ctx, "insp-status"); got != "pruned" {
				t.Errorf("the inspector's status of pruned node %d: %q", id, got)
			}
			if got := pageText(t, ctx, "insp-f"); !strings.HasPrefix(got, "f = g + h") {
				t.Errorf("the inspector's f of a beam search node: %q, want f = g + h", got)
			}
		})
	}
}

// TestBiAStarPage drives bidirectional A* on Romania to its end: two trees
// (the goal's below), the meeting node ringed and in the legend, μ and the
// stopping rule in the strip, the narration's stop and the cost, 418.
func TestBiAStarPage(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1600, 1100)
	const problem, options = "graph romania", "biastar"
	sess, err := srv.startSession(newSearch(t, problem, options))
	if err != nil {
		t.Fatal(err)
	}
	eng := newSearch(t, problem, options)
	var last stepper.Event
	for {
		ev, ok := eng.Step()
		if !ok {
			break
		}
		last = ev
	}
	if last.Status != stepper.Solved || last.Bidirectional == nil {
		t.Fatalf("biastar on Romania ends %s at step %d", last.Status, last.Step)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0), chromedp.Click(`#btn-goal`), waitStep(last.Step),
		chromedp.Click(`#zoom-fit`), pollJS(`document.querySelectorAll('[data-testid=tree-node][data-dir=backward]').length > 0`)); err != nil {
		t.Fatalf("run to the goal (step %d): %v", last.Step, err)
	}
	fitDrawn(t, ctx)
	if !eval[bool](t, ctx, `(() => {
		const ys = (d) => [...document.querySelectorAll('[data-testid=tree-node][data-dir=' + d + ']')].map((e) => e.getBoundingClientRect().top);
		const f = ys("forward"), b = ys("backward");
		return f.length > 0 && b.length > 0 && Math.min(...b) > Math.max(...f);
	})()`) {
		t.Error("the goal's tree is not drawn below the start's")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('[data-testid=meet], .hit.meet').length`); n != 2 {
		t.Errorf("%d meeting nodes ringed, want 2 (one in each tree)", n)
	}
	if got := pageText(t, ctx, "legend"); !strings.Contains(got, "meeting node") || !strings.Contains(got, "goal's tree") {
		t.Errorf("the legend %q does not name the meeting node and the goal's tree", got)
	}
	if got := pageText(t, ctx, "mu"); got != "μ = 418" {
		t.Errorf("the strip's μ: %q, want 418", got)
	}
	if got := pageText(t, ctx, "rule"); !strings.Contains(got, "μ <= max(fminF, fminB)") {
		t.Errorf("the strip's stopping rule: %q", got)
	}
	narr := pageText(t, ctx, "narration")
	if !strings.Contains(narr, "is no less: stop") || !strings.Contains(narr, "path cost 418") {
		t.Errorf("the last step's narration %q, want the stopping rule met and the cost 418", narr)
	}
	if got := eval[string](t, ctx, `document.getElementById('status').textContent`); got != string(stepper.Solved) {
		t.Errorf("status %q", got)
	}
	// the path runs through both trees
	path := eval[[]int](t, ctx, `window.stepviz.model.path`)
	dirs := map[bool]bool{}
	for _, id := range path {
		dirs[eng.Record(id).Backward] = true
	}
	if len(path) == 0 || !dirs[true] || !dirs[false] {
		t.Errorf("the path %v does not join the two trees", path)
	}
}

// TestBeamHelloAndFirstPaint: hello says local beam's open list is
// layered, and the first paint marks as the next node's ties only the
// nodes of its layer with its f (at step 1 the open list is one layer,
// Sibiu f 393 then Timisoara f 447: no tie).
func TestBeamHelloAndFirstPaint(t *testing.T) {
	for options, want := range map[string]bool{"beam width=2 local=true": true, "beam width=2": false, "astar": false, "bfs": false} {
		if got := viz.DescribeSearch(newSearch(t, "graph romania", options)).Layered; got != want {
			t.Errorf("%s: hello layered %v, want %v", options, got, want)
		}
	}
	_, ts, sess := liveServer(t, Config{}, "graph romania", "beam width=2 local=true")
	_ = sess.Command(clientMsg{Type: cmdSeek, Step: 1})
	_, page, _ := get(t, ts.URL+presenterPath(sess))
	rows := byTestID(t, page, "open-row")
	if len(rows) != 2 || !strings.Contains(rows[0], "Sibiu") || !strings.Contains(rows[1], "Timisoara") {
		t.Fatalf("step 1's open rows: %q, want Sibiu, Timisoara", rows)
	}
	if strings.Contains(rows[1], "tie") {
		t.Errorf("Timisoara (f 447) is marked a tie of Sibiu (f 393): %q", rows[1])
	}
	// the key columns are headed layer and f before the script runs
	if !strings.Contains(page, ">layer</th>") || strings.Contains(page, ">tie</th>") {
		t.Error("local beam's first paint does not head its key columns layer and f")
	}
}

// TestFamilyLegendNamesEveryStyle: a style the tree draws beyond the five
// is in the legend once drawn, in any search: a depth limit's cut-off
// nodes in depth-limited DFS and in A* with depth=2.
func TestFamilyLegendNamesEveryStyle(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1600, 1100)
	for _, options := range []string{"dls depth=2", "astar depth=2"} {
		t.Run(options, func(t *testing.T) {
			sess, err := srv.startSession(newSearch(t, "graph romania", options))
			if err != nil {
				t.Fatal(err)
			}
			eng := newSearch(t, "graph romania", options)
			eng.Run(1000)
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0), chromedp.Click(`#btn-goal`), waitStep(eng.StepCount()), chromedp.Click(`#zoom-fit`)); err != nil {
				t.Fatal(err)
			}
			fitDrawn(t, ctx)
			if n := eval[int](t, ctx, `document.querySelectorAll('[data-testid=tree-node][data-status=cutoff]').length`); n == 0 {
				t.Fatalf("%s on Romania ends (%s) with no cut-off node drawn", options, eng.Status())
			}
			if got := pageText(t, ctx, "legend"); !strings.Contains(got, "cut off") {
				t.Errorf("cut-off nodes are drawn, the legend %q does not name them", got)
			}
		})
	}
}
