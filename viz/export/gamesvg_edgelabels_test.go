package export

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// edgeLabelHits is JavaScript measuring, in an svg drawing of a game
// tree, each move's label (its getBBox) against every edge line (the
// segment widened by half its stroke): it lists every label whose box
// meets a line, and counts the labels and the bold edges (the current
// path's and the principal variation's).
const edgeLabelHits = `(() => {` + testbrowser.GeometryJS + `
	const lines = edgeLines(document);
	const out = [];
	const labels = [...document.querySelectorAll("text.move")];
	for (const e of labels) {
		const b = e.getBBox();
		if (b.width === 0) continue;
		for (const s of lines) if (meetsLine(s, b)) out.push(JSON.stringify(e.textContent) + " at " + [b.x, b.y, b.width, b.height].map(Math.round) + " meets the " + s.cls + " line " + [s.x1, s.y1, s.x2, s.y2].map(Math.round));
	}
	return { Hits: out, Labels: labels.length, Bold: lines.filter((s) => / (pv|path)$/.test(s.cls)).length };
})()`

// TestGameSVGEdgeLabelsClearOfEdges opens drawings of game trees in
// Chromium (tic-tac-toe alpha-beta after many steps, folded and whole,
// nim, AIMA Fig. 5.2 at its end, MCTS) and measures each move's label:
// no label's box meets any edge line, the bold ones of the current path
// and the principal variation among them.
func TestGameSVGEdgeLabelsClearOfEdges(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := testbrowser.New(t, 1300, 900, 120*time.Second)
	dir := t.TempDir()
	for i, c := range []struct {
		problem, search string
		step            int
	}{
		{"tictactoe", "alphabeta", 12},
		{"tictactoe", "alphabeta", 60},
		{"tictactoe", "alphabeta", 300}, // folded
		{"tictactoe X.O......", "minimax", 30},
		{"nim 2,3", "minimax", 400},
		{"nim 3,4,5", "alphabeta", 30},
		{fig52Line, "minimax", 100},
		{fig52Line, "alphabeta", 100},
		{"tictactoe", "mcts iterations=30 seed=2", 30},
		{"connect4", "alphabeta depth=3", 30},
	} {
		name := fmt.Sprintf("%s/%s@%d", c.problem, c.search, c.step)
		t.Run(name, func(t *testing.T) {
			_, svg := gameSVGAt(t, c.problem, c.search, c.step)
			path := filepath.Join(dir, fmt.Sprintf("g%d.svg", i))
			if err := os.WriteFile(path, []byte(svg), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitReady(`svg`)); err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
				Hits         []string
				Labels, Bold int
			}](edgeLabelHits))
			if err != nil {
				t.Fatal(err)
			}
			if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
				_ = os.WriteFile(testenv.Artifact(t, fmt.Sprintf("edge-labels-%d.png", i)), buf, 0o644)
			}
			t.Logf("%d labels, %d bold edges, %d meet an edge", got.Labels, got.Bold, len(got.Hits))
			if got.Labels == 0 && c.step > 0 {
				t.Errorf("no move labels drawn")
			}
			for _, h := range got.Hits {
				t.Error(h)
			}
		})
	}
}
