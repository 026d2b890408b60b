package server

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/server/session"
)

// TestBoundedPage: a session whose IDS passes a node limit of 300 goes on
// in bounded mode, and the page in Chromium follows it there: the
// narration and the tree's count say that only the path and its pending
// siblings are held, the family strip lists the earlier iterations, the tree draws exactly the nodes the engine holds
// (their real ids, thousands apart from 0), a page opened there paints,
// and back and step keep working.
func TestBoundedPage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	srv := New(Config{MaxNodes: 300})
	t.Cleanup(srv.Close)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	ctx := testbrowser.New(t, 1400, 1000, 90*time.Second)
	sess, err := srv.startSession(newSearch(t, "puzzle 867254301 goal=123456780", "ids"))
	if err != nil {
		t.Fatal(err)
	}
	const far = 5000
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)), waitStep(0)); err != nil {
		t.Fatal(err)
	}
	if err := sess.Command(clientMsg{Type: cmdSeek, Step: far}); err != nil {
		t.Fatal(err)
	}
	check := func(k int) {
		t.Helper()
		if err := chromedp.Do(ctx, waitStep(k)); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		var held []int
		var made, iters int
		sess.Do(func(lv session.Live) {
			held, _ = lv.Search.HeldIDs(nil)
			made, iters = lv.Search.NodeCount(), len(lv.Search.Iterations(k))
		})
		// the family strip still lists the earlier iterations, a button
		// each, though their nodes are dropped
		buttons := eval[int](t, ctx, `document.querySelectorAll('[data-testid=earlier-iteration]').length`)
		if iters < 2 || buttons != iters-1 {
			t.Errorf("step %d: the family strip has %d earlier iterations' buttons; the search is in iteration %d", k, buttons, iters)
		}
		if len(held) == 0 || made < 3*300 {
			t.Fatalf("step %d: the session holds %v of %d nodes; want it past its limit, bounded", k, held, made)
		}
		say := eval[string](t, ctx, `document.getElementById("narration").textContent`)
		count := eval[string](t, ctx, `document.getElementById("tree-count").textContent`)
		if !strings.Contains(say, "holds only its current path") || !strings.Contains(count, fmt.Sprintf("%d held", len(held))) {
			t.Errorf("step %d: the narration %q and the tree's count %q do not say that the path and its pending siblings (%d nodes) are held", k, say, count, len(held))
		}
		drawn := eval[[]int](t, ctx, `[...document.querySelectorAll('[data-testid=tree-node]')].map((e) => Number(e.dataset.id))`)
		in := map[int]bool{}
		for _, id := range held {
			in[id] = true
		}
		for _, id := range drawn {
			if !in[id] {
				t.Fatalf("step %d: the tree draws node %d, which the search does not hold (%v)", k, id, held)
			}
		}
		if len(drawn) == 0 || drawn[len(drawn)-1] < 1000 && made > 2000 {
			t.Errorf("step %d: the tree draws %v", k, drawn)
		}
	}
	check(far)
	// a page opened past the limit: its first paint lists the closed
	// nodes held
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess))); err != nil {
		t.Fatal(err)
	}
	check(far)
	if err := chromedp.Do(ctx, chromedp.Click(`#btn-back`)); err != nil {
		t.Fatal(err)
	}
	check(far - 1)
	if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`)); err != nil {
		t.Fatal(err)
	}
	check(far)
}
