package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
		chromedp.Poll[chromedp.Void](`window.stepviz.tree.fit === "auto"`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("Follow did not come back after the idle time: %v", err)
	}
	if v := view(t, ctx); !v.Current || v.InView == 0 {
		t.Errorf("after the idle return: %+v", v)
	}
}
