package server

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// treeNamesJS is JavaScript for the tree's boxes whose middle is in view:
// how many there are and those that do not name their state (a grid's
// cell written "(x,y)", a long name cut with "…").
const treeNamesJS = `(() => {
	const view = document.getElementById("tree").getBoundingClientRect(), out = {InView: 0, Unnamed: []};
	for (const g of document.querySelectorAll("#tree g.tnode[data-state]")) {
		const r = g.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
		if (x < view.left || x > view.right || y < view.top || y > view.bottom || !g.dataset.state) continue;
		out.InView++;
		const names = [...g.querySelectorAll("text")].map((t) => t.textContent.replace(/[()]/g, ""));
		const named = names.some((n) => n.endsWith("…") ? g.dataset.state.startsWith(n.slice(0, -1)) && n.length > 3 : n === g.dataset.state);
		if (!named) out.Unnamed.push(g.dataset.state + " shows " + JSON.stringify(names));
	}
	return out;
})()`

type treeNames struct {
	InView  int
	Unnamed []string
}

// TestProjectorTreeNamesStates: on a true 1280×720 projector, where the
// tree's boxes show one large number (f, or the depth), each box in view
// names its state too (Romania's cities, the 8-puzzle's boards as the
// tables write them, a grid's cells), the names and numbers in type of
// 18 px or more (TestProjectorFits's floor for the projector): the class
// can tell which node is which without reading the map.
func TestProjectorTreeNamesStates(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	tutorial, _ := exampleByName("tutorial-grid")
	for _, tc := range []struct{ name, problem, options string }{
		{"romania-astar", "graph romania", "astar"},
		{"puzzle-astar", "puzzle 283164705 goal=123804765", "astar"},
		{"grid-bfs", tutorial.Problem, "bfs"},
	} {
		openProjector(t, ctx, srv, ts, tc.problem, tc.options)
		for k := 1; k <= 3; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
		got := eval[treeNames](t, ctx, treeNamesJS)
		if got.InView < 4 {
			t.Errorf("%s: %d boxes in view after 3 steps", tc.name, got.InView)
		}
		if len(got.Unnamed) > 0 {
			screenshot(t, ctx, "projector-tree-names-"+tc.name+".png")
			t.Errorf("%s: %d of %d boxes in view do not name their state:\n%s", tc.name, len(got.Unnamed), got.InView, strings.Join(got.Unnamed, "\n"))
		}
		var small []string
		for _, s := range eval[[]string](t, ctx, smallText+`(18)`) {
			if strings.Contains(s, " tname ") || strings.Contains(s, " tbig") {
				small = append(small, s)
			}
		}
		if len(small) > 0 {
			t.Errorf("%s: %d names or numbers in the tree under 18 px:\n%s", tc.name, len(small), strings.Join(small[:min(len(small), 10)], "\n"))
		}
	}
}

// startPlus marks a case of TestProjectorTreeTitle whose count must read
// startPlusWords, agreeing with the number generated on the same screen.
const startPlus = "start+generated"

// startPlusWords is the tree's count of the start and those generated,
// less those that re-parented an open node (they add no node): "10 nodes:
// start + 9 generated", "15 nodes: start + 15 generated − 1 re-parented",
// or on a projector without the counters' names "10 nodes: start + 9",
// "15 nodes: 1 + 15 − 1".
var startPlusWords = regexp.MustCompile(`^(\d+) nodes: (?:start|1) \+ (\d+)(?: generated)?(?: − (\d+)(?: re-parented)?)?(?: ·|$)`)

// countAgrees says what is wrong with the tree's count as it reads beside
// the counters' generated and re-parented, "" when they add up.
func countAgrees(t *testing.T, count, generated, reparented string) string {
	t.Helper()
	m := startPlusWords.FindStringSubmatch(count)
	g, r := atoi(t, generated), atoi(t, reparented)
	want := fmt.Sprintf("%d nodes: start + %d generated", 1+g-r, g)
	if r > 0 {
		want += fmt.Sprintf(" − %d re-parented", r)
	}
	want += " (on a projector without the counters' names)"
	if m == nil || m[2] != generated || m[1] != fmt.Sprint(1+g-r) || (m[3] != "" || r > 0) && m[3] != reparented {
		return fmt.Sprintf("the count reads %q beside generated %s, re-parented %s: want %s", count, generated, reparented, want)
	}
	return ""
}

// TestProjectorTreeTitle: on a true 1280×720 projector the tree's title
// and count are read whole on their one line, not cut with "…": for IDS,
// whose earlier iterations the family strip counts, for a tree too big
// to lay out whole (a Moving AI map; the full count stays in its tooltip),
// and for A* on Romania and the 8-puzzle, whose count says how many of
// its nodes were generated, the number the footer states, so the two never
// read as contradicting.
func TestProjectorTreeTitle(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	mai, _ := exampleByName("moving-ai")
	for _, tc := range []struct {
		name, problem, options string
		step                   int
		count                  string // what the count starts with
	}{
		{"romania-ids", "graph romania", "ids", 8, "5 nodes"},
		{"moving-ai-astar", mai.Problem, mai.Options, 120, ""},
		{"romania-astar-5", "graph romania", "astar", 5, startPlus},
		{"romania-astar-30", "graph romania", "astar", 30, startPlus},
		{"puzzle-astar-5", "puzzle 283164705 goal=123804765", "astar", 5, startPlus},
		{"puzzle-astar-30", "puzzle 283164705 goal=123804765", "astar", 30, startPlus},
	} {
		openProjector(t, ctx, srv, ts, tc.problem, tc.options)
		tc.step = engineAt(t, tc.problem, tc.options, tc.step).Step // a search that ends sooner: its last step
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.send({type: "seek", step: %d})`, tc.step)), waitStep(tc.step), chromedp.Sleep(200*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		msg := eval[string](t, ctx, `(() => {
			const h = document.getElementById("tree-h"), c = document.getElementById("tree-count");
			return h.scrollWidth > h.clientWidth + 1 ? "the title needs " + h.scrollWidth + " px of its " + h.clientWidth + ": " + JSON.stringify(h.textContent) : "";
		})()`)
		if msg != "" {
			screenshot(t, ctx, "projector-tree-title-"+tc.name+".png")
			t.Errorf("%s: %s", tc.name, msg)
		}
		count := eval[string](t, ctx, `document.getElementById("tree-count").textContent`)
		if tc.count != startPlus {
			if !strings.HasPrefix(count, tc.count) {
				t.Errorf("%s: the count reads %q, want it to start %q", tc.name, count, tc.count)
			}
			continue
		}
		// the count agrees with the numbers the counters state
		gen := eval[string](t, ctx, `document.getElementById("c-generated").textContent`)
		rep := eval[string](t, ctx, `document.getElementById("c-reparented").textContent`)
		if msg := countAgrees(t, count, gen, rep); msg != "" {
			t.Errorf("%s: %s", tc.name, msg)
		}
	}
}
