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
// screen (the font's size times the drawing's scale).
const liveStartTable = `(() => {
	const rows = [...document.querySelectorAll("[data-testid=node-table] tbody tr")].map((r) => ({ ID: r.dataset.testid, Cells: [...r.cells].map((c) => c.textContent) }));
	const boards = [...document.querySelectorAll("#live-svg svg text.board")].filter((e) => e.getClientRects().length > 0);
	const px = boards.map((e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a);
	return { Rows: rows, Boards: boards.map((e) => e.textContent), BoardPx: px.length ? Math.min(...px) : 0 };
})()`

type liveStartInfo struct {
	Rows []struct {
		ID    string
		Cells []string
	}
	Boards  []string
	BoardPx float64
}

// TestLiveGameTableAtStart: at step 0, before any node is visited, the
// live game page's node table lists the root as the drawing shows it
// (node 0, no move, its turn, status start, its range of possible values
// [−∞, +∞]; its window is set when step 1 visits it), on a 1280×720 projector and a 390×844 phone; a connect four
// root is drawn as its board, six rows of seven, at 14 px or more on the
// projector and 11 px or more on the phone.
func TestLiveGameTableAtStart(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	for _, screen := range []struct {
		name  string
		w, h  int
		phone bool
		least float64
	}{{"projector", 1280, 720, false, 14}, {"phone", 390, 844, true, 11}} {
		for _, tc := range []struct {
			name, problem, algo string
			want                []string // the root's row: node, move, turn, status, value, window, range
			boardRows           int
		}{
			{"tictactoe", "tictactoe", "alphabeta", []string{".........", "", "MAX", "start", "", "", "[−∞, +∞]"}, 3},
			{"fig52", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "minimax", []string{"A", "", "MAX", "start", "", "", "[−∞, +∞]"}, 0},
			{"connect4", "connect4", "alphabeta depth=3", []string{"root", "", "MAX", "start", "", "", "[−∞, +∞]"}, 6},
		} {
			t.Run(screen.name+"-"+tc.name, func(t *testing.T) {
				ts, id, key := liveTestServer(t, Config{}, tc.problem, tc.algo)
				ctx := testbrowser.New(t, screen.w, screen.h, 60*time.Second)
				opts := []chromedp.EmulateViewportOption{}
				if screen.phone {
					opts = append(opts, chromedp.EmulateMobile)
				}
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(screen.w), int64(screen.h), opts...),
					testbrowser.Open(ts.URL+"/g/"+id+"?key="+key, `document.getElementById("live-conn").textContent === "live" && !!document.querySelector("[data-testid=node-table]")`, 10*time.Second)); err != nil {
					t.Fatal(err)
				}
				_ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond))
				screenshot(t, ctx, "live-game-start-"+screen.name+"-"+tc.name+".png")
				v := eval[liveStartInfo](t, ctx, liveStartTable)
				if len(v.Rows) != 1 || v.Rows[0].ID != "node-0" {
					t.Fatalf("the node table at step 0 holds %+v; want the root alone, node 0", v.Rows)
				}
				if got := strings.Join(v.Rows[0].Cells, " | "); got != strings.Join(tc.want, " | ") {
					t.Errorf("the root's row reads %q; want %q", got, strings.Join(tc.want, " | "))
				}
				if len(v.Boards) != tc.boardRows {
					t.Errorf("the root is drawn with %d board rows %q; want %d", len(v.Boards), v.Boards, tc.boardRows)
				}
				if tc.boardRows > 0 && v.BoardPx < screen.least {
					t.Errorf("the root's board at %.1f px; want %.0f px or more", v.BoardPx, screen.least)
				}
			})
		}
	}
}
