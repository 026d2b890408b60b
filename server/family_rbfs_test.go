package server

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// forgottenAt is how many nodes the engine shows forgotten at step k.
func forgottenAt(t *testing.T, problem, options string, k int) int {
	t.Helper()
	n := 0
	for _, nd := range engineAt(t, problem, options, k).Tree {
		if nd.Status == stepper.NodeForgotten {
			n++
		}
	}
	return n
}

// shownForgotten is the count of forgotten nodes RBFS's strip gives (0
// when it names none).
func shownForgotten(t *testing.T, ctx context.Context) int {
	t.Helper()
	return eval[int](t, ctx, `(() => { const e = document.querySelector('[data-testid=forgotten]'); return e ? parseInt(e.textContent, 10) : 0; })()`)
}

// TestRBFSForgottenCount: RBFS's strip counts the forgotten nodes as the
// engine does at every step reached by a step, a back, a seek either way
// and a reset, and counts them without visiting the nodes: no call of the
// model's per-node status from the strip, however many nodes there are.
func TestRBFSForgottenCount(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1600, 1100)
	const problem, options = "puzzle 867254301 goal=123456780", "rbfs h=manhattan"
	sess, err := srv.startSession(newSearch(t, problem, options))
	if err != nil {
		t.Fatal(err)
	}
	// the steps at which the count changes, and the largest count
	eng := newSearch(t, problem, options)
	var changes []int
	prev, most, mostAt := 0, 0, 0
	for k := 1; k <= 400; k++ {
		if _, ok := eng.Step(); !ok {
			break
		}
		n := 0
		for _, nd := range eng.Snapshot().Tree {
			if nd.Status == stepper.NodeForgotten {
				n++
			}
		}
		if n != prev {
			changes = append(changes, k)
		}
		if n > most {
			most, mostAt = n, k
		}
		prev = n
	}
	if len(changes) < 3 || most < 10 {
		t.Fatalf("rbfs on %s forgets too little to test: %d changes, at most %d nodes", problem, len(changes), most)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	// count the strip's calls of the model's per-node status
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const m = window.stepviz.model, f = m.statusOf; window.__stripCalls = 0;
		m.statusOf = function (id) { if (/rbfsStrip/.test(new Error().stack)) window.__stripCalls++; return f.call(this, id); }; // nodeStatus calls it too
	})(), undefined`)); err != nil {
		t.Fatal(err)
	}
	check := func(how string, k int) {
		t.Helper()
		if got, want := shownForgotten(t, ctx), forgottenAt(t, problem, options, k); got != want {
			t.Errorf("%s to step %d: the strip counts %d forgotten nodes, the engine %d", how, k, got, want)
		}
	}
	// step through the first changes one step at a time
	last := changes[2] + 1
	for k := 1; k <= last; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatal(err)
		}
		check("a step", k)
	}
	for k := last - 1; k >= changes[0]-1 && k >= 0; k-- {
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-back`), waitStep(k)); err != nil {
			t.Fatal(err)
		}
		check("back", k)
	}
	for _, k := range []int{mostAt, changes[1], mostAt + 7, changes[len(changes)-1], 0, mostAt} {
		if k == 0 {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-reset`), waitStep(0)); err != nil {
				t.Fatal(err)
			}
			check("reset", 0)
			continue
		}
		if err := jumpTo(ctx, k); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("a seek (%d nodes)", eval[int](t, ctx, `window.stepviz.model.nodeEnd`)), k)
	}
	if got := shownForgotten(t, ctx); got != most {
		t.Errorf("at step %d the strip counts %d, want the most, %d", mostAt, got, most)
	}
	if n := eval[int](t, ctx, `window.__stripCalls`); n != 0 {
		t.Errorf("the strip asked the status of %d nodes: it visits the nodes instead of keeping the count", n)
	}
	// a page opened at that step counts from the state message
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/s/"+sess.ID), waitStep(mostAt)); err != nil {
		t.Fatal(err)
	}
	check("a follower joining", mostAt)
}

// BenchmarkRBFSStrip100k measures the family strip's draw on RBFS (the
// hard 8-puzzle, Manhattan) at 100,000 nodes, most of them forgotten:
// the page steps 40 times, one at a time, and reports the median and the
// slowest of the strip's draw (session.js times it as "family"); then 3
// more, counting the strip's calls of the model's per-node status. Run once:
// go test -run XXX -bench RBFSStrip100k -benchtime 1x ./server/
func BenchmarkRBFSStrip100k(b *testing.B) {
	s, err := problems.New("puzzle 867254301 goal=123456780", "rbfs h=manhattan maxnodes=1000000")
	if err != nil {
		b.Fatal(err)
	}
	ctx, step, nodes := pageAtNodes(b, s, 100000)
	type figures struct {
		P50, Max, Calls, Forgotten, Nodes float64
	}
	var out figures
	b.ResetTimer()
	for range b.N {
		js := `(async () => {
			const sv = window.stepviz, m = sv.model, wait = (ms) => new Promise((r) => setTimeout(r, ms));
			const step = async () => {
				const k = m.step;
				sv.send({ type: "step" });
				while (document.getElementById("app").dataset.drawn !== String(k + 1)) await wait(2);
				await wait(20);
				return sv.state.timings.family;
			};
			const ms = [];
			for (let i = 0; i < 40; i++) ms.push(await step());
			ms.sort((a, b) => a - b);
			// then count (the count is slow: a stack trace a call) the
			// strip's calls of the model's per-node status (nodeStatus calls
			// statusOf)
			let calls = 0;
			const f = m.statusOf;
			m.statusOf = function (id) { if (/rbfsStrip/.test(new Error().stack)) calls++; return f.call(this, id); };
			for (let i = 0; i < 3; i++) await step();
			m.statusOf = f;
			const e = document.querySelector("[data-testid=forgotten]");
			return { P50: ms[20], Max: ms[39], Calls: calls / 3, Forgotten: e ? parseInt(e.textContent, 10) : 0, Nodes: m.nodeEnd };
		})()`
		if out, err = chromedp.Run(ctx, chromedp.Evaluate[figures](js, chromedp.EvalAwaitPromise)); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.Logf("rbfs from step %d (%d nodes) 43 steps on, %v nodes, %v forgotten: strip draw p50 %.1f ms, max %.1f ms, %.0f status calls a step", step, nodes, out.Nodes, out.Forgotten, out.P50, out.Max, out.Calls)
	b.ReportMetric(out.P50, "strip-p50-ms")
	b.ReportMetric(out.Max, "strip-max-ms")
	b.ReportMetric(out.Calls, "status-calls/step")
}
