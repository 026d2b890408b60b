package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// keyWordsJS is JavaScript for the words a session page puts on a node's
// f: the open and closed tables' key column heads, the problem pane's
// caption and, under a grid's map, its key.
const keyWordsJS = `(() => {
	const th = (id) => { const c = document.querySelectorAll("#" + id + " thead th"); return c.length > 4 ? c[4].textContent : ""; };
	const key = document.querySelector("#problem-view > svg.gridview + p");
	return {Open: th("open-table"), Closed: th("closed-table"), Caption: document.getElementById("problem-caption").textContent, GridKey: key ? key.textContent : "",
		Contour: document.getElementById("btn-contour").textContent};
})()`

type keyWords struct{ Open, Closed, Caption, GridKey, Contour string }

// TestPageNamesTheKey: a search ordered by depth (BFS, DFS, IDS) has
// depth where the others have f, and its page says so: the open and
// closed tables head that column "depth", a map's caption says a city
// shows its depth, a grid's key says a cell shows its depth and the
// presenter's button to the next f-contour says "Next depth"; A* keeps
// "f" in all of them. On both screens of a lecture hall.
func TestPageNamesTheKey(t *testing.T) {
	tutorial, _ := exampleByName("tutorial-grid")
	for _, screen := range liveScreens {
		t.Run(screen.name, func(t *testing.T) {
			srv, ts, ctx := screenBrowser(t, screen)
			for _, tc := range []struct{ name, problem, options, want string }{
				{"dfs-grid", tutorial.Problem, "dfs", "depth"},
				{"bfs-puzzle", "puzzle 283164705 goal=123804765", "bfs", "depth"},
				{"ids-romania", "graph romania", "ids", "depth"},
				{"astar-romania", "graph romania", "astar", "f"},
				{"astar-grid", tutorial.Problem, tutorial.Options, "f"},
			} {
				openOnScreen(t, ctx, srv, ts, screen, tc.problem, tc.options)
				if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(1), chromedp.Click(`#btn-step`), waitStep(2)); err != nil {
					t.Fatal(err)
				}
				w := eval[keyWords](t, ctx, keyWordsJS)
				var bad []string
				if w.Open != tc.want {
					bad = append(bad, fmt.Sprintf("the open table heads its key %q", w.Open))
				}
				if w.Closed != tc.want {
					bad = append(bad, fmt.Sprintf("the closed table heads it %q", w.Closed))
				}
				if strings.HasPrefix(tc.problem, "graph") && !strings.Contains(w.Caption, "a city shows "+tc.want+" ") {
					bad = append(bad, fmt.Sprintf("the map's caption reads %q", w.Caption))
				}
				if w.GridKey != "" && !strings.HasPrefix(strings.ToLower(w.GridKey), "each cell: "+tc.want+" ") && !strings.HasPrefix(strings.ToLower(w.GridKey), "each cell: "+tc.want+",") {
					bad = append(bad, fmt.Sprintf("the grid's key reads %q", w.GridKey))
				}
				if !strings.HasPrefix(w.Contour, "Next "+tc.want+" ") {
					bad = append(bad, fmt.Sprintf("the presenter's contour button reads %q", w.Contour))
				}
				if len(bad) > 0 {
					screenshot(t, ctx, "page-key-"+screen.name+"-"+tc.name+".png")
					t.Errorf("%s (%s): want %q: %s", tc.name, tc.options, tc.want, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// wordsJS is JavaScript for the puzzle's caption, the narration and the
// counts above the tree and the two tables, with their nouns.
const wordsJS = `(() => {
	const t = (id) => document.getElementById(id).textContent.trim();
	const count = (id) => /\d+ \S+$/.exec(document.getElementById(id).parentElement.textContent.trim())[0];
	return {Caption: t("problem-caption"), Narration: t("narration"), Tree: /^\d+ [a-z]+/.exec(t("tree-count"))[0], Open: count("open-count"), Closed: count("closed-count")};
})()`

type pageWords struct{ Caption, Narration, Tree, Open, Closed string }

// TestPageWordsAgree: the words around the pictures agree with them. The
// 8-puzzle's caption names the node its board shows: the start, the node
// expanded last, and, once BFS has found the goal on generating it (the
// narration names the node expanded, another), the goal. One node is "1
// node", not "1 nodes", above the tree and each table.
func TestPageWordsAgree(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	openProjector(t, ctx, srv, ts, "puzzle 283164705 goal=123804765", "bfs")
	toGoal := func() error {
		return chromedp.Do(ctx, chromedp.Click(`#btn-goal`),
			testbrowser.Until(`document.getElementById("status").textContent === "solved" && document.getElementById("app").dataset.drawn === document.getElementById("step-n").textContent`, 10*time.Second))
	}
	for _, tc := range []struct {
		name string
		move func() error
		want pageWords // the fields given; Narration: a text it holds
	}{
		{"step 0", func() error { return nil }, pageWords{Caption: "start 283164705", Tree: "1 node", Open: "1 node", Closed: "0 nodes"}},
		{"step 1", func() error { return chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(1)) },
			pageWords{Caption: "node expanded last 283164705", Tree: "4 nodes", Open: "3 nodes", Closed: "1 node"}},
		{"goal", toGoal,
			pageWords{Caption: "goal reached 123804765", Narration: "expanded 123084765"}},
	} {
		if err := tc.move(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := eval[pageWords](t, ctx, wordsJS)
		check := func(what, got, want string) {
			t.Helper()
			if want != "" && got != want {
				t.Errorf("%s: %s reads %q, want %q", tc.name, what, got, want)
			}
		}
		check("the puzzle's caption", got.Caption, tc.want.Caption)
		check("the tree's count", got.Tree, tc.want.Tree)
		check("the open list's count", got.Open, tc.want.Open)
		check("the closed list's count", got.Closed, tc.want.Closed)
		if !strings.Contains(got.Narration, tc.want.Narration) {
			t.Errorf("%s: the narration %q does not say %q: the test's search changed", tc.name, got.Narration, tc.want.Narration)
		}
		if t.Failed() {
			screenshot(t, ctx, "page-words-"+strings.ReplaceAll(tc.name, " ", "-")+".png")
		}
	}
}

// treeFJS is JavaScript for the tree's boxes whose f differs from the f
// the open or closed table writes for the same node, and how many boxes
// were compared.
const treeFJS = `(() => {
	const table = new Map();
	for (const tr of document.querySelectorAll("#open-table tr[data-id], #closed-table tr[data-id]")) table.set(tr.dataset.id, tr.querySelector("td.f").textContent);
	const out = {Compared: 0, Differ: []};
	for (const g of document.querySelectorAll("#tree g.tnode[data-id]")) {
		const f = [...g.querySelectorAll("text.tf")].map((t) => t.textContent).find((t) => t.startsWith("f "));
		if (!f || !table.has(g.dataset.id)) continue;
		out.Compared++;
		if (f !== "f " + table.get(g.dataset.id)) out.Differ.push("node " + g.dataset.id + ": the tree says " + JSON.stringify(f) + ", the table f " + table.get(g.dataset.id));
	}
	return out;
})()`

type treeF struct {
	Compared int
	Differ   []string
}

// TestTreeFIsTheTables: on a 1280×720 screen, not in projector mode, each
// tree box's f is written as the open and closed tables (and the
// narration) write it, thousandths included: A* on an 8-connected grid,
// whose f are sums of √2s (15.828, not 15.83), and on Romania.
func TestTreeFIsTheTables(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, problem, options string }{
		{"grid-octile", "grid ................/................/................/................/................ moves=8 start=0,2 goal=15,2", "astar h=octile"},
		{"romania", "graph romania", "astar"},
	} {
		sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0), chromedp.Click(`#btn-step`), waitStep(1), chromedp.Click(`#btn-step`), waitStep(2)); err != nil {
			t.Fatal(err)
		}
		if eval[bool](t, ctx, `document.documentElement.classList.contains("projector")`) {
			t.Fatalf("%s: the page opened in projector mode", tc.name)
		}
		got := eval[treeF](t, ctx, treeFJS)
		if got.Compared < 5 {
			t.Errorf("%s: only %d tree boxes compared with the tables", tc.name, got.Compared)
		}
		if len(got.Differ) > 0 {
			screenshot(t, ctx, "tree-f-"+tc.name+".png")
			t.Errorf("%s: %d of %d boxes write f otherwise than the tables:\n%s", tc.name, len(got.Differ), got.Compared, strings.Join(got.Differ, "\n"))
		}
	}
}
