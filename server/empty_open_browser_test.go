package server

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// firstEmptyOpen is the first step at which the engine's open list (or
// stack) is empty.
func firstEmptyOpen(t *testing.T, problem, options string) int {
	t.Helper()
	s, err := problems.New(problem, options)
	if err != nil {
		t.Fatalf("problems.New(%q, %q): %v", problem, options, err)
	}
	for k := 1; k <= 1000; k++ {
		s.Seek(k)
		sn := s.Snapshot()
		if len(sn.Open) == 0 {
			return k
		}
		if sn.Status != stepper.Running {
			break
		}
	}
	t.Fatalf("%s / %s: the open list is never empty", problem, options)
	return 0
}

// TestEmptyOpenSays: where the open list or stack is empty the page says
// why, in words a student follows: an iteration of IDS or IDA* is over
// and what the next starts with, or the search found no path.
func TestEmptyOpenSays(t *testing.T) {
	srv, ts, ctx := pageBrowser(t, 1280, 720)
	for _, tc := range []struct {
		name, problem, options string
		want                   []string
	}{
		{"ids", "puzzle 283164705 goal=123804765", "ids", []string{"iteration 1 is over", "starts iteration 2", "depth limit 1"}},
		{"idastar", "graph romania", "idastar", []string{"is over", "with threshold"}},
		{"no-path", "grid S.#G/..##", "bfs", []string{"no path"}},
	} {
		k := firstEmptyOpen(t, tc.problem, tc.options)
		sess, err := srv.startSession(newSearch(t, tc.problem, tc.options))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+presenterPath(sess)+"#step="+strconv.Itoa(k)), waitStep(k)); err != nil {
			t.Fatalf("%s: step %d: %v", tc.name, k, err)
		}
		screenshot(t, ctx, "empty-open-"+tc.name+".png")
		got := eval[string](t, ctx, `document.getElementById("open-count").textContent + " | " + document.getElementById("open-more").textContent`)
		for _, w := range tc.want {
			if !strings.HasPrefix(got, "0 | ") || !strings.Contains(got, w) {
				t.Errorf("%s at step %d: under the open list %q, want it empty and saying %q", tc.name, k, got, w)
			}
		}
	}
}
