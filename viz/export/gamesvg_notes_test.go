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

// gameNoteCases are the drawings whose nodes' texts are measured against
// one another: connect four alpha-beta to depth 3 (α/β windows beside
// boards), nim's minimax and alpha-beta part way and at the end (names
// beside windows, a fan's rightmost name), tic-tac-toe alpha-beta whole
// and folded, AIMA Fig. 5.5 and MCTS fans.
var gameNoteCases = []gameNoteCase{
	{"connect4", "alphabeta depth=3", 0},
	{"connect4", "alphabeta depth=3", 30},
	{"connect4", "alphabeta depth=3", ToEnd},
	{"nim 2,3", "minimax", 20},
	{"nim 2,3", "minimax", 60},
	{"nim 2,3", "minimax", ToEnd},
	{"nim 2,3", "alphabeta", 20},
	{"nim 2,3", "alphabeta", 50},
	{"nim 3,4,5", "minimax", 30},
	{"nim 3,4,5", "minimax", 120},
	{"nim 3,4,5", "alphabeta", 30},
	{"nim 3,4,5", "alphabeta", 80},
	{"nim 3,4,5", "alphabeta", 400},
	{"tictactoe", "alphabeta", 12},
	{"tictactoe", "alphabeta", 400}, // folded
	{fig52Line, "alphabeta", ToEnd}, // AIMA Fig. 5.5
	{"tictactoe", "mcts iterations=30 seed=2", 30},
	{"nim 3,4,5", "mcts iterations=60 seed=1", 60},
	{"connect4", "mcts iterations=40 seed=2", 40},
}

// gameNoteCase is a drawing of problem searched by search at step (ToEnd:
// at its end).
type gameNoteCase struct {
	problem, search string
	step            int
}

func (c gameNoteCase) at() int {
	if c.step == ToEnd {
		return 1 << 20 // past the end: the end
	}
	return c.step
}

func (c gameNoteCase) name() string {
	at := fmt.Sprint(c.step)
	if c.step == ToEnd {
		at = "end"
	}
	return c.problem + "/" + c.search + "@" + at
}

// nodesApart is JavaScript measuring, in an svg drawing of a game tree,
// every text of every node (its name or board rows, its notes: value,
// α/β window, range, wins, UCB1, a cut's reason) against every other
// node's shape and texts, and every text of the drawing against its
// viewBox: it lists each text meeting another node's shape or coming
// within 8 px of another node's text, and
// each text whose box reaches out of the viewBox (a name clipped at the
// right edge), and counts the nodes and texts measured.
const nodesApart = `(() => {` + testbrowser.GeometryJS + `
	// px between two nodes' texts: three word spaces of 9 px type, so that
	// two neighbours' notes never read as one line
	const apart = 8;
	const grown = (b) => ({ x: b.x - apart / 2, y: b.y - apart / 2, width: b.width + apart, height: b.height + apart });
	const svg = document.querySelector("svg"), vb = svg.viewBox.baseVal;
	const at = (b) => [b.x, b.y, b.width, b.height].map(Math.round).join(",");
	const nodes = [...document.querySelectorAll("g.node")].map((g) => ({
		g, shape: g.querySelector("path, rect, circle").getBBox(),
		texts: [...g.querySelectorAll("text")].map((e) => ({ e, b: e.getBBox() })).filter((t) => t.b.width > 0),
	}));
	const out = [];
	let texts = 0;
	nodes.forEach((a, i) => {
		for (const t of a.texts) {
			texts++;
			const name = "node " + a.g.dataset.node + " (" + a.g.dataset.state + ")'s " + JSON.stringify(t.e.textContent) + " at " + at(t.b);
			nodes.forEach((b, j) => {
				if (j === i) return;
				const other = "node " + b.g.dataset.node + " (" + b.g.dataset.state + ")";
				if (boxesMeet(t.b, b.shape)) out.push(name + " meets " + other + "'s shape at " + at(b.shape));
				if (j > i) for (const u of b.texts) if (boxesMeet(grown(t.b), grown(u.b))) out.push(name + " meets " + other + "'s " + JSON.stringify(u.e.textContent) + " at " + at(u.b));
			});
		}
	});
	for (const e of svg.querySelectorAll("text")) {
		const q = e.getBBox();
		if (q.width === 0) continue;
		if (q.x < vb.x - 0.5 || q.y < vb.y - 0.5 || q.x + q.width > vb.x + vb.width + 0.5 || q.y + q.height > vb.y + vb.height + 0.5)
			out.push(JSON.stringify(e.textContent) + " at " + at(q) + " reaches out of the viewBox " + [vb.x, vb.y, vb.width, vb.height].map(Math.round).join(","));
	}
	return { Hits: out, Nodes: nodes.length, Texts: texts };
})()`

// TestGameSVGNotesClearOfNodes opens drawings of game trees in Chromium
// (connect four alpha-beta to depth 3, nim's minimax and alpha-beta part
// way and at the end, tic-tac-toe alpha-beta whole and folded, AIMA Fig.
// 5.5, MCTS fans) and measures every node's texts: no name, board row or
// note of a node (its value, α/β window, range, wins, UCB1) meets another
// node's shape, name, board or note, and every text of the drawing lies
// inside its viewBox (none clipped at an edge).
func TestGameSVGNotesClearOfNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := testbrowser.New(t, 1300, 900, 180*time.Second)
	dir := t.TempDir()
	for i, c := range gameNoteCases {
		t.Run(c.name(), func(t *testing.T) {
			_, svg := gameSVGAt(t, c.problem, c.search, c.at())
			showSVG(t, ctx, filepath.Join(dir, fmt.Sprintf("n%d.svg", i)), svg)
			got, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
				Hits         []string
				Nodes, Texts int
			}](nodesApart))
			if err != nil {
				t.Fatal(err)
			}
			if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
				_ = os.WriteFile(testenv.Artifact(t, fmt.Sprintf("notes-%d.png", i)), buf, 0o644)
			}
			t.Logf("%d nodes, %d texts, %d misplaced", got.Nodes, got.Texts, len(got.Hits))
			if got.Nodes == 0 || got.Texts == 0 {
				t.Errorf("%d nodes, %d texts drawn", got.Nodes, got.Texts)
			}
			for _, h := range got.Hits {
				t.Error(h)
			}
		})
	}
}
