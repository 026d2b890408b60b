package server

import (
	"fmt"
	"strings"
	"testing"
)

// treeCountPairs is JavaScript listing, for each search a room shows,
// its tree's count (a lane's, or the one search's page's) and the number
// generated the same screen states beside it (the session page's counter,
// or the room's comparison row of the lane).
const treeCountPairs = `(() => {
	const f = document.querySelector("iframe.lane");
	if (f) { const d = f.contentDocument; return [{Count: d.getElementById("tree-count").textContent, Generated: d.getElementById("c-generated").textContent, Counters: ""}]; }
	return [...document.querySelectorAll(".lane-box")].map((b, i) => ({
		Count: b.querySelector("[data-part=tree-count]").textContent,
		Generated: document.querySelector("[data-testid=compare-" + i + "]").children[4].textContent,
		Counters: b.querySelector("[data-testid=lane-counters]").textContent,
	}));
})()`

// TestRoomTreeCount: the tree's node count and the number generated
// agree as a lecturer reads them, on the one search's page and in each
// lane side by side: "N nodes: start + G generated" where G is the
// number generated the screen shows elsewhere and N is G+1 (the 8-puzzle's
// first steps re-parent no node), and a lane's counters never state
// another "generated".
func TestRoomTreeCount(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	for _, searches := range [][]string{{"bfs"}, {"bfs", "astar h=manhattan"}} {
		t.Run(strings.Join(searches, ","), func(t *testing.T) {
			ctx := openRoomSearches(t, "puzzle 283164705 goal=123804765", searches, 3)
			pairs := eval[[]struct{ Count, Generated, Counters string }](t, ctx, treeCountPairs)
			if len(pairs) != len(searches) {
				t.Fatalf("%d counts for %d searches", len(pairs), len(searches))
			}
			for i, p := range pairs {
				if msg := countAgrees(t, p.Count, p.Generated, "0"); msg != "" {
					t.Errorf("search %d: %s", i+1, msg)
				}
				if strings.Contains(p.Counters, "generated") {
					t.Errorf("search %d: the lane's counters %q state generated a second time", i+1, p.Counters)
				}
			}
		})
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}
