package export

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/stepper/game"
	"stepviz/viz/raster"
)

// gameSVGAt draws problem searched by search at step k.
func gameSVGAt(t *testing.T, problem, search string, k int) (*game.View, string) {
	t.Helper()
	g, o := gameOf(t, problem, search)
	v, err := game.ViewAt(g, o, k)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := GameSVG(&b, v); err != nil {
		t.Fatal(err)
	}
	return v, b.String()
}

// TestGameSVGStartDrawsTheRoot: at step 0 the drawing holds one node, the
// root the search starts from, with its shape (MAX's triangle up, MIN's
// down), its name (tic-tac-toe's board as its rows) and, for the
// depth-first searches, status start; the step's line says what step 1
// will do. At step 1 the same root is drawn visited.
func TestGameSVGStartDrawsTheRoot(t *testing.T) {
	node := regexp.MustCompile(`<g class="node ([a-z]+)" data-node="(\d+)" data-parent="-1" data-state="([^"]*)"[^>]*>(.*)</g>`)
	for _, c := range []struct {
		problem, search, shape, label, says string
	}{
		{"tictactoe", "alphabeta", "l14 24", `y="76" font-size="10" font-family="monospace" fill="#000">...</text><text class="board" x="66" y="86"`, "step 1 visits it with [α=−∞, β=+∞]"},
		{"tictactoe X...O...X", "minimax", "l14 24", `<text class="board" x="66" y="86" font-size="10" font-family="monospace" fill="#000">.O.</text>`, "the root X../.O./..X (MAX to move) is not visited yet; step 1 visits it, then"},
		{fig52Line, "minimax", "l14 24", `>A</text>`, "the root A (MAX to move) is not visited yet"},
		{"nim 3,4,5", "alphabeta", "l14 24", `>3,4,5 MAX</text>`, "the root 3,4,5 MAX (MAX to move)"},
		{"tictactoe", "mcts iterations=10 seed=1", "l14 24", `<text class="board" x="66" y="96" font-size="10" font-family="monospace" fill="#000">...</text>`, "step 1 runs the first"},
	} {
		t.Run(c.problem+"/"+c.search, func(t *testing.T) {
			v, svg := gameSVGAt(t, c.problem, c.search, 0)
			ms := node.FindAllStringSubmatch(svg, -1)
			if n := strings.Count(svg, `<g class="node `); n != 1 || len(ms) != 1 {
				t.Fatalf("step 0 draws %d nodes (%d roots): want the root alone\n%s", n, len(ms), svg)
			}
			m := ms[0]
			root := v.Start
			if root == nil {
				root = &v.Nodes[0] // MCTS's tree holds its root from the start
			}
			if m[2] != "0" || m[3] != root.State {
				t.Errorf("the root is node %s in state %q", m[2], m[3])
			}
			if !strings.Contains(m[4], c.shape) || !strings.Contains(m[4], c.label) {
				t.Errorf("the root draws %s: want its shape %q and its name %q", m[4], c.shape, c.label)
			}
			if want := "start"; !strings.HasPrefix(c.search, "mcts") && m[1] != want {
				t.Errorf("the root's status is %s: want %s", m[1], want)
			}
			if !strings.Contains(v.Says, c.says) || strings.Contains(svg, "nothing visited") {
				t.Errorf("step 0 says %q: want %q", v.Says, c.says)
			}
			_, one := gameSVGAt(t, c.problem, c.search, 1)
			if strings.Contains(one, `class="node start"`) || !strings.Contains(one, `data-node="0" data-parent="-1"`) {
				t.Errorf("step 1 draws the root unvisited or not at all:\n%s", one)
			}
		})
	}
}

// TestGameExportsStartDrawTheRoot: the LaTeX and DOT exports of step 0
// draw the root too, as the svg does.
func TestGameExportsStartDrawTheRoot(t *testing.T) {
	g, o := gameOf(t, fig52Line, "alphabeta")
	for _, c := range []struct{ format, want string }{
		{"tex", `\subsection*{Game tree after step 0}`},
		{"tex", `\node[max] (g0) at (0.000,0) {};`},
		{"dot", `n0 [shape=triangle, style=solid, label="A"];`},
	} {
		if out := gameExport(t, g, o, c.format, 0); !strings.Contains(out, c.want) {
			t.Errorf("%s at step 0 holds no %q:\n%s", c.format, c.want, out)
		}
	}
}

