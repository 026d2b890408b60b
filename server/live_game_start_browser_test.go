package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
)

// liveStartTable is JavaScript for the live game page: its node table's
// rows (each row's cells' text) and, of the drawing, the rows of the
// boards drawn (texts of class board) and their smallest size on the
// screen (the font's size times the drawing's scale); and how far the
// numbers' pane scrolls sideways (Over, 0 when its table fits).
const liveStartTable = `(() => {
	const rows = [...document.querySelectorAll("[data-testid=node-table] tbody tr")].map((r) => ({ ID: r.dataset.testid, Cells: [...r.cells].map((c) => c.textContent) }));
	const boards = [...document.querySelectorAll("#live-svg svg text.board")].filter((e) => e.getClientRects().length > 0);
	const px = boards.map((e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a);
	const side = document.getElementById("live-side");
	return { Rows: rows, Boards: boards.map((e) => e.textContent), BoardPx: px.length ? Math.min(...px) : 0, Over: side.scrollWidth - side.clientWidth };
})()`

// liveLabelHits is JavaScript listing each move's label (text.move) of
// the live page's drawing whose box (getBBox) meets an edge line, the
// line widened by half its stroke.
const liveLabelHits = `(() => {` + testbrowser.GeometryJS + `
	const out = [];
	for (const svg of document.querySelectorAll("#live-svg svg")) {
		const lines = edgeLines(svg);
		for (const e of svg.querySelectorAll("text.move")) {
			const b = e.getBBox();
			for (const s of lines) if (b.width > 0 && meetsLine(s, b)) out.push(JSON.stringify(e.textContent) + " meets the line " + [s.x1, s.y1, s.x2, s.y2].map(Math.round));
		}
	}
	return out;
})()`

type liveStartInfo struct {
	Rows []struct {
		ID    string
		Cells []string
	}
	Boards  []string
	BoardPx float64
	Over    int // how far the numbers' pane scrolls sideways
}

// TestLiveGameTableAtStart: at step 0, before any node is visited, the
// live game page's node table lists the root as the drawing shows it
// (node 0, no move, its turn, status start, its range of possible values
// [−∞, +∞]; its window is set when step 1 visits it), on a 1280×720 projector and a 390×844 phone; a connect four
// root is drawn as its board, six rows of seven, at 14 px or more on the
// projector and 11 px or more on the phone. Twelve steps on, the boards
// are still at that size and no move's label meets a line of the drawing;
// at both steps the node table fits its pane, every column in view
// without scrolling sideways (its boards' rows one under another).
func TestLiveGameTableAtStart(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	for _, screen := range liveScreens {
		for _, tc := range []struct {
			name, problem, algo string
			want                []string // the root's row: node, move, turn, status, value, window, range
			boardRows           int
		}{
			{"tictactoe", "tictactoe", "alphabeta", []string{"the empty board", "", "MAX", "start", "", "", "[−∞, +∞]"}, 3},
			{"fig52", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "minimax", []string{"A", "", "MAX", "start", "", "", "[−∞, +∞]"}, 0},
			{"connect4", "connect4", "alphabeta depth=3", []string{"the empty board", "", "MAX", "start", "", "", "[−∞, +∞]"}, 6},
		} {
			t.Run(screen.name+"-"+tc.name, func(t *testing.T) {
				ctx := openLiveOnScreen(t, screen, tc.problem, tc.algo, "!!document.querySelector(\"[data-testid=node-table]\")")
				_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
				screenshot(t, ctx, "live-game-start-"+screen.name+"-"+tc.name+".png")
				v := eval[liveStartInfo](t, ctx, liveStartTable)
				if len(v.Rows) != 1 || v.Rows[0].ID != "node-0" {
					t.Fatalf("the node table at step 0 holds %+v; want the root alone, node 0", v.Rows)
				}
				if got := strings.Join(v.Rows[0].Cells, " | "); got != strings.Join(tc.want, " | ") {
					t.Errorf("the root's row reads %q; want %q", got, strings.Join(tc.want, " | "))
				}
				t.Logf("%s %s: %d rows in the table, %d board rows at %.1f px", screen.name, tc.name, len(v.Rows), len(v.Boards), v.BoardPx)
				if v.Over > 0 {
					t.Errorf("the numbers' pane is %d px wider than the screen shows: its node table scrolls sideways", v.Over)
				}
				if len(v.Boards) != tc.boardRows {
					t.Errorf("the root is drawn with %d board rows %q; want %d", len(v.Boards), v.Boards, tc.boardRows)
				}
				if tc.boardRows > 0 && v.BoardPx < screen.least-0.05 {
					t.Errorf("the root's board at %.1f px; want %.0f px or more", v.BoardPx, screen.least)
				}
				// twelve steps on: the boards still at the screen's floor, and
				// no move's label on a line of the drawing
				stepLive(t, ctx, 0, 12)
				_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
				screenshot(t, ctx, "live-game-step12-"+screen.name+"-"+tc.name+".png")
				v = eval[liveStartInfo](t, ctx, liveStartTable)
				hits := eval[[]string](t, ctx, liveLabelHits)
				t.Logf("step 12: %d board rows at %.1f px or more; %d labels meet a line", len(v.Boards), v.BoardPx, len(hits))
				if v.Over > 0 {
					t.Errorf("step 12: the numbers' pane is %d px wider than the screen shows: its node table scrolls sideways", v.Over)
				}
				if tc.boardRows > 0 && v.BoardPx < screen.least-0.05 {
					t.Errorf("step 12: boards at %.1f px; want %.0f px or more", v.BoardPx, screen.least)
				}
				for _, h := range hits {
					t.Errorf("step 12: %s", h)
				}
			})
		}
	}
}
