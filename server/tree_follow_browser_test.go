package server

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// treeInView is JavaScript for what the tree pane shows: the nodes drawn
// inside its box, whether the node expanded last is one of them, the Follow
// mode and whether the "Follow the search" button shows.
const treeInView = `(() => {
	const m = window.stepviz.model, box = document.getElementById("tree").getBoundingClientRect();
	const inside = (e) => { const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2; return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom; };
	const nodes = [...document.querySelectorAll('#tree [data-testid=tree-node]')].filter(inside);
	const cur = m.last ? String(m.last.expanded.id) : "0";
	return {InView: nodes.length, Current: nodes.some((e) => e.dataset.id === cur), Fit: String(window.stepviz.tree.fit), Button: !document.getElementById("tree-follow").hidden};
})()`

type treeView struct {
	InView  int
	Current bool
	Fit     string
	Button  bool
}

// panTree drags the tree by dx, dy pixels with pointer events, as a mouse.
func panTree(dx, dy int) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const svg = document.querySelector("#tree svg"), r = svg.getBoundingClientRect();
		const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2, o = (cx, cy) => ({pointerId: 7, button: 0, clientX: cx, clientY: cy, bubbles: true});
		svg.dispatchEvent(new PointerEvent("pointerdown", o(x, y)));
		for (let i = 1; i <= 10; i++) svg.dispatchEvent(new PointerEvent("pointermove", o(x + %d * i / 10, y + %d * i / 10)));
		svg.dispatchEvent(new PointerEvent("pointerup", o(x + %d, y + %d)));
	})()`, dx, dy, dx, dy))
}

// TestTreeFollowAfterPan: a pan sets Follow aside and shows the button that
// brings it back; the next steps (200, 400, 800) bring it back by
// themselves, so the tree is never blank; a pan left alone with the
// current node out of view comes back after the idle time; the button
// brings it back at once.
func TestTreeFollowAfterPan(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	sess, err := srv.startSession(newSearch(t, "puzzle 867254301 goal=123456780", "bfs maxnodes=100000"))
	if err != nil {
		t.Fatal(err)
	}
	view := func(t *testing.T, ctx context.Context) treeView {
		t.Helper()
		_ = chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond))
		return eval[treeView](t, ctx, treeInView)
	}
	seek := func(k int) error {
		return chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.send({type: "seek", step: %d})`, k)), waitStep(k))
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	if err := seek(20); err != nil {
		t.Fatal(err)
	}
	if v := view(t, ctx); v.InView == 0 || !v.Current || v.Fit != "auto" || v.Button {
		t.Fatalf("before the pan: %+v", v)
	}
	if err := chromedp.Do(ctx, panTree(3000, -2500)); err != nil {
		t.Fatal(err)
	}
	if v := view(t, ctx); v.Fit != "false" || !v.Button || v.Current {
		t.Fatalf("after a pan far away: %+v; want Follow off, the node out of view and the Follow button shown", v)
	}
	screenshot(t, ctx, "tree-follow-panned.png")
	for _, k := range []int{200, 400, 800} {
		if err := seek(k); err != nil {
			t.Fatal(err)
		}
		if v := view(t, ctx); v.InView == 0 || !v.Current || v.Fit != "auto" || v.Button {
			t.Errorf("step %d after a pan: %+v; want the current node in view, Follow on", k, v)
		}
		if k == 800 {
			screenshot(t, ctx, "tree-follow-800.png")
		}
		if err := chromedp.Do(ctx, panTree(-2000, 1500)); err != nil {
			t.Fatal(err)
		}
	}
	// the button, then the idle return
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=tree-follow]`)); err != nil {
		t.Fatalf("the Follow button: %v", err)
	}
	if v := view(t, ctx); !v.Current || v.Fit != "auto" || v.Button {
		t.Errorf("after the Follow button: %+v", v)
	}
	if err := chromedp.Do(ctx, panTree(2500, 2500),
		pollJS(`window.stepviz.tree.fit === false`),
		testbrowser.Until(`window.stepviz.tree.fit === "auto"`, 10*time.Second)); err != nil {
		t.Errorf("Follow did not come back after the idle time: %v", err)
	}
	if v := view(t, ctx); !v.Current || v.InView == 0 {
		t.Errorf("after the idle return: %+v", v)
	}
}

// followFramed is JavaScript listing what the tree view cuts of the node
// expanded last and its parent: a box (its badge and rings included) not
// wholly inside the tree's view, or under the tree's tools or the Follow
// button laid over it; and any box cut by the view's top edge. "" when
// none is.
const followFramed = `(() => {
	const m = window.stepviz.model;
	if (!m.last) return "";
	const v = document.getElementById("tree").getBoundingClientRect(), cur = m.last.expanded.id, out = [];
	const covers = [...document.querySelectorAll(".pane.tree .tree-tools, #tree-follow")].filter((e) => !e.hidden && e.offsetParent).map((e) => e.getBoundingClientRect());
	for (const [who, id] of [["its parent", m.parent(cur)], ["the node", cur]]) {
		if (id < 0) continue;
		const e = document.querySelector('#tree [data-testid=tree-node][data-id="' + id + '"]');
		if (!e) { out.push(who + " (" + id + ") is not drawn"); continue; }
		const r = e.getBoundingClientRect(), at = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
		if (r.top < v.top - 0.5 || r.bottom > v.bottom + 0.5 || r.left < v.left - 0.5 || r.right > v.right + 0.5) out.push(who + " at " + at + " is cut by the view " + [v.left, v.top, v.right, v.bottom].map(Math.round).join(","));
		for (const c of covers) if (c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top) out.push(who + " at " + at + " is under the tools at " + [c.left, c.top, c.right, c.bottom].map(Math.round).join(","));
	}
	// no box is cut by the view's top edge: a level above is whole or out
	for (const e of document.querySelectorAll("#tree [data-testid=tree-node]")) {
		const r = e.getBoundingClientRect();
		if (r.top < v.top - 0.5 && r.bottom > v.top + 0.5 && r.right > v.left && r.left < v.right) { out.push("node " + e.dataset.id + " at y " + Math.round(r.top) + " to " + Math.round(r.bottom) + " is cut by the view's top at " + Math.round(v.top)); break; }
	}
	return out.join("; ");
})()`

// TestTreeFollowFrames: Follow (and Fit, while the whole tree is readable)
// shows the node expanded last and its parent whole, badges included, and
// no box cut by the view's top edge, at every step of a puzzle's BFS (many
// siblings), Romania's A* and IDA* and a grid's bidirectional BFS (a goal
// tree drawn upside down), on a projector (a true 1280×720), an ordinary
// window and a phone (390×844).
func TestTreeFollowFrames(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	srv := New(Config{})
	t.Cleanup(srv.Close)
	ts := newTestServer(t, srv)
	for _, screen := range []struct {
		name      string
		w, h      int
		projector bool
	}{
		{"projector", 1280, 720, true},
		{"window", 1280, 720, false},
		{"phone", 390, 844, false},
	} {
		t.Run(screen.name, func(t *testing.T) {
			ctx := testbrowser.New(t, screen.w, screen.h, 120*time.Second)
			opt := []chromedp.EmulateViewportOption{}
			if screen.w < 600 {
				opt = append(opt, chromedp.EmulateMobile)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(screen.w), int64(screen.h), opt...)); err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct{ name, problem, options string }{
				{"puzzle-bfs", "puzzle 283164705 goal=123804765", "bfs"},
				{"romania-astar", "graph romania", "astar"},
				{"romania-idastar", "graph romania", "idastar"},
				{"grid-bibfs", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "bibfs"},
			} {
				sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
				if err != nil {
					t.Fatal(err)
				}
				if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
					t.Fatal(err)
				}
				if eval[bool](t, ctx, `document.documentElement.classList.contains("projector")`) != screen.projector {
					if err := chromedp.Do(ctx, chromedp.KeyEvent("f")); err != nil {
						t.Fatal(err)
					}
				}
				for k := 1; k <= 12; k++ {
					if eval[string](t, ctx, `window.stepviz.model.status`) != "running" {
						break
					}
					if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k), pollJS(`window.stepviz.tree.fit === "auto"`)); err != nil {
						t.Fatalf("%s: step %d: %v", tc.name, k, err)
					}
					if msg := eval[string](t, ctx, followFramed); msg != "" {
						if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("tree").scrollIntoView()`)); err == nil {
							if b, err := chromedp.Run(ctx, chromedp.Screenshot(".pane.tree")); err == nil {
								_ = os.WriteFile(testenv.Artifact(t, fmt.Sprintf("tree-follow-%s-%s.png", screen.name, tc.name)), b, 0o644)
							}
						}
						t.Errorf("%s, step %d (scale %.2f): %s", tc.name, k, eval[float64](t, ctx, `window.stepviz.tree.k`), msg)
						break
					}
				}
			}
		})
	}
}
