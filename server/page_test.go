package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/server/session"
	"stepviz/stepper"
	"stepviz/viz"
)

// The session page's defects of issue 8, each checked as a lecturer meets
// it: handler tests for what the server sends, browser tests for what the
// page shows.

// TestLandingOffersEveryOption: the heuristic list has every kind's
// heuristics (misplaced and linear-conflict for a puzzle), each marked with
// its kinds; the map picker offers the maps built into the binary; the
// duplicates option is there; and a form naming a built-in map and
// duplicates=drop starts a session on that map.
func TestLandingOffersEveryOption(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	_, page, _ := get(t, ts.URL+"/")
	for _, want := range []string{
		`<option value="misplaced" data-kinds="puzzle">`, `<option value="linear-conflict" data-kinds="puzzle">`,
		`<option value="octile" data-kinds="grid">`,
		`<select name="grid_map"`, `<option value="arena2"`, `<option value="lecture-hall"`,
		`<select name="duplicates"`, `<option value="drop">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("landing page lacks %s", want)
		}
	}
	resp, body := post(t, ts.URL+"/sessions", url.Values{"source": {"grid"}, "grid_map": {"arena2"}, "algo": {"astar"}, "h": {"octile"}, "duplicates": {"drop"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("arena2 with duplicates=drop: HTTP %d: %v", resp.StatusCode, byTestID(t, body, "form-error"))
	}
	sess := onlySession(t, srv)
	var opts string
	var info viz.ProblemInfo
	sess.Do(func(lv session.Live) {
		opts = lv.Search.Options().String()
		info = lv.Info
	})
	if !strings.Contains(opts, "duplicates=drop") || info.Width != 281 || info.Height != 209 || info.Start != "11,107" || info.Goal != "273,207" {
		t.Errorf("session from the map picker: %dx%d from %s to %s, options %q", info.Width, info.Height, info.Start, info.Goal, opts)
	}
	resp, body = post(t, ts.URL+"/sessions", url.Values{"source": {"grid"}, "grid_map": {"nowhere"}})
	if resp.StatusCode == http.StatusSeeOther || !strings.Contains(strings.Join(byTestID(t, body, "form-error"), " "), "arena2") {
		t.Errorf("an unknown map: HTTP %d, %v; want the form again naming the maps", resp.StatusCode, byTestID(t, body, "form-error"))
	}
}

// TestFavicon: every page links an icon and /favicon.ico answers.
func TestFavicon(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	status, body, hdr := get(t, ts.URL+"/favicon.ico")
	if status != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "image/svg+xml") || !strings.Contains(body, "<svg") {
		t.Errorf("/favicon.ico: HTTP %d, %q", status, hdr.Get("Content-Type"))
	}
	_, page, _ := get(t, ts.URL+"/")
	if !regexp.MustCompile(`<link rel="icon" type="image/svg\+xml" href="/static/favicon.svg\?v=\w+"`).MatchString(page) {
		t.Error("the landing page links no icon")
	}
}

// TestFirstPaintCoordinates: the server's first paint writes grid cells
// as the narration does, "(x,y)".
func TestFirstPaintCoordinates(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	ex, _ := exampleByName("tutorial-grid")
	sess, err := srv.startSession(newSearch(t, ex.Problem, ex.Options))
	if err != nil {
		t.Fatal(err)
	}
	_ = sess.Command(clientMsg{Type: cmdSeek, Step: 3})
	_, page, _ := get(t, ts.URL+presenterPath(sess))
	cells := regexp.MustCompile(`<td class="state">([^<]*)</td>`).FindAllStringSubmatch(page, -1)
	if len(cells) == 0 {
		t.Fatal("no state cells in the first paint")
	}
	for _, c := range cells {
		if !regexp.MustCompile(`^\(\d+,\d+\)$`).MatchString(c[1]) {
			t.Errorf("the first paint writes a cell %q, the narration (x,y)", c[1])
		}
	}
}

// TestContourCommand: "contour" runs the live search to the first step
// that expands another f than the current step did, as the engine says.
func TestContourCommand(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	sess, err := srv.startSession(newSearch(t, "puzzle 867254301 goal=123456780", "astar h=manhattan"))
	if err != nil {
		t.Fatal(err)
	}
	eng := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	var evs []stepper.Event
	for range 3000 {
		ev, ok := eng.Step()
		if !ok {
			break
		}
		evs = append(evs, ev)
	}
	fAt := func(k int) float64 { return evs[k-1].Expanded.F }
	want := func(from int) int {
		f0 := fAt(max(from, 1))
		k := max(from, 1) + 1
		for k < len(evs) && fAt(k) == f0 {
			k++
		}
		return k
	}
	from := 0
	for range 3 {
		var got int
		if err := sess.Command(clientMsg{Type: cmdContour}); err != nil {
			t.Fatal(err)
		}
		sess.Do(func(lv session.Live) { got = lv.Search.StepCount() })
		if w := want(from); got != w || fAt(got) == fAt(got-1) {
			t.Fatalf("contour from step %d went to step %d (f %v), want %d (f %v after %v)", from, got, fAt(got), w, fAt(w), fAt(w-1))
		}
		from = got
	}
}

// pageBrowser starts a browser of w×h on a fresh server.
func pageBrowser(t *testing.T, w, h int) (*Server, *httptest.Server, context.Context) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	srv := New(Config{})
	t.Cleanup(srv.Close)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return srv, ts, testbrowser.New(t, w, h, 90*time.Second)
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func pollJS(js string) chromedp.Action[chromedp.Void] {
	return testbrowser.Until(js, 10*time.Second)
}

// inspectorAt waits until the inspector shows node id at step k.
func inspectorAt(id, k int) chromedp.Action[chromedp.Void] {
	return pollJS(fmt.Sprintf(`(() => { const e = document.querySelector('[data-testid=inspector-node]'); return !!e && e.dataset.id === "%d" && e.textContent.includes("at step %d"); })()`, id, k))
}

// TestSessionPageDefects drives the session page as a lecturer: the
// inspector follows the steps, the jump field, the next f-contour, the
// lists stay put when the inspector opens, one coordinate notation, grid
// axis labels, Fit and Follow framing, the follower's distinct controls
// and the DOM bound on a 10,000-node search.
func TestSessionPageDefects(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1600, 1100)
	start := func(problem, options string) *session.Session {
		t.Helper()
		sess, err := srv.startSession(newSearch(t, problem, options))
		if err != nil {
			t.Fatal(err)
		}
		return sess
	}

	t.Run("inspector-refreshes", func(t *testing.T) {
		sess := start("graph romania", "astar")
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		for k := 1; k <= 3; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		top0 := eval[float64](t, ctx, `document.querySelector('.pane.lists').getBoundingClientRect().top`)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.stepviz.inspect(0), undefined`), inspectorAt(0, 3)); err != nil {
			t.Fatalf("inspect the root: %v", err)
		}
		if top1 := eval[float64](t, ctx, `document.querySelector('.pane.lists').getBoundingClientRect().top`); top1 != top0 {
			t.Errorf("opening the inspector moved the lists from y %v to %v", top0, top1)
		}
		// a step, a back and a typed jump each refresh it
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(4), inspectorAt(0, 4)); err != nil {
			t.Errorf("the inspector did not follow a step: %v", err)
		}
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-back`), waitStep(3), inspectorAt(0, 3)); err != nil {
			t.Errorf("the inspector did not follow a step back: %v", err)
		}
		if err := chromedp.Do(ctx, chromedp.SetValue(`#jump-to`, ""), chromedp.SendKeys(`#jump-to`, "1\r"), waitStep(1), inspectorAt(0, 1)); err != nil {
			t.Errorf("the jump field or the inspector after it: %v", err)
		}
		// a node that does not exist at the step shown is said so
		if err := chromedp.Do(ctx, chromedp.SetValue(`#jump-to`, ""), chromedp.SendKeys(`#jump-to`, "4\r"), waitStep(4),
			chromedp.Evaluate[chromedp.Void](`window.stepviz.inspect(window.stepviz.model.nodeEnd - 1), undefined`),
			chromedp.Click(`#btn-reset`), waitStep(0), pollJS(`!!document.querySelector('[data-testid=inspector-gone]')`)); err != nil {
			t.Errorf("inspecting a node that a reset removed: %v", err)
		}
	})

	t.Run("contour-and-goal", func(t *testing.T) {
		sess := start("puzzle 867254301 goal=123456780", "astar h=manhattan")
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		eng := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=manhattan")
		var fs []float64
		for {
			ev, ok := eng.Step()
			if !ok {
				break
			}
			fs = append(fs, ev.Expanded.F)
		}
		want := 2
		for fs[want-1] == fs[0] {
			want++
		}
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-contour`), waitStep(want)); err != nil {
			t.Fatalf("Next f did not go to step %d (the first f above %v): %v", want, fs[0], err)
		}
		if err := chromedp.Do(ctx, chromedp.Click(`#btn-goal`), waitStep(len(fs)), pollJS(`document.getElementById("status").textContent === "solved"`)); err != nil {
			t.Errorf("Run to goal: %v", err)
		}
	})

	t.Run("coordinates-and-axes", func(t *testing.T) {
		ex, _ := exampleByName("tutorial-grid")
		sess := start(ex.Problem, ex.Options)
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0), chromedp.Click(`#btn-step`), waitStep(1)); err != nil {
			t.Fatal(err)
		}
		narr := eval[string](t, ctx, `document.getElementById("narration").textContent`)
		cells := eval[[]string](t, ctx, `[...document.querySelectorAll('#open-table td.state, #closed-table td.state')].map(e => e.textContent)`)
		coord := regexp.MustCompile(`^\(\d+,\d+\)$`)
		if !regexp.MustCompile(`\(\d+,\d+\)`).MatchString(narr) || len(cells) == 0 {
			t.Fatalf("narration %q, table states %v", narr, cells)
		}
		for _, c := range cells {
			if !coord.MatchString(c) {
				t.Errorf("a table writes a cell %q; the narration writes (x,y)", c)
			}
		}
		xs := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-testid=grid-axis] text')].map(e => e.textContent)`)
		if strings.Join(xs, " ") != "0 1 2 3 4 5 6 0 1 2 3 4" {
			t.Errorf("grid axis labels %v, want x 0-6 then y 0-4", xs)
		}
		// a big map is a canvas with axis ticks, whatever its size
		moving, _ := exampleByName("moving-ai")
		sess = start(moving.Problem, moving.Options)
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, `Number(document.querySelector('[data-testid=grid-canvas]').dataset.ticks || 0)`); n <= 0 {
			t.Errorf("the big grid's canvas draws no axis ticks")
		}
	})

	t.Run("fit-and-follow", func(t *testing.T) {
		sess := start("puzzle 867254301 goal=123456780", "bfs maxnodes=100000")
		_ = sess.Command(clientMsg{Type: cmdSeek, Step: 3000})
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(3000)); err != nil {
			t.Fatal(err)
		}
		// Follow: the node expanded last, its parent and all its siblings
		// are in view
		if err := chromedp.Do(ctx, chromedp.Click(`#zoom-follow`), chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		res := eval[string](t, ctx, `(() => {
			const m = window.stepviz.model, cur = m.last.expanded.id, p = m.parent(cur);
			const box = document.getElementById("tree").getBoundingClientRect();
			const want = [cur, p, ...m.children(p)];
			const out = want.filter(id => { const e = document.querySelector('#tree [data-id="' + id + '"]'); if (!e) return true;
				const r = e.getBoundingClientRect(); return r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom; });
			return out.join(",");
		})()`)
		if res != "" {
			t.Errorf("Follow cuts off nodes %s (the current node, its parent and siblings)", res)
		}
		// Fit: the tree fills a good part of the view's height, not a strip
		if err := chromedp.Do(ctx, chromedp.Click(`#zoom-fit`), chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		h := eval[float64](t, ctx, `(() => { let y0 = 1e9, y1 = -1e9; for (const e of document.querySelectorAll('#tree [data-testid=tree-node]')) { const r = e.getBoundingClientRect(); y0 = Math.min(y0, r.top); y1 = Math.max(y1, r.bottom); } return (y1 - y0) / document.getElementById("tree").getBoundingClientRect().height; })()`)
		if h < 0.3 {
			t.Errorf("Fit draws the tree in %.0f%% of the view's height", 100*h)
		}
		// a click selects a node and never lays the tree out again
		before := eval[int](t, ctx, `window.stepviz.tree.layouts`)
		if err := chromedp.Do(ctx, chromedp.Click(`#zoom-follow`), chromedp.Sleep(200*time.Millisecond),
			chromedp.Evaluate[chromedp.Void](`(() => {
				const b = document.getElementById("tree").getBoundingClientRect();
				const e = [...document.querySelectorAll('#tree [data-testid=tree-node]')].find((e) => { const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2; return e.dataset.id !== "0" && x > b.left && x < b.right && y > b.top && y < b.bottom; });
				const r = e.getBoundingClientRect(), o = { pointerId: 3, button: 0, clientX: (r.left + r.right) / 2, clientY: (r.top + r.bottom) / 2, bubbles: true };
				const svg = document.querySelector("#tree svg");
				svg.dispatchEvent(new PointerEvent("pointerdown", o)); svg.dispatchEvent(new PointerEvent("pointerup", o));
			})()`), pollJS(`!!document.querySelector('[data-testid=inspector-node]')`)); err != nil {
			t.Fatalf("clicking a tree node: %v", err)
		}
		if after := eval[int](t, ctx, `window.stepviz.tree.layouts`); after != before {
			t.Errorf("a click laid the tree out %d times", after-before)
		}
		// the page stays small: what is drawn is what is visible
		if n := eval[int](t, ctx, `document.getElementsByTagName("*").length`); n > 5000 {
			t.Errorf("%d DOM elements at 3000 steps, want at most 5,000", n)
		}
	})

	t.Run("big-grid-canvas", func(t *testing.T) {
		// a 512×512 map with a wall across most of it, on a canvas
		rows := make([]string, 512)
		for y := range rows {
			r := []byte(strings.Repeat(".", 512))
			if y == 256 {
				copy(r, strings.Repeat("#", 480))
			}
			rows[y] = string(r)
		}
		sess := start("grid "+strings.Join(rows, "/")+" start=10,10 goal=500,500 moves=8", "astar h=octile duplicates=drop maxnodes=100000")
		_ = sess.Command(clientMsg{Type: cmdSeek, Step: 3000})
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(3000)); err != nil {
			t.Fatal(err)
		}
		k0 := eval[float64](t, ctx, `Number(document.querySelector('[data-testid=grid-canvas]').dataset.k)`)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => { const c = document.querySelector('[data-testid=grid-canvas]'), r = c.getBoundingClientRect();
			c.dispatchEvent(new WheelEvent("wheel", {deltaY: -120, clientX: r.left + 100, clientY: r.top + 100, bubbles: true, cancelable: true})); })()`),
			pollJS(`Number(document.querySelector('[data-testid=grid-canvas]').dataset.k) > `+fmt.Sprint(k0))); err != nil {
			t.Errorf("wheel zoom on the 512×512 canvas (scale %v): %v", k0, err)
		}
		if n := eval[int](t, ctx, `document.getElementsByTagName("*").length`); n > 5000 {
			t.Errorf("%d DOM elements with a 512×512 grid, want at most 5,000", n)
		}
	})

	t.Run("follower-controls", func(t *testing.T) {
		sess := start("graph romania", "astar")
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		pres := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-testid=controls]')).backgroundColor`)
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+followerPath(sess)), waitStep(0)); err != nil {
			t.Fatal(err)
		}
		foll := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-testid=controls]')).backgroundColor`)
		tag := eval[string](t, ctx, `(document.querySelector('[data-testid=controls-mode]') || {}).textContent || ""`)
		if pres == foll || tag == "" {
			t.Errorf("follower controls look like the presenter's: background %s and %s, tag %q", pres, foll, tag)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#btn-contour').length`); n != 0 {
			t.Errorf("a follower is offered the presenter's Next f")
		}
	})
}

