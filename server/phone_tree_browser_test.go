package server

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// phoneFloor is the smallest text, in screen pixels, a student reads on a
// phone: every text of the tree's boxes in view is at least this.
const phoneFloor = 11

// phoneTreeJS is JavaScript for what a phone shows of the tree: the page's
// scroll width against its width, the boxes of the node expanded last, of
// its parent and of its children (or the "+k more" summary its children
// are folded into, which must count exactly those not drawn) against the
// tree's view, the smallest text of a box in view (its font size times the
// scale it is drawn at) and the current node's texts. Children are those
// the tree shows: discarded ones only with "discarded" ticked.
const phoneTreeJS = `(() => {
	const d = document.documentElement, m = window.stepviz.model, v = document.getElementById("tree").getBoundingClientRect();
	const out = {ScrollW: d.scrollWidth, ClientW: d.clientWidth, Cut: "", MinText: 99, MinAt: "", Current: [], Children: 0, Folded: 0, Kids: [], Drawn: []};
	const cur = m.last ? m.last.expanded.id : 0;
	const box = (id) => document.querySelector('#tree g.tnode[data-id="' + id + '"]');
	const at = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round);
	// whole says whether e's box (rings and badge included) is inside the view, else says where it is
	const whole = (who, e) => {
		const r = e.getBoundingClientRect();
		if (r.left < v.left - 0.5 || r.right > v.right + 0.5 || r.top < v.top - 0.5 || r.bottom > v.bottom + 0.5) { out.Cut += who + " at " + at(r) + " is outside the view " + at(v) + "; "; return false; }
		return true;
	};
	for (const [who, id] of [["the node expanded last", cur], ["its parent", m.parent(cur)]]) {
		if (id < 0) continue;
		const e = box(id);
		if (!e) { out.Cut += who + " (" + id + ") is not drawn as a box; "; continue; }
		whole(who, e);
	}
	const kids = m.children(cur).filter((c) => window.stepviz.state.showDiscarded || m.nodeStatus(c) !== "discarded");
	let drawn = 0;
	for (const c of kids) { const e = box(c); if (e) { drawn++; out.Drawn.push(c); whole("its child " + c, e); } }
	out.Kids = kids; out.Children = kids.length; out.Folded = kids.length - drawn;
	if (drawn < kids.length) {
		const sm = document.querySelector('#tree g.tsummary[data-summary="' + cur + '"]');
		const said = sm ? sm.querySelector("text").textContent : "";
		if (!sm) out.Cut += kids.length - drawn + " of its " + kids.length + " children are neither drawn nor folded into a summary; ";
		else if (whole("the summary of its children (" + said + ")", sm) && said !== "+" + (kids.length - drawn) + " more") out.Cut += drawn + " of its " + kids.length + " children are drawn and their summary reads " + JSON.stringify(said) + ": want \"+" + (kids.length - drawn) + " more\"; ";
	}
	for (const t of document.querySelectorAll("#tree g.tnode text, #tree g.tsummary text")) {
		const r = t.getBoundingClientRect();
		if (r.right < v.left || r.left > v.right || r.bottom < v.top || r.top > v.bottom) continue;
		const px = t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize);
		if (px < out.MinText) { out.MinText = px; out.MinAt = JSON.stringify(t.textContent) + " of node " + (t.closest("[data-id],[data-summary]").dataset.id || "summary"); }
	}
	const c = box(cur);
	if (c) out.Current = [...c.querySelectorAll("text")].map((t) => t.textContent);
	return out;
})()`

type phoneTree struct {
	ScrollW, ClientW int
	Cut              string
	MinText          float64
	MinAt            string
	Current          []string
	// Children counts the children of the node expanded last the tree
	// shows; Folded, those of them in its "+k more" summary
	Children, Folded int
	// Kids are those children's ids; Drawn, those of them drawn as boxes
	Kids, Drawn []int
}

