package server

import (
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPhoneTreePages: on a phone (390×844), tapping the "+k more" summary
// of the node expanded last shows its children a page at a time, each tap
// the next page in place of the one before: after every tap the node, its
// parent, the children drawn and the summary of the others (counting
// exactly them) are whole in the tree's view with every text of a box in
// view at 11 px or more; the taps show every child, then go round to the
// first page again (a summary a student can go round).
func TestPhoneTreePages(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 390, 844)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, problem, options string
		step, children         int
	}{
		{"romania-bfs-sibiu", "graph romania", "bfs goaltest=expand", 3, 4},
		{"grid8-bfs-start", "grid ........./........./........./....S..../........./........./........G moves=8", "bfs", 1, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
			if err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)+fmt.Sprintf("&step=%d", tc.step)), waitStep(tc.step),
				pollJS(`window.stepviz.tree.fit === "auto"`)); err != nil {
				t.Fatal(err)
			}
			v := eval[phoneTree](t, ctx, phoneTreeJS)
			if v.Children != tc.children {
				t.Fatalf("the node expanded last at step %d has %d children shown: want %d", tc.step, v.Children, tc.children)
			}
			checkPhonePage(t, "before the first tap", v)
			seen := map[int]bool{}
			for _, c := range v.Drawn {
				seen[c] = true
			}
			pages := [][]int{v.Drawn}
			cur := eval[int](t, ctx, `window.stepviz.model.last.expanded.id`)
			summary := fmt.Sprintf(`#tree g.tsummary[data-summary="%d"]`, cur)
			// taps until every child has been shown and then the first
			// child again: 2 × children taps at most, pages of one child
			back := false
			for tap := 1; tap <= 2*tc.children && !back && !t.Failed(); tap++ {
				layouts := eval[int](t, ctx, `window.stepviz.tree.layouts`)
				if err := chromedp.Do(ctx, chromedp.Click(summary),
					pollJS(fmt.Sprintf(`window.stepviz.tree.layouts > %d && window.stepviz.tree.fit === "auto"`, layouts))); err != nil {
					t.Fatalf("tap %d on %s: %v", tap, summary, err)
				}
				v = eval[phoneTree](t, ctx, phoneTreeJS)
				checkPhonePage(t, fmt.Sprintf("after tap %d", tap), v)
				pages = append(pages, v.Drawn)
				all := len(seen) == tc.children
				for _, c := range v.Drawn {
					seen[c] = true
				}
				back = all && slices.Contains(v.Drawn, v.Kids[0])
			}
			if len(seen) != tc.children {
				t.Errorf("the taps showed %d of the %d children %v, a page a tap %v: want every one", len(seen), tc.children, v.Kids, pages)
			} else if !back {
				t.Errorf("after every child of %v was shown the taps never came back to the first (pages %v)", v.Kids, pages)
			}
			t.Logf("children %v, a page a tap %v", v.Kids, pages)
		})
	}
}

// checkPhonePage fails t when what a phone shows of the node expanded last
// and its family (v) is cut by the view (a box, or a summary missing or
// miscounting the children not drawn), drawn below the text floor, or
// makes the page scroll sideways.
func checkPhonePage(t *testing.T, when string, v phoneTree) {
	t.Helper()
	if v.Cut != "" {
		t.Errorf("%s: %s", when, v.Cut)
	}
	if v.MinText < phoneFloor {
		t.Errorf("%s: text of %.1f px (%s), want %d px or more", when, v.MinText, v.MinAt, phoneFloor)
	}
	if v.ScrollW > v.ClientW {
		t.Errorf("%s: the page is %d px wide on a %d px screen: it scrolls sideways", when, v.ScrollW, v.ClientW)
	}
}
