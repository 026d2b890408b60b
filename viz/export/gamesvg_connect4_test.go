package export

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// connectFourBoards is JavaScript measuring, in an svg drawing of a
// connect four tree, each node's board: its rows (texts of class board)
// and their lengths, any of its texts meeting its shape, another of its
// texts or any edge line (widened by half its stroke), and the board's
// type size as drawn (the svg's width over its viewBox's).
const connectFourBoards = `(() => {` + testbrowser.GeometryJS + `
	const svg = document.querySelector("svg"), scale = svg.width.baseVal.value / svg.viewBox.baseVal.width;
	const lines = edgeLines(document);
	const out = [], rows = [];
	for (const g of document.querySelectorAll("g.node")) {
		const shape = g.querySelector("path, rect, circle").getBBox();
		const texts = [...g.querySelectorAll("text")];
		const board = texts.filter((e) => e.classList.contains("board"));
		rows.push(board.map((e) => e.textContent.length).join(","));
		texts.forEach((e, i) => {
			const q = e.getBBox();
			if (boxesMeet(q, shape)) out.push(g.dataset.node + ": " + JSON.stringify(e.textContent) + " meets its shape");
			texts.slice(i + 1).forEach((f) => { if (!(e.classList.contains("board") && f.classList.contains("board")) && boxesMeet(q, f.getBBox())) out.push(g.dataset.node + ": " + JSON.stringify(e.textContent) + " meets " + JSON.stringify(f.textContent)); });
			if (e.classList.contains("board")) for (const s of lines) if (meetsLine(s, q)) out.push(g.dataset.node + ": board row " + JSON.stringify(e.textContent) + " meets the edge " + [s.x1, s.y1, s.x2, s.y2].map(Math.round));
		});
	}
	const px = document.querySelector("text.board") ? parseFloat(getComputedStyle(document.querySelector("text.board")).fontSize) * scale : 0;
	return { Overlaps: out, Rows: rows, Px: px };
})()`

// TestGameSVGConnectFourBoards opens drawings of connect four trees in
// Chromium (alpha-beta to depth 3 and from a position, whole and folded;
// MCTS) and measures each node: its state is drawn as its board, six
// rows of seven, none of its texts meets its shape, another of its
// texts or an edge line, the board's type is 7.5 px or more as drawn, and
// the drawing is at most MaxGameSVGWidth wide.
func TestGameSVGConnectFourBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := testbrowser.New(t, 1300, 1000, 120*time.Second)
	dir := t.TempDir()
	width := regexp.MustCompile(`^<svg [^>]*width="([0-9.]+)"`)
	for i, c := range []struct {
		problem, search string
		step            int
	}{
		{"connect4", "alphabeta depth=3", 0},
		{"connect4", "alphabeta depth=3", 30},
		{"connect4 4453", "alphabeta depth=4", 120}, // folded
		{"connect4", "mcts iterations=20 seed=1", 20},
	} {
		name := fmt.Sprintf("%s/%s@%d", c.problem, c.search, c.step)
		t.Run(name, func(t *testing.T) {
			_, svg := gameSVGAt(t, c.problem, c.search, c.step)
			m := width.FindStringSubmatch(svg)
			if w, _ := strconv.ParseFloat(m[1], 64); m == nil || w > MaxGameSVGWidth {
				t.Errorf("the drawing is %s px wide, want at most %g", m[1], MaxGameSVGWidth)
			}
			showSVG(t, ctx, filepath.Join(dir, fmt.Sprintf("c%d.svg", i)), svg)
			got, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
				Overlaps []string
				Rows     []string
				Px       float64
			}](connectFourBoards))
			if err != nil {
				t.Fatal(err)
			}
			if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
				_ = os.WriteFile(testenv.Artifact(t, fmt.Sprintf("connect4-%d.png", i)), buf, 0o644)
			}
			t.Logf("%d nodes, boards at %.1f px", len(got.Rows), got.Px)
			for _, o := range got.Overlaps {
				t.Error(o)
			}
			for j, r := range got.Rows {
				if r != "7,7,7,7,7,7" {
					t.Errorf("node %d's board rows have %q characters, want six rows of 7", j, r)
				}
			}
			if len(got.Rows) == 0 || got.Px < 7.5 {
				t.Errorf("%d boards at %.1f px, want every node's at 7.5 px or more", len(got.Rows), got.Px)
			}
		})
	}
}