// TestPhoneTree: on a phone (390×844) a tree wider than the screen (BFS on
// Romania, A* on the 8-puzzle, RBFS on Romania, A* and BFS on an open
// 8-connected grid, eight children a family) never scrolls the page
// sideways; Follow shows the node expanded last, its parent and its
// children whole in the tree's view (the children that do not fit side by
// side folded into a "+k more" summary, itself whole and counting exactly
// them), every text of a box in view at 11 px or more, at every step;
// RBFS's node shows its f and backed-up F.
func TestPhoneTree(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	srv := New(Config{})
	t.Cleanup(srv.Close)
	ts := newTestServer(t, srv)
	ctx := testbrowser.New(t, 390, 844, 120*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, problem, options string
		rbfs                   bool
	}{
		{"romania-bfs", "graph romania", "bfs goaltest=expand", false},
		{"puzzle-astar", "puzzle 867254301", "astar", false},
		{"romania-rbfs", "graph romania", "rbfs", true},
		{"puzzle-rbfs", "puzzle 283164705 goal=123804765", "rbfs", true},
		// eight children a family, more than fit side by side
		{"grid8-astar", "grid G......../........./........./....S..../........./........./......... moves=8", "astar h=octile", false},
		{"grid8-astar-se", "grid ........./........./........./....S..../........./........./........G moves=8", "astar h=octile", false},
		{"grid8-bfs", "grid ........./........./........./....S..../........./........./........G moves=8", "bfs", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
			if err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
				t.Fatal(err)
			}
			failed, least, most, folded := false, 99.0, 0, 0
			for k := 1; k <= 14 && !failed; k++ {
				if eval[string](t, ctx, `window.stepviz.model.status`) != "running" {
					break
				}
				if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(k), pollJS(`window.stepviz.tree.fit === "auto"`)); err != nil {
					t.Fatalf("step %d: %v", k, err)
				}
				v := eval[phoneTree](t, ctx, phoneTreeJS)
				least = min(least, v.MinText)
				wider := v.Children > most
				if wider {
					most, folded = v.Children, v.Folded
				}
				fail := func(format string, a ...any) {
					t.Errorf("step %d (scale %.2f): %s", k, eval[float64](t, ctx, `window.stepviz.tree.k`), fmt.Sprintf(format, a...))
					failed = true
				}
				if v.ScrollW > v.ClientW {
					fail("the page is %d px wide on a %d px screen: it scrolls sideways", v.ScrollW, v.ClientW)
				}
				if v.Cut != "" {
					fail("%s", v.Cut)
				}
				if v.MinText < phoneFloor {
					fail("text of %.1f px (%s), want %d px or more", v.MinText, v.MinAt, phoneFloor)
				}
				if tc.rbfs && (!hasPrefix(v.Current, "f ") || !hasPrefix(v.Current, "F ")) {
					fail("RBFS's node expanded last shows %q: want its f and its backed-up F", v.Current)
				}
				if wider || failed { // the widest family yet, or the step that failed: the picture to look at
					shot(ctx, t, "phone-tree-"+tc.name+".png")
				}
			}
			t.Logf("smallest text of a box in view over the steps: %.1f px; most children of a node expanded last: %d, %d of them folded", least, most, folded)
		})
	}
}

// shot writes the tree's pane as it is now to the artifact name, scrolled
// into the screen; a failure to take it only goes without the picture.
func shot(ctx context.Context, t *testing.T, name string) {
	t.Helper()
	_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("tree").scrollIntoView()`))
	if b, err := chromedp.Run(ctx, chromedp.Screenshot(".pane.tree")); err == nil {
		_ = os.WriteFile(testenv.Artifact(t, name), b, 0o644)
	}
}

// hasPrefix reports whether a word of one of texts begins with p.
func hasPrefix(texts []string, p string) bool {
	for _, s := range texts {
		if strings.HasPrefix(s, p) || strings.Contains(s, " "+p) {
			return true
		}
	}
	return false
}

// TestPhoneRBFSZoomedOut: RBFS's tree on a phone zoomed out to the large
// numbers (scales 0.8 to 0.56) still shows the node's f and its backed-up
// F, at 11 px or more.
func TestPhoneRBFSZoomedOut(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 390, 844)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	sess, err := srv.startSession(newSearch(t, "graph romania", "rbfs"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)+"&step=5"), waitStep(5)); err != nil {
		t.Fatal(err)
	}
	for _, k := range []float64{0.8, 0.7, 0.6, 0.56} {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.stepviz.tree.zoomBy(%g / window.stepviz.tree.k)`, k)),
			pollJS(fmt.Sprintf(`Math.abs(window.stepviz.tree.k - %g) < 0.01`, k)), chromedp.Sleep(100*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		v := eval[phoneTree](t, ctx, phoneTreeJS)
		if !hasPrefix(v.Current, "f ") || !hasPrefix(v.Current, "F ") {
			t.Errorf("scale %.2f: RBFS's node expanded last shows %q: want its f and its backed-up F", k, v.Current)
		}
		if v.MinText < phoneFloor {
			t.Errorf("scale %.2f: text of %.1f px (%s), want %d px or more", k, v.MinText, v.MinAt, phoneFloor)
		}
		if k == 0.6 {
			shot(ctx, t, "phone-tree-rbfs-zoomed-out.png")
		}
	}
}