// boardOverlap is JavaScript measuring, in an svg drawing of a game tree,
// each node's texts (its name or board, its notes) against its shape: it
// lists every text whose box meets the shape's box and every text
// reaching out of the drawing's width, and counts the nodes with a board.
const boardOverlap = `(() => {
	const out = [];
	let boards = 0;
	for (const g of document.querySelectorAll("g.node")) {
		const shape = g.querySelector("path, rect, circle").getBBox();
		if (g.querySelector("text.board")) boards++;
		for (const e of g.querySelectorAll("text")) {
			const q = e.getBBox();
			if (q.x < shape.x + shape.width && shape.x < q.x + q.width && q.y < shape.y + shape.height && shape.y < q.y + q.height)
				out.push(g.dataset.state + ": " + JSON.stringify(e.textContent) + " at " + [q.x, q.y, q.width, q.height].map(Math.round) + " meets the shape at " + [shape.x, shape.y, shape.width, shape.height].map(Math.round));
		}
	}
	const vb = document.querySelector("svg").viewBox.baseVal;
	for (const e of document.querySelectorAll("text")) {
		const q = e.getBBox();
		if (q.x < vb.x - 0.5 || q.x + q.width > vb.x + vb.width + 0.5) out.push(JSON.stringify(e.textContent) + " spans x " + [q.x, q.x + q.width].map(Math.round) + ", out of the drawing's 0.." + Math.round(vb.width));
	}
	return { Overlaps: out, Boards: boards, Nodes: document.querySelectorAll("g.node").length };
})()`

// TestGameSVGBoardsClearOfShapes opens drawings of tic-tac-toe (after
// several steps, at depths 0 to 9, folded and whole) and of nim in
// Chromium and measures each node: no text of a node (its board, its
// name, its notes) meets its shape, every tic-tac-toe node's board is
// drawn, and no text (a folded tree's note under a narrow tree) reaches
// out of the drawing.
func TestGameSVGBoardsClearOfShapes(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := testbrowser.New(t, 1300, 900, 90*time.Second)
	dir := t.TempDir()
	for _, c := range []struct {
		problem, search string
		step            int
	}{
		{"tictactoe", "alphabeta", 0},
		{"tictactoe", "alphabeta", 12},
		{"tictactoe", "alphabeta", 40},
		{"tictactoe", "minimax", 400}, // folded
		{"tictactoe X.O......", "minimax", 30},
		{"tictactoe", "mcts iterations=30 seed=2", 30},
		{"nim 3,4,5", "alphabeta", 30},
	} {
		name := fmt.Sprintf("%s/%s@%d", c.problem, c.search, c.step)
		t.Run(name, func(t *testing.T) {
			_, svg := gameSVGAt(t, c.problem, c.search, c.step)
			showSVG(t, ctx, filepath.Join(dir, fmt.Sprintf("g%d.svg", c.step)), svg)
			got, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
				Overlaps      []string
				Boards, Nodes int
			}](boardOverlap))
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range got.Overlaps {
				t.Error(o)
			}
			if strings.HasPrefix(c.problem, "tictactoe") && (got.Nodes == 0 || got.Boards != got.Nodes) {
				t.Errorf("%d boards drawn for %d nodes", got.Boards, got.Nodes)
			}
		})
	}
}

// TestGameBoardRasterised: the PNG a notebook shows (the svg rasterised)
// draws tic-tac-toe's board beside the root: ink right of the triangle
// at step 0, where the board's rows stand.
func TestGameBoardRasterised(t *testing.T) {
	_, svg := gameSVGAt(t, "tictactoe XOX......", "minimax", 0)
	img, err := raster.Image([]byte(svg), 1)
	if err != nil {
		t.Fatal(err)
	}
	// the root's centre is at (48, 78); its board from x 66, rows at y 76 to 96
	ink := 0
	for y := 66; y < 99; y++ {
		for x := 64; x < 90; x++ {
			if c := img.RGBAAt(x, y); c.R < 128 && c.G < 128 && c.B < 128 {
				ink++
			}
		}
	}
	if ink < 20 {
		t.Errorf("%d dark pixels where the board stands: want its rows drawn", ink)
	}
}

// showSVG writes svg to path and opens it in the browser of ctx, ready to
// be measured.
func showSVG(t *testing.T, ctx context.Context, path, svg string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(svg), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitReady(`svg`)); err != nil {
		t.Fatal(err)
	}
}
