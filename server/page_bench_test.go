package server

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/server/session"
	"stepviz/stepper"
)

// pageFigures are what the page measures of itself (requestAnimationFrame
// timestamps and performance.now() in the page, so the figures are the
// browser's, not the test's round trips). A change "appears" when the
// frame that draws it is painted: the page notes that moment with a task
// posted from the frame's requestAnimationFrame callback, which runs after
// the frame's style, layout and paint (static/util.js, afterPaint).
type pageFigures struct {
	FPS       float64 // animation frames per second while playing
	Draws     float64 // model draws per second while playing (at most the step rate, plus redraws for state strings)
	P95       float64 // 95th percentile frame interval while playing, ms
	MaxFrame  float64 // longest frame interval while playing, ms
	Step      float64 // one step: send to the painted frame that shows it with its state strings, median of 9, ms
	StepMax   float64 // the slowest of the same 9 steps, ms
	StepParts string  // where the median step's time went, ms
	Zoom      float64 // a wheel zoom on the tree to its painted redraw, slowest of 5, ms
	Drag      float64 // a drag of the tree to its painted redraw, slowest of 5, ms
	GridZoom  float64 // a wheel zoom on a big grid's canvas, slowest of 5, ms (0: no canvas)
	GridDrag  float64 // a drag of a big grid's canvas, slowest of 5, ms
	DOM       int     // elements in the page after playing
	Views     string  // the slowest draw of each view while playing, ms (JSON)
	DrawP50   float64 // median time of one draw of every view (script only), ms
	DrawP95   float64 // 95th percentile of the same, ms
}

// measurePage plays the session at 20 steps a second for secs seconds and
// measures the frame rate, then pauses and measures single steps, zooms
// and drags. Each zoom and drag fires just after a frame began, the worst
// moment: its redraw waits for the next frame.
const measurePage = `(async (secs) => {
  const sv = window.stepviz, raf = () => new Promise((r) => requestAnimationFrame(r));
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const ch = new MessageChannel(), queued = [];
  ch.port1.onmessage = () => queued.shift()();
  const painted = () => new Promise((r) => { queued.push(r); ch.port2.postMessage(0); });
  const out = {};
  const frames = []; let run = true, last = await raf();
  (async () => { while (run) { const t = await raf(); frames.push(t - last); last = t; } })();
  const d0 = sv.stats.draws, worst = {};
  sv.send({ type: "play", speed: 20 });
  for (let i = 0; i < secs * 10; i++) {
    await wait(100);
    for (const [k, v] of Object.entries(sv.state.timings || {})) worst[k] = Math.max(worst[k] || 0, v);
  }
  run = false;
  out.Views = JSON.stringify(worst);
  const dm = sv.stats.drawMs.filter((x) => x !== undefined).sort((a, b) => a - b);
  out.DrawP50 = dm[Math.floor(dm.length / 2)] || 0; out.DrawP95 = dm[Math.floor(dm.length * 0.95)] || 0;
  out.Draws = (sv.stats.draws - d0) / secs;
  sv.send({ type: "pause" });
  await wait(500);
  frames.sort((a, b) => a - b);
  out.FPS = frames.length / secs;
  out.P95 = frames[Math.floor(frames.length * 0.95)] || 0;
  out.MaxFrame = frames[frames.length - 1] || 0;
  // single steps: from the command to the painted frame of that step with
  // every state string it asked for
  const steps = [];
  for (let i = 0; i < 9; i++) {
    await wait(150 + 37 * i); // apart, at different moments of a frame
    const k = sv.model.step, t0 = performance.now();
    sv.send({ type: "step" });
    let fr;
    while (!(fr = sv.stats.frames.find((f) => f.start > t0 && f.step === k + 1 && f.complete && f.painted)) && performance.now() - t0 < 10000) await wait(1);
    if (!fr) throw new Error("step " + (k + 1) + " was not drawn in 10 s");
    const first = sv.stats.frames.find((f) => f.start > t0 && f.step === k + 1);
    const msg = sv.stats.msg;
    steps.push({ t: fr.painted - t0, parts: { server: msg.at - t0, apply: msg.applyMs, toFrame: first.start - msg.at - msg.applyMs, draw: first.drawMs, paint: first.painted - first.start - first.drawMs, states: fr.start - first.start } });
  }
  steps.sort((a, b) => a.t - b.t);
  out.Step = steps[4].t; out.StepMax = steps[8].t;
  out.StepParts = JSON.stringify(Object.fromEntries(Object.entries(steps[4].parts).map(([k, v]) => [k, +v.toFixed(1)])));
  // zoom and drag: from the event to the painted frame that redraws
  const timed = async (fire, drawn) => {
    await raf();
    const n = drawn(), t = performance.now();
    fire();
    while (drawn() === n && performance.now() - t < 5000) await raf();
    await painted();
    return performance.now() - t;
  };
  const wheel = (el, i) => { const r = el.getBoundingClientRect(); el.dispatchEvent(new WheelEvent("wheel", { deltaY: i %% 2 ? 120 : -120, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true })); };
  const drag = async (el, drawn) => {
    const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const ev = (type, dx) => el.dispatchEvent(new PointerEvent(type, { pointerId: 7, button: 0, buttons: 1, clientX: x + dx, clientY: y + dx / 2, bubbles: true }));
    ev("pointerdown", 0); ev("pointermove", 10); await raf(); await raf();
    let worst = 0;
    for (let i = 1; i <= 5; i++) worst = Math.max(worst, await timed(() => ev("pointermove", 10 + 40 * i), drawn));
    ev("pointerup", 210);
    return worst;
  };
  const slowest = async (n, f) => { let w = 0; for (let i = 0; i < n; i++) w = Math.max(w, await f(i)); return w; };
  const tree = document.querySelector("#tree svg"), treeDrawn = () => sv.tree.draws;
  out.Zoom = await slowest(5, (i) => timed(() => wheel(tree, i), treeDrawn));
  out.Drag = await drag(tree, treeDrawn);
  const cv = document.querySelector("[data-testid=grid-canvas]");
  if (cv) {
    const cvDrawn = () => cv.dataset.draws;
    out.GridZoom = await slowest(5, (i) => timed(() => wheel(cv, i), cvDrawn));
    out.GridDrag = await drag(cv, cvDrawn);
  }
  out.DOM = document.getElementsByTagName("*").length;
  return out;
})(%d)`

