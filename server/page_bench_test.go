package server

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// pageFigures are what the page measures of itself (requestAnimationFrame
// timestamps and performance.now() in the page, so the figures are the
// browser's, not the test's round trips).
type pageFigures struct {
	FPS      float64 // animation frames per second while playing
	Draws    float64 // model draws per second while playing (at most the step rate)
	P95      float64 // 95th percentile frame interval while playing, ms
	MaxFrame float64 // longest frame interval while playing, ms
	Step     float64 // one step: send to the frame after it is drawn, ms
	Zoom     float64 // a wheel zoom on the tree to the frame after its redraw, ms
	Drag     float64 // a drag of the tree to the frame after its redraw, ms
	GridZoom float64 // a wheel zoom on a big grid's canvas, ms (0: no canvas)
	GridDrag float64 // a drag of a big grid's canvas, ms
	DOM      int     // elements in the page after playing
	Views    string  // the slowest draw of each view while playing, ms (JSON)
	DrawP50  float64 // median time of one draw of every view (script only), ms
	DrawP95  float64 // 95th percentile of the same, ms
}

// measurePage plays the session at 20 steps a second for secs seconds and
// measures the frame rate, then pauses and measures a single step, a zoom
// and a drag.
const measurePage = `(async (secs) => {
  const sv = window.stepviz, raf = () => new Promise((r) => requestAnimationFrame(r));
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
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
  // one step
  const app = document.getElementById("app"), k = Number(app.dataset.drawn);
  let t0 = performance.now();
  sv.send({ type: "step" });
  while (Number(app.dataset.drawn) !== k + 1 && performance.now() - t0 < 10000) await raf();
  await raf();
  out.Step = performance.now() - t0;
  // zoom and drag: the time to the frame after the one that redraws
  const timed = async (fire) => { const t = performance.now(); fire(); await raf(); await raf(); return performance.now() - t; };
  const wheel = (el) => { const r = el.getBoundingClientRect(); el.dispatchEvent(new WheelEvent("wheel", { deltaY: -120, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true })); };
  const drag = async (el) => {
    const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const ev = (type, dx) => el.dispatchEvent(new PointerEvent(type, { pointerId: 7, button: 0, buttons: 1, clientX: x + dx, clientY: y + dx / 2, bubbles: true }));
    ev("pointerdown", 0); ev("pointermove", 10); await raf(); await raf();
    const t = await timed(() => ev("pointermove", 60));
    ev("pointerup", 60);
    return t;
  };
  const tree = document.querySelector("#tree svg");
  out.Zoom = await timed(() => wheel(tree));
  out.Drag = await drag(tree);
  const cv = document.querySelector("[data-testid=grid-canvas]");
  if (cv) { out.GridZoom = await timed(() => wheel(cv)); out.GridDrag = await drag(cv); }
  out.DOM = document.getElementsByTagName("*").length;
  return out;
})(%d)`

// BenchmarkPage100k measures the session page in headless Chromium at
// 100,000 nodes: the hard 8-puzzle by BFS (the step where the tree reaches
// 100,000 nodes) and A* on arena2 with duplicates=drop (its last step, the
// whole search). Run once: go test -run XXX -bench Page100k -benchtime 1x ./server/
func BenchmarkPage100k(b *testing.B) {
	for _, tc := range []struct {
		name  string
		form  url.Values
		nodes int // seek until the search holds this many nodes (0: to its end)
	}{
		{"bfs-867254301", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "puzzle_goal": {"123456780"}, "algo": {"bfs"}, "maxnodes": {"1000000"}}, 100000},
		{"arena2-astar-drop", url.Values{"source": {"grid"}, "grid_map": {"arena2"}, "grid_moves": {"8"}, "algo": {"astar"}, "h": {"octile"}, "duplicates": {"drop"}, "maxnodes": {"1000000"}}, 0},
	} {
		b.Run(tc.name, func(b *testing.B) {
			srv := New(Config{MaxNodes: 1000000})
			defer srv.Close()
			ts := httptest.NewServer(srv)
			defer ts.Close()
			v := formValues(tc.form)
			s, err := searchFromForm(v, 1000000)
			if err != nil {
				b.Fatal(err)
			}
			sess, err := srv.StartSession(s)
			if err != nil {
				b.Fatal(err)
			}
			var step, nodes int
			sess.hub.do(func() {
				se := sess.hub.search
				if tc.nodes > 0 {
					for se.NodeCount() < tc.nodes && !se.Status().Done() {
						se.Run(1)
					}
				} else {
					se.Run(4 * 1000000)
				}
				k := se.StepCount()
				se.Seek(0)
				sess.hub.seek(k-400, ReasonSeek) // playing 20/s for 5 s stays inside the search
				step, nodes = sess.hub.search.StepCount(), sess.hub.search.NodeCount()
			})
			ctx := testbrowser.New(b, 1600, 1000, 5*time.Minute)
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+PresenterPath(sess)), chromedp.Poll[chromedp.Void](
				`document.getElementById("app").dataset.drawn === "`+strconv.Itoa(step)+`"`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
				b.Fatalf("the page did not draw step %d: %v", step, err)
			}
			var f pageFigures
			b.ResetTimer()
			for range b.N {
				f = measure(b, ctx, 5)
			}
			b.StopTimer()
			b.Logf("%s at step %d, %d nodes: %+v", tc.name, step, nodes, f)
			b.ReportMetric(f.FPS, "frames/s")
			b.ReportMetric(f.Draws, "draws/s")
			b.ReportMetric(f.P95, "p95-frame-ms")
			b.ReportMetric(f.MaxFrame, "max-frame-ms")
			b.ReportMetric(f.Step, "step-ms")
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