// TestLandingHeuristicsFollowKind: the heuristic list shows only the
// chosen problem kind's heuristics.
func TestLandingHeuristicsFollowKind(t *testing.T) {
	_, ts, ctx := pageBrowser(t, 1400, 1000)
	visible := `[...document.querySelectorAll('select[name=h] option')].filter(o => !o.hidden).map(o => o.value).join(" ")`
	for _, tc := range []struct {
		click       string
		want, wantN []string
	}{
		{`[data-testid=source-puzzle]`, []string{"manhattan", "misplaced", "linear-conflict"}, []string{"octile", "euclidean"}},
		{`[data-testid=source-grid]`, []string{"octile", "manhattan"}, []string{"misplaced", "linear-conflict"}},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.Click(tc.click)); err != nil {
			t.Fatal(err)
		}
		got := " " + eval[string](t, ctx, visible) + " "
		for _, w := range tc.want {
			if !strings.Contains(got, " "+w+" ") {
				t.Errorf("%s: heuristics%s lack %s", tc.click, got, w)
			}
		}
		for _, w := range tc.wantN {
			if strings.Contains(got, " "+w+" ") {
				t.Errorf("%s: heuristics%s offer %s", tc.click, got, w)
			}
		}
	}
}

// TestProjector720 shows projector mode on a 1280×720 screen: the
// controls, the narration, the tree and the problem view are all on it,
// for the puzzle and for the tutorial grid with its warning.
func TestProjector720(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	tutorial, _ := exampleByName("tutorial-grid")
	movingAI, _ := exampleByName("moving-ai")
	for _, tc := range []struct{ name, problem, options string }{
		{"puzzle", "puzzle 283164705 goal=123804765", "astar"},
		{"tutorial-grid", tutorial.Problem, tutorial.Options},
		// issue 12: the family strip under the narration must fit too
		{"romania-idastar", "graph romania", "idastar"},
		{"grid-bibfs", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "bibfs"},
		{"romania", "graph romania", "astar"},
		{"moving-ai", movingAI.Problem, movingAI.Options},
	} {
		openProjector(t, ctx, srv, ts, tc.problem, tc.options)
		for k := 1; k <= 3; k++ {
			if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k)); err != nil {
				t.Fatal(err)
			}
		}
		_ = chromedp.Do(ctx, chromedp.Sleep(400*time.Millisecond))
		screenshot(t, ctx, "projector-720-"+tc.name+".png")
		type box struct{ Top, Bottom, Height float64 }
		for _, sel := range []string{"[data-testid=controls]", "#narration", "#tree", "#problem-view"} {
			b := eval[box](t, ctx, `(() => { const r = document.querySelector('`+sel+`').getBoundingClientRect(); return {Top: r.top, Bottom: r.bottom, Height: r.height}; })()`)
			if b.Top < 0 || b.Bottom > 720 || b.Height < 20 {
				t.Errorf("%s: %s spans y %.0f to %.0f on a 720 px screen", tc.name, sel, b.Top, b.Bottom)
			}
		}
		if h := eval[float64](t, ctx, `document.getElementById("tree").getBoundingClientRect().height`); h < 300 {
			t.Errorf("%s: the tree is %.0f px tall in projector mode", tc.name, h)
		}
		// a road map's labels are all inside the map and clear of each
		// other, however crowded
		if bad := eval[string](t, ctx, `(() => {
			const svg = document.querySelector("[data-testid=graph-svg]");
			if (!svg) return "";
			const m = svg.getBoundingClientRect(), bad = [];
			const ls = [...svg.querySelectorAll("text")].map((e) => [e.textContent, e.getBoundingClientRect()]);
			ls.forEach(([t, r], i) => {
				if (r.left < m.left - 0.5 || r.right > m.right + 0.5 || r.top < m.top - 0.5 || r.bottom > m.bottom + 0.5) bad.push(t + " outside the map");
				for (const [u, q] of ls.slice(i + 1)) {
					if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) bad.push(t + " over " + u);
				}
			});
			return bad.join("; ");
		})()`); bad != "" {
			t.Errorf("%s: map labels: %s", tc.name, bad)
		}
		// the family strip: TestProjectorFamilyStrip
		// the lists pane shows every column it keeps whole (a long state
		// gives way, never g, h or f), and a grid's states in full
		if bad := eval[string](t, ctx, `(() => {
			const pane = document.querySelector(".pane.lists").getBoundingClientRect(), bad = [];
			for (const c of document.querySelectorAll("#open-table tr > *, #closed-table tr > *")) {
				const r = c.getBoundingClientRect();
				if (r.width === 0 || getComputedStyle(c).display === "none") continue;
				if (r.right > pane.right + 0.5) bad.push(JSON.stringify(c.textContent) + " ends at x " + Math.round(r.right) + " beyond the pane's " + Math.round(pane.right));
				if (c.classList.contains("state") && document.getElementById("app").dataset.kind === "grid" && c.scrollWidth > c.clientWidth + 1) bad.push("state " + c.textContent + " cut");
			}
			return bad.slice(0, 6).join("; ");
		})()`); bad != "" {
			t.Errorf("%s: the lists: %s", tc.name, bad)
		}
		// a board's caption never puts g or h on one line and its number
		// on the next
		if bad := eval[string](t, ctx, `(() => {
			const cap = document.querySelector("#problem-view figcaption");
			if (!cap) return "";
			const chars = [], walk = document.createTreeWalker(cap, NodeFilter.SHOW_TEXT);
			for (let n = walk.nextNode(); n; n = walk.nextNode()) for (let i = 0; i < n.length; i++) {
				const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
				chars.push([n.data[i], r.getBoundingClientRect().top]);
			}
			const bad = [];
			chars.forEach(([c, top], i) => {
				if ((c === "g" || c === "h") && chars[i + 1] && chars[i + 1][0] === " " && chars[i + 2] && Math.abs(chars[i + 2][1] - top) > 2) bad.push(c + " and its number on two lines");
			});
			return bad.join("; ");
		})()`); bad != "" {
			t.Errorf("%s: the board's caption: %s", tc.name, bad)
		}
		// a big grid's map is whole in its view, the goal too
		if bad := eval[string](t, ctx, `(() => {
			const cv = document.querySelector("[data-testid=grid-canvas]");
			if (!cv) return "";
			const v = document.getElementById("problem-view").getBoundingClientRect(), r = cv.getBoundingClientRect();
			return r.bottom > v.bottom + 0.5 || r.right > v.right + 0.5 ? "the map ends at y " + Math.round(r.bottom) + ", its view at " + Math.round(v.bottom) : "";
		})()`); bad != "" {
			t.Errorf("%s: %s", tc.name, bad)
		}
		if h := eval[float64](t, ctx, `document.querySelector('.session-top').getBoundingClientRect().height`); h > 60 {
			t.Errorf("%s: the header is %.0f px tall", tc.name, h)
		}
	}
	_ = chromedp.Do(ctx, chromedp.KeyEvent("f"))
}