// BenchmarkPage100k measures the session page in headless Chromium at
// 100,000 nodes: the hard 8-puzzle by BFS and A* on arena2 (8 moves,
// octile), each from the step where the search reaches 100,000 nodes, and
// arena2 A* with duplicates=drop at its last step (16,622 nodes, the path
// drawn). Run once: go test -run XXX -bench Page100k -benchtime 1x ./server/
// With STEPVIZ_CPUPROFILE=dir it also records Chromium's CPU profile of
// the page while playing and stepping, writes it to dir/NAME.cpuprofile
// and logs the functions with the most self time.
func BenchmarkPage100k(b *testing.B) {
	for _, tc := range []struct {
		name  string
		form  url.Values
		nodes int // seek until the search holds this many nodes (0: to its end)
	}{
		{"bfs-867254301", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "puzzle_goal": {"123456780"}, "algo": {"bfs"}, "maxnodes": {"1000000"}}, 100000},
		{"arena2-astar", url.Values{"source": {"grid"}, "grid_map": {"arena2"}, "grid_moves": {"8"}, "algo": {"astar"}, "h": {"octile"}, "maxnodes": {"1000000"}}, 100000},
		{"arena2-astar-drop", url.Values{"source": {"grid"}, "grid_map": {"arena2"}, "grid_moves": {"8"}, "algo": {"astar"}, "h": {"octile"}, "duplicates": {"drop"}, "maxnodes": {"1000000"}}, 0},
		// RBFS keeps its forgotten nodes: the strip counts them every step
		{"rbfs-867254301", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "puzzle_goal": {"123456780"}, "algo": {"rbfs"}, "h": {"manhattan"}, "maxnodes": {"1000000"}}, 100000},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s, err := searchFromForm(formValues(tc.form), 1000000)
			if err != nil {
				b.Fatal(err)
			}
			ctx, step, nodes := pageAtNodes(b, s, tc.nodes)
			var f pageFigures
			b.ResetTimer()
			for range b.N {
				if dir := os.Getenv("STEPVIZ_CPUPROFILE"); dir != "" {
					top, err := testbrowser.CPUProfile(ctx, 200*time.Microsecond, 25, filepath.Join(dir, tc.name+".cpuprofile"), func() error {
						f = measure(b, ctx, 5)
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
					for _, ft := range top {
						b.Logf("self %8.1f ms  %s", ft.Ms, ft.Func)
					}
				} else {
					f = measure(b, ctx, 5)
				}
			}
			b.StopTimer()
			b.Logf("%s at step %d, %d nodes: %+v", tc.name, step, nodes, f)
			b.ReportMetric(f.FPS, "frames/s")
			b.ReportMetric(f.Draws, "draws/s")
			b.ReportMetric(f.P95, "p95-frame-ms")
			b.ReportMetric(f.MaxFrame, "max-frame-ms")
			b.ReportMetric(f.Step, "step-ms")
			b.ReportMetric(f.StepMax, "step-max-ms")
			b.ReportMetric(f.Zoom, "zoom-ms")
			b.ReportMetric(f.Drag, "drag-ms")
			if f.GridZoom > 0 {
				b.ReportMetric(f.GridZoom, "gridzoom-ms")
				b.ReportMetric(f.GridDrag, "griddrag-ms")
			}
			b.ReportMetric(float64(f.DOM), "dom-elements")
			b.ReportMetric(f.DrawP50, "draw-p50-ms")
			b.ReportMetric(f.DrawP95, "draw-p95-ms")
		})
	}
}

