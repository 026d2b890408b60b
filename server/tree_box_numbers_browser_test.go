package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fullBoxJS is JavaScript for the full-size tree boxes that are also a row
// of the open or closed table: the g and h line each writes, the table's
// g and h of the same node, and whether the line stays inside its box.
const fullBoxJS = `(() => {
	const out = [];
	for (const g of document.querySelectorAll("#tree g.tnode[data-id]")) {
		const line = g.querySelector("text.tnum:not(.tf)");
		if (!line) continue;
		const row = document.querySelector('#open-table tr[data-id="' + g.dataset.id + '"], #closed-table tr[data-id="' + g.dataset.id + '"]');
		if (!row) continue;
		const h = row.querySelector("td.col-h"), gc = h && h.previousElementSibling;
		if (!gc) continue;
		const r = line.getBoundingClientRect(), box = g.querySelector("rect:not(.sel-ring):not(.next-ring)").getBoundingClientRect();
		out.push({ID: Number(g.dataset.id), Line: line.textContent, G: gc.textContent.trim(), H: h.textContent.trim(), Inside: r.left >= box.left - 1 && r.right <= box.right + 1});
	}
	return out;
})()`

type fullBox struct {
	ID         int
	Line, G, H string
	Inside     bool
}

// TestFullBoxWritesGAndHWhole: a full-size tree box writes its g and h as
// the tables write them, under the one rounding rule, never rounded again
// to fit ("g 11.31" for the table's 11.314): a line too long for the box
// is narrowed into it, as f is. An octile grid's g and h have three
// decimals: "g 1.414 h 11.828" is longer than a box's line.
func TestFullBoxWritesGAndHWhole(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	sess, err := srv.startSession(newSearch(t, "grid S............/............./............./............G moves=8", "astar h=octile"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 2; k++ { // a tree small enough for full boxes
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatal(err)
		}
	}
	_ = chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond))
	got := eval[[]fullBox](t, ctx, fullBoxJS)
	long := 0
	for _, b := range got {
		if want := fmt.Sprintf("g %s h %s", b.G, b.H); b.Line != want {
			t.Errorf("node %d: the box writes %q, the tables %q", b.ID, b.Line, want)
		}
		if !b.Inside {
			t.Errorf("node %d: the box's %q runs out of its box", b.ID, b.Line)
		}
		if len(b.Line) > 15 {
			long++
		}
	}
	if len(got) < 4 || long == 0 {
		screenshot(t, ctx, "full-box-gh.png")
		t.Fatalf("%d full boxes with a table row, %d of them with a g and h line over 15 characters: want some of each (%v)", len(got), long, got)
	}
}

// TestInspectorPlaceholderFollowsTheFamily: before a node is inspected,
// the inspector's words list the numbers it will show: g, h and its
// breakdown, f for A*, g and the depth alone for a search without a
// heuristic (BFS, uniform cost), which has no h or f to show.
func TestInspectorPlaceholderFollowsTheFamily(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	for _, tc := range []struct {
		options   string
		heuristic bool
	}{
		{"bfs", false},
		{"ucs", false},
		{"astar", true},
	} {
		sess, err := srv.startSession(newSearch(t, "graph romania", tc.options))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		words := eval[string](t, ctx, `document.querySelector("[data-testid=inspector-placeholder] .long").textContent`)
		hf := strings.Contains(words, " h ") || strings.Contains(words, " f,")
		if hf != tc.heuristic || !strings.Contains(words, "g, ") || !strings.Contains(words, "depth") {
			t.Errorf("%s: the inspector's placeholder says %q: want g and depth, and h and f only for a search with a heuristic", tc.options, words)
		}
	}
}
