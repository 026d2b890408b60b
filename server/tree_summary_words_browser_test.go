package server

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"
)

// treeSummariesJS is JavaScript for the tree's summary leaves (the "+k
// more" boxes standing for folded children): each one's accessible name,
// tooltip and drawn words, joined.
const treeSummariesJS = `[...document.querySelectorAll("#tree g.tsummary")].map((g) =>
	[g.getAttribute("aria-label"), g.querySelector("title") ? g.querySelector("title").textContent : "", ...[...g.querySelectorAll("text")].map((t) => t.textContent)].join(" | "))`

// pluralOne finds a count of one with a plural noun: "1 nodes", "1 more
// children", "them" after one child.
var pluralOne = regexp.MustCompile(`(^|[^\d.])1 (nodes|more children|children)\b|(^|[^\d.])1 more child, \d+ nodes? below them`)

// oneWords finds a summary that counts one (in the right words or not):
// one node below, or one more child.
var oneWords = regexp.MustCompile(`(^|[^\d.])1 (nodes?|more child(ren)?)\b`)

// TestTreeSummaryWords: the tree's summary leaves count in the page's
// words: "1 node", "1 more child, … below it", never "1 nodes" or "1 more
// children", in their drawn text, tooltip and accessible name. Each
// search below, on both screens of a lecture hall, steps until its tree
// shows a summary that counts one (the test fails if none does: its
// searches changed).
func TestTreeSummaryWords(t *testing.T) {
	for _, screen := range liveScreens {
		t.Run(screen.name, func(t *testing.T) {
			srv, ts, ctx := screenBrowser(t, screen)
			ones := 0
			for _, tc := range []struct {
				name, problem, options string
				steps                  []int // the steps looked at
				fold                   int   // a node folded (double-clicked) at the last step, if ≥ 0
			}{
				// a phone folds the children of all but the last nodes
				// expanded: one child folded at step 4
				{"romania-bfs", "graph romania", "bfs", []int{1, 2, 3, 4, 5, 6}, -1},
				// a corridor: the root's one child, folded by the user
				{"corridor-fold", "grid ........ start=0,0 goal=7,0", "bfs", []int{1}, 0},
			} {
				openOnScreen(t, ctx, srv, ts, screen, tc.problem, tc.options)
				seen := map[string]bool{}
				for _, k := range tc.steps {
					if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const f = document.getElementById("jump-form"), i = document.getElementById("jump-to"); i.value = "%d"; f.requestSubmit(); })()`, k)), waitStep(k)); err != nil {
						t.Fatal(err)
					}
					if tc.fold >= 0 && k == tc.steps[len(tc.steps)-1] {
						fold := fmt.Sprintf(`document.querySelector('#tree g.tnode[data-id="%d"]').dispatchEvent(new MouseEvent("dblclick", {bubbles: true}))`, tc.fold)
						if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fold), pollJS(`document.querySelector("#tree g.tsummary") !== null`)); err != nil {
							t.Fatalf("%s: folding node %d: %v", tc.name, tc.fold, err)
						}
					}
					for _, s := range eval[[]string](t, ctx, treeSummariesJS) {
						if seen[s] {
							continue
						}
						seen[s] = true
						t.Logf("%s step %d: %s", tc.name, k, s)
						if oneWords.MatchString(s) {
							ones++
						}
						if pluralOne.MatchString(s) {
							screenshot(t, ctx, "tree-summary-"+screen.name+"-"+tc.name+".png")
							t.Errorf("%s, step %d: a summary reads %q", tc.name, k, s)
						}
					}
				}
			}
			if ones == 0 {
				t.Errorf("no summary counted one node or one child: the test's searches changed")
			}
		})
	}
}