func measure(b *testing.B, ctx context.Context, secs int) pageFigures {
	b.Helper()
	f, err := chromedp.Run(ctx, chromedp.Evaluate[pageFigures](fmt.Sprintf(measurePage, secs), chromedp.EvalAwaitPromise))
	if err != nil {
		b.Fatalf("measuring the page: %v", err)
	}
	return f
}

// pageAtNodes serves search s on a server of a million nodes, steps it
// until it holds nodes nodes (nodes 0: to its end, less 400 steps, so that
// playing 20 steps a second for 5 s stays inside the search), moves the
// session there as a seek does and opens the presenter's page in headless
// Chromium once it has drawn that step. It returns the browser, the step
// and the nodes held.
func pageAtNodes(b *testing.B, s *stepper.Search, nodes int) (context.Context, int, int) {
	b.Helper()
	srv := New(Config{MaxNodes: 1000000})
	b.Cleanup(srv.Close)
	ts := httptest.NewServer(srv)
	b.Cleanup(ts.Close)
	sess, err := srv.startSession(s)
	if err != nil {
		b.Fatal(err)
	}
	var step, held, k int
	sess.Do(func(lv session.Live) {
		se := lv.Search
		if nodes > 0 {
			for se.NodeCount() < nodes && !se.Status().Done() {
				se.Run(1)
			}
		} else {
			se.Run(4 * 1000000)
		}
		k = se.StepCount()
		if nodes == 0 {
			k -= 400
		}
		se.Seek(0)
	})
	if err := sess.Command(clientMsg{Type: cmdSeek, Step: k}); err != nil {
		b.Fatal(err)
	}
	sess.Do(func(lv session.Live) { step, held = lv.Search.StepCount(), lv.Search.NodeCount() })
	ctx := testbrowser.New(b, 1600, 1000, 5*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), testbrowser.Until(
		`document.getElementById("app").dataset.drawn === "`+strconv.Itoa(step)+`"`, 2*time.Minute)); err != nil {
		b.Fatalf("the page did not draw step %d: %v", step, err)
	}
	return ctx, step, held
}