// openProjector starts a session of problem and options on srv, opens its
// presenter page in ctx at step 0 and switches it to projector mode (the
// f key), as a lecturer does before a class.
func openProjector(t *testing.T, ctx context.Context, srv *Server, ts *httptest.Server, problem, options string) {
	t.Helper()
	sess, err := srv.startSession(newSearch(t, problem, options))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `document.documentElement.classList.contains("projector")`) {
		if err := chromedp.Do(ctx, chromedp.KeyEvent("f")); err != nil {
			t.Fatal(err)
		}
	}
}

// liveScreen is a screen a browser test opens a live page on: a
// projector or a phone, its size, and the least text size (px) a reader
// there is given.
type liveScreen struct {
	name  string
	w, h  int
	phone bool
	least float64
}

// liveScreens are the lecture hall's two screens: a 1280×720 projector,
// text 14 px or more, and a 390×844 phone, text 11 px or more.
var liveScreens = []liveScreen{{"projector", 1280, 720, false, 14}, {"phone", 390, 844, true, 11}}

// screenBrowser is pageBrowser on screen: its size, and a mobile
// device's emulation on a phone.
func screenBrowser(t *testing.T, screen liveScreen) (*Server, *httptest.Server, context.Context) {
	t.Helper()
	srv, ts, ctx := pageBrowser(t, screen.w, screen.h)
	opts := []chromedp.EmulateViewportOption{}
	if screen.phone {
		opts = append(opts, chromedp.EmulateMobile)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(screen.w), int64(screen.h), opts...)); err != nil {
		t.Fatal(err)
	}
	return srv, ts, ctx
}

// openOnScreen starts a session of problem and options and opens its
// presenter page at step 0 as screen shows it: a phone's page as it is, a
// projector's switched to projector mode (openProjector).
func openOnScreen(t *testing.T, ctx context.Context, srv *Server, ts *httptest.Server, screen liveScreen, problem, options string) {
	t.Helper()
	if !screen.phone {
		openProjector(t, ctx, srv, ts, problem, options)
		return
	}
	sess, err := srv.startSession(newSearch(t, problem, options))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
}
