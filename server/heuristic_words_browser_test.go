package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// heuristicWordsJS is JavaScript for the words a student reads of a
// node's numbers: the tree boxes' texts and names, the inspector's fields
// and its children's heads, the visible heads of the open and closed
// tables and the puzzle's caption.
const heuristicWordsJS = `(() => {
	const seen = (e) => e.getClientRects().length > 0;
	const out = {Tree: [], Inspector: [], Heads: [], Caption: ""};
	for (const g of document.querySelectorAll("#tree [data-testid=tree-node]")) {
		out.Tree.push(g.getAttribute("aria-label") || "");
		for (const t of g.querySelectorAll("text")) out.Tree.push(t.textContent);
	}
	const insp = document.querySelector("[data-testid=inspector-node]");
	if (insp) {
		const body = insp.parentElement;
		for (const dt of body.querySelectorAll("dl.insp dt")) out.Inspector.push(dt.textContent);
		for (const th of body.querySelectorAll("[data-testid=insp-children] th")) out.Inspector.push(th.textContent);
	}
	for (const th of document.querySelectorAll("#open-table thead th, #closed-table thead th")) if (seen(th)) out.Heads.push(th.textContent.trim());
	const cap = document.querySelector("#problem figcaption, .boards figcaption");
	if (cap) out.Caption = cap.textContent;
	return out;
})()`

type heuristicWords struct {
	Tree, Inspector, Heads []string
	Caption                string
}

// TestPageShowsNoHWithoutAHeuristic: a search without a heuristic (BFS,
// uniform cost) shows a node's g, and its depth, but never an h or an f:
// not in the tree's boxes or their names, the inspector, the tables'
// heads or the 8-puzzle's caption, where "h 0" would read as a heuristic
// of zero. A* still shows h and f in every one of them.
func TestPageShowsNoHWithoutAHeuristic(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, problem, options string
		heuristic              bool
	}{
		{"bfs-romania", "graph romania", "bfs", false},
		{"ucs-romania", "graph romania", "ucs", false},
		{"bfs-puzzle", "puzzle 283164705 goal=123804765", "bfs", false},
		{"astar-romania", "graph romania", "astar", true},
		{"astar-puzzle", "puzzle 283164705 goal=123804765", "astar h=manhattan", true},
	} {
		sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		for k := 1; k <= 2; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		// the node expanded last: the inspector shows its children too
		id := eval[int](t, ctx, `window.stepviz.model.last.expanded.id`)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.inspect(%d)`, id)), inspectorAt(id, 2),
			pollJS(`document.querySelectorAll("#tree [data-testid=tree-node] text").length > 3`)); err != nil {
			t.Fatal(err)
		}
		_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
		w := eval[heuristicWords](t, ctx, heuristicWordsJS)
		var bad []string
		check := func(where string, words []string, hf func(string) bool) {
			var hs []string
			for _, s := range words {
				if hf(s) {
					hs = append(hs, s)
				}
			}
			switch {
			case !tc.heuristic && len(hs) > 0:
				bad = append(bad, fmt.Sprintf("%s writes h or f: %q", where, hs[:min(len(hs), 4)]))
			case tc.heuristic && len(hs) == 0:
				bad = append(bad, fmt.Sprintf("%s writes no h or f: %q", where, words[:min(len(words), 6)]))
			}
		}
		hfNumber := func(s string) bool { // "h 0", "f 7" in a box or a name
			for _, f := range []string{"h ", "f "} {
				if i := strings.Index(s, f); i >= 0 && (i == 0 || s[i-1] == ' ' || s[i-1] == ',') && i+2 < len(s) && (s[i+2] >= '0' && s[i+2] <= '9') {
					return true
				}
			}
			return false
		}
		isHF := func(s string) bool { return s == "h" || s == "f" }
		check("the tree", w.Tree, hfNumber)
		check("the inspector", w.Inspector, isHF)
		check("the tables' heads", w.Heads, isHF)
		if strings.HasPrefix(tc.problem, "puzzle") {
			check("the puzzle's caption", []string{w.Caption}, hfNumber)
		}
		if len(w.Tree) < 8 || len(w.Inspector) < 3 || len(w.Heads) < 6 {
			bad = append(bad, fmt.Sprintf("too little read: %d tree words, %d inspector words, %d heads", len(w.Tree), len(w.Inspector), len(w.Heads)))
		}
		if len(bad) > 0 {
			screenshot(t, ctx, "heuristic-words-"+tc.name+".png")
			t.Errorf("%s (%s):\n%s", tc.name, tc.options, strings.Join(bad, "\n"))
		}
	}
}

// compactFJS is JavaScript for the projector's compact tree boxes that
// are also a row of the open or closed table: the f each writes.
const compactFJS = `(() => {
	const out = [];
	for (const g of document.querySelectorAll("#tree g.tnode[data-id]")) {
		const big = g.querySelector("text.tbig");
		if (!big) continue;
		const cell = document.querySelector('#open-table tr[data-id="' + g.dataset.id + '"] td.f, #closed-table tr[data-id="' + g.dataset.id + '"] td.f');
		if (!cell) continue;
		const r = big.getBoundingClientRect(), box = g.querySelector("rect:not(.sel-ring):not(.next-ring)").getBoundingClientRect();
		out.push({ID: Number(g.dataset.id), Box: big.textContent, Table: cell.textContent.trim(), Inside: r.left >= box.left - 1 && r.right <= box.right + 1});
	}
	return out;
})()`

type compactF struct {
	ID         int
	Box, Table string
	Inside     bool
}

// TestProjectorCompactBoxFIsTheTables: on a 1280×720 projector, where a
// tree box shows f alone in large type, the f it writes is the tables' f
// of the same node, under the one rounding rule, never rounded again to
// fit ("f 13.24" for the table's 13.243), and it stays inside its box.
// An octile grid's f has three decimals past ten.
func TestProjectorCompactBoxFIsTheTables(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	openProjector(t, ctx, srv, ts, "grid S............/............./............./............G moves=8", "astar h=octile")
	for k := 1; k <= 4; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
			t.Fatal(err)
		}
	}
	_ = chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond))
	got := eval[[]compactF](t, ctx, compactFJS)
	screenshot(t, ctx, "projector-compact-f.png")
	long := 0
	for _, b := range got {
		if b.Box != "f "+b.Table {
			t.Errorf("node %d: the box writes %q, the table f %q", b.ID, b.Box, b.Table)
		}
		if !b.Inside {
			t.Errorf("node %d: the box's %q runs out of its box", b.ID, b.Box)
		}
		if len(b.Table) > 5 {
			long++
		}
	}
	if len(got) < 4 || long == 0 {
		t.Fatalf("%d compact boxes with a table row, %d of them with an f over five characters: want some of each (%v)", len(got), long, got)
	}
}
