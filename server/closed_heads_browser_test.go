package server

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// closedHeadsJS is JavaScript for the closed table's visible column
// heads: each one's text and where it starts and ends on the screen.
const closedHeadsJS = `[...document.querySelectorAll("#closed-table thead th")].filter((th) => th.getBoundingClientRect().width > 0).map((th) => {
	const r = th.getBoundingClientRect();
	return {Text: th.textContent, Left: r.left, Right: r.right};
})`

type columnHead struct {
	Text        string
	Left, Right float64
}

// TestClosedHeadsOverColumns: with no rows (the closed list at step 0)
// the closed table's heads sit where they sit over the rows once there
// are some (step 1): the state's head on the left with its wide column,
// g, h and f at the right, none moved by more than a few pixels. On both
// screens of a lecture hall, the 8-puzzle (a long state) and Romania.
func TestClosedHeadsOverColumns(t *testing.T) {
	for _, screen := range liveScreens {
		t.Run(screen.name, func(t *testing.T) {
			srv, ts, ctx := screenBrowser(t, screen)
			for _, tc := range []struct{ name, problem, options string }{
				{"puzzle", "puzzle 283164705 goal=123804765", "astar h=manhattan"},
				{"romania", "graph romania", "astar"},
			} {
				openOnScreen(t, ctx, srv, ts, screen, tc.problem, tc.options)
				empty := eval[[]columnHead](t, ctx, closedHeadsJS)
				if err := chromedp.Do(ctx, chromedp.Click(`#btn-step`), waitStep(1)); err != nil {
					t.Fatal(err)
				}
				rows := eval[[]columnHead](t, ctx, closedHeadsJS)
				if len(empty) != len(rows) || len(rows) < 5 {
					t.Fatalf("%s: %d heads with no rows, %d with one", tc.name, len(empty), len(rows))
				}
				bad := headsMoved(empty, rows, !screen.phone)
				if len(bad) > 0 {
					if err := chromedp.Do(ctx, chromedp.Click(`#btn-back`), waitStep(0)); err != nil {
						t.Fatal(err)
					}
					screenshot(t, ctx, "closed-heads-"+screen.name+"-"+tc.name+".png")
					t.Errorf("%s: with no rows the closed table's heads move: %s", tc.name, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// headsMoved says where the heads of a table with no rows (empty) stray
// from those over its rows (rows), column by column: the state's is at
// least half as wide as over rows, each later head (g, h, f, the parent:
// as wide as their numbers make them) is right of the state's column's
// middle and ends within the table, and, where the state's column takes
// the width left over (fixed), the order's and the state's heads start
// within 4 px of where they do over rows (on a phone every column is as
// wide as its contents make it, rows or not).
func headsMoved(empty, rows []columnHead, fixed bool) []string {
	var bad []string
	at := func(h, r columnHead) string {
		return fmt.Sprintf("%q spans x %.0f to %.0f, over rows %.0f to %.0f", h.Text, h.Left, h.Right, r.Left, r.Right)
	}
	mid := (rows[1].Left + rows[1].Right) / 2
	for i, h := range empty {
		r := rows[i]
		switch {
		case fixed && i < 2 && math.Abs(h.Left-r.Left) > 4:
			bad = append(bad, at(h, r))
		case i == 1 && h.Right-h.Left < (r.Right-r.Left)/2:
			bad = append(bad, at(h, r)+": too narrow")
		case i >= 2 && (h.Left < mid || h.Right > rows[len(rows)-1].Right+1):
			bad = append(bad, at(h, r))
		}
	}
	return bad
}
