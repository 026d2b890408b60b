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
// and the principal variation among them, nor a node or another move's
// label, and each is clearly nearer its own edge than any other
// (labelsBelong).
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
			showSVG(t, ctx, filepath.Join(dir, fmt.Sprintf("g%d.svg", i)), svg)
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
			moves, err := chromedp.Run(ctx, chromedp.Evaluate[struct{ Hits []string }](labelsBelong(false)))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range moves.Hits {
				t.Error(h)
			}
		})
	}
}

// labelsBelong is JavaScript measuring, in an svg drawing of a game tree,
// every label against everything else drawn: each move's label (the k-th
// text.move is the k-th line.edge's, as the drawing writes them) and each
// node's notes (wins/visits, UCB1, values). It lists each label whose box
// meets an edge line, a node other than its own (the node's group: shape,
// board and notes) or another node's label; each move's label that is not
// clearly (4 px) nearer its own edge than any other; each note not
// centred under its own node's shape or nearer another node than its own
// (a node here is what it draws but its notes: its shape and its name or
// board).
//
// With notes false it measures the move labels alone (against the nodes,
// notes included, and the other move labels).
func labelsBelong(notes bool) string {
	return `(() => {` + testbrowser.GeometryJS + fmt.Sprintf("\n\tconst withNotes = %v;", notes) + `
	const lines = edgeLines(document);
	const nodes = [...document.querySelectorAll("g.node")];
	const body = (g) => [...g.children].filter((e) => !e.matches("text.note")).map((e) => e.getBBox()).reduce((a, b) => {
		const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
		return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
	});
	const boxGap = (a, b) => Math.hypot(Math.max(a.x - b.x - b.width, b.x - a.x - a.width, 0), Math.max(a.y - b.y - b.height, b.y - a.y - a.height, 0));
	const at = (b) => [b.x, b.y, b.width, b.height].map(Math.round).join(",");
	const line = (s) => "the " + s.cls + " line " + [s.x1, s.y1, s.x2, s.y2].map(Math.round).join(",");
	const labels = [...document.querySelectorAll("text.move")].map((e, k) => ({ e, b: e.getBBox(), edge: k, node: null }));
	if (withNotes) for (const g of nodes) for (const e of g.querySelectorAll("text.note")) labels.push({ e, b: e.getBBox(), edge: -1, node: g });
	const out = [], clearly = 4;
	labels.forEach((l, i) => {
		if (l.b.width === 0) return;
		const name = JSON.stringify(l.e.textContent) + " at " + at(l.b);
		for (const s of lines) if (meetsLine(s, l.b)) out.push(name + " meets " + line(s));
		for (const g of nodes) if (g !== l.node && boxesMeet(g.getBBox(), l.b)) out.push(name + " meets node " + g.dataset.node);
		labels.forEach((m, j) => { if (j > i && (l.node === null || m.node !== l.node) && m.b.width > 0 && boxesMeet(l.b, m.b)) out.push(name + " meets the label " + JSON.stringify(m.e.textContent) + " at " + at(m.b)); });
		if (l.edge >= 0) {
			const own = lineGap(lines[l.edge], l.b);
			lines.forEach((s, k) => { if (k !== l.edge && lineGap(s, l.b) < own + clearly) out.push(name + " is " + own.toFixed(1) + " px from its own edge but " + lineGap(s, l.b).toFixed(1) + " px from " + line(s)); });
		} else {
			const own = boxGap(body(l.node), l.b), sh = l.node.querySelector("path, rect, circle").getBBox(), mid = l.b.x + l.b.width / 2;
			if (mid < sh.x || mid > sh.x + sh.width) out.push(name + " is not under node " + l.node.dataset.node + "'s shape");
			for (const g of nodes) if (g !== l.node && boxGap(body(g), l.b) < own) out.push(name + " is " + own.toFixed(1) + " px from node " + l.node.dataset.node + ", its own, but " + boxGap(body(g), l.b).toFixed(1) + " px from node " + g.dataset.node);
		}
	});
	return { Hits: out, Labels: labels.length };
})()`
}

// TestGameSVGMCTSLabelsBelong opens drawings of MCTS trees in Chromium
// (tic-tac-toe's root fanning out to its nine moves, nim's twelve, connect
// four's seven, early and late) and measures every label: a move's sits
// clear of every edge, node and other label and nearer its own edge than
// any other; a node's wins/visits and UCB1 clear of every edge, other node
// and label and nearer its own node (shape and board) than any other.
func TestGameSVGMCTSLabelsBelong(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := testbrowser.New(t, 1300, 900, 120*time.Second)
	dir := t.TempDir()
	for i, c := range []struct {
		problem, search string
		step            int
	}{
		{"tictactoe", "mcts iterations=30 seed=2", 30},
		{"tictactoe", "mcts iterations=12 seed=1", 12},
		{"tictactoe", "mcts iterations=300 seed=3", 300},
		{"tictactoe X.O......", "mcts iterations=40 seed=5", 40},
		{"nim 3,4,5", "mcts iterations=60 seed=1", 60},
		{"connect4", "mcts iterations=40 seed=2", 40},
		{"connect4", "mcts iterations=600 seed=4", 600},
		{"nim 2,3", "mcts iterations=500 seed=1", 500},
	} {
		t.Run(fmt.Sprintf("%s/%s@%d", c.problem, c.search, c.step), func(t *testing.T) {
			_, svg := gameSVGAt(t, c.problem, c.search, c.step)
			showSVG(t, ctx, filepath.Join(dir, fmt.Sprintf("m%d.svg", i)), svg)
			got, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
				Hits   []string
				Labels int
			}](labelsBelong(true)))
			if err != nil {
				t.Fatal(err)
			}
			if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
				_ = os.WriteFile(testenv.Artifact(t, fmt.Sprintf("mcts-labels-%d.png", i)), buf, 0o644)
			}
			t.Logf("%d labels, %d misplaced", got.Labels, len(got.Hits))
			if got.Labels == 0 {
				t.Errorf("no labels drawn")
			}
			for _, h := range got.Hits {
				t.Error(h)
			}
		})
	}
}
