package export

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// texGameCases are the cross-format game cases and a tree too big to draw
// whole (tic-tac-toe minimax, 5000 steps in).
func texGameCases() []struct {
	problem, search string
	upTo            int
} {
	var cs []struct {
		problem, search string
		upTo            int
	}
	for _, c := range gameCases {
		cs = append(cs, struct {
			problem, search string
			upTo            int
		}{c.problem, c.search, ToEnd})
	}
	return append(cs, struct {
		problem, search string
		upTo            int
	}{"tictactoe", "minimax", 5000})
}

// TestGameTeXGeometry: the tree at the export's last step is drawn at a
// legible scale, within the text width and a page's height, no two node
// boxes (shape and label) overlap, the current path and the principal
// variation are drawn, and a tree is folded only when it does not fit.
func TestGameTeXGeometry(t *testing.T) {
	for _, c := range texGameCases() {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			g, o := gameOf(t, c.problem, c.search)
			v, err := game.ViewAt(g, o, max(c.upTo, MaxFamilySteps))
			if c.upTo >= 0 {
				v, err = game.ViewAt(g, o, c.upTo)
			}
			if err != nil {
				t.Fatal(err)
			}
			l := layoutTeXGame(v)
			if l.Scale < texMinScale || l.Scale > 1 {
				t.Errorf("scale %.3f", l.Scale)
			}
			total := len(v.Nodes) + len(v.Cut)
			if (l.Note == "") != (len(l.All) == total) {
				t.Errorf("%d of %d nodes drawn, note %q", len(l.All), total, l.Note)
			}
			drawn := map[int]bool{}
			left, right, bottom := 1e9, -1e9, 0.0
			for i, a := range l.Boxes {
				drawn[l.All[a.Index].ID] = true
				left, right, bottom = min(left, a.X-a.W/2), max(right, a.X+a.W/2), max(bottom, a.Y+a.H/2)
				for _, b := range l.Boxes[i+1:] {
					if a.X-a.W/2 < b.X+b.W/2 && b.X-b.W/2 < a.X+a.W/2 && a.Y-a.H/2 < b.Y+b.H/2 && b.Y-b.H/2 < a.Y+a.H/2 {
						t.Errorf("the boxes of %q and %q overlap", l.Labels[a.Index], l.Labels[b.Index])
					}
				}
			}
			if right-left > texTextWidth+0.01 || bottom > texPageHeight+0.01 {
				t.Errorf("the tree is %.1f × %.1f cm, the page holds %.0f × %.0f", right-left, bottom, texTextWidth, texPageHeight)
			}
			levels := int(texPageHeight / (l.Step * texMinScale))
			for _, id := range append(append([]int(nil), v.Path...), v.PV...) {
				if !drawn[id] && v.Nodes[id].Depth <= levels {
					t.Errorf("node %d of the path or principal variation is not drawn", id)
				}
			}
			t.Logf("%d of %d nodes drawn, scale %.2f, %.1f × %.1f cm", len(l.All), total, l.Scale, right-left, bottom)
		})
	}
}

var texLabelNode = regexp.MustCompile(`(?m)^\\node\[lab\] \(l(\d+)\) at \(g\d+\.south\) \{(.*)\};$`)

// TestGameTeXAgrees: the tex export's table prints each step's row as the
// view writes it (node, value, α, β, narration), and the tree's label of
// every drawn node holds the view's value, window and range, or the cut's
// reason for a pruned branch.
func TestGameTeXAgrees(t *testing.T) {
	for _, c := range texGameCases() {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			g, o := gameOf(t, c.problem, c.search)
			var rows []game.Row
			vr, err := game.NewViewer(g, o)
			if err != nil {
				t.Fatal(err)
			}
			for c.upTo < 0 || vr.Steps() < c.upTo {
				if _, ok := vr.Step(); !ok {
					break
				}
				rows = append(rows, vr.Row())
			}
			end := vr.View()
			doc := gameExport(t, g, o, "tex", c.upTo)
			var table [][]string
			for _, l := range strings.Split(doc, "\n") {
				if cells := strings.Split(strings.TrimSuffix(l, `\\`), " & "); len(cells) == 6 && cells[0] != "step" {
					table = append(table, cells)
				}
			}
			if len(table) != len(rows) {
				t.Fatalf("the table has %d step rows for %d steps", len(table), len(rows))
			}
			for i, r := range rows {
				want := []string{fmt.Sprint(r.Step), `\texttt{` + texBreakable(r.Name) + `}`, texEsc(r.Value), texEsc(r.Alpha), texEsc(r.Beta), texBreakable(r.Says)}
				for k := range want {
					if table[i][k] != want[k] {
						t.Errorf("step %d column %d: %q, want %q", r.Step, k, table[i][k], want[k])
					}
				}
			}
			if !strings.Contains(doc, "value "+texEsc(end.Value)+" for MAX") {
				t.Errorf("the result does not print the view's value %s", end.Value)
			}
			l := layoutTeXGame(end)
			labels := texLabelNode.FindAllStringSubmatch(doc, -1)
			if len(labels) != len(l.All) {
				t.Fatalf("%d labels, %d nodes laid out", len(labels), len(l.All))
			}
			byKey := map[string]*game.ViewNode{}
			for _, set := range [][]game.ViewNode{end.Nodes, end.Cut} {
				for i := range set {
					n := &set[i]
					byKey[fmt.Sprintf("%d/%s/%s/%d", n.ID, n.Move, n.Status, n.Depth)] = n
				}
			}
			for i, m := range labels {
				d := &l.All[i]
				n := byKey[fmt.Sprintf("%d/%s/%s/%d", d.ID, d.Move, d.Status, d.Depth)]
				if n == nil {
					t.Fatalf("label %s draws node %d (%s), not in the view", m[1], d.ID, d.Move)
				}
				label := m[2]
				var want []string
				switch {
				case n.Status == game.Pruned:
					want = []string{"pruned", texEsc(n.Why)}
				case end.Algorithm == game.MCTS:
					want = []string{texEsc(n.Text.Wins)}
				default:
					want = []string{texEsc(n.Text.Value), texEsc(n.Text.Window)}
					if n.Window && !n.Leaf {
						want = append(want, "range "+texEsc(n.Text.Range))
					}
				}
				for _, w := range want {
					if !strings.Contains(label, w) {
						t.Errorf("node %d (%s): label %q lacks %q", n.ID, n.Move, label, w)
					}
				}
			}
			if cuts := strings.Count(doc, `{$\times$}`); cuts != len(end.Cut) && len(l.All) == len(end.Nodes)+len(end.Cut) {
				t.Errorf("%d branches crossed, the view pruned %d", cuts, len(end.Cut))
			}
		})
	}
}

// localTeXCases are local searches for the tex export's tests.
var localTeXCases = []struct{ problem, search string }{
	{"queens 8 seed=3", "hillclimb sideways=10"},
	{"queens 8 seed=5", "anneal seed=2 schedule=exp:5,0.05,200"},
	{"queens 6 seed=5", "genetic seed=2 population=30 generations=20"},
	{"tsp 10 seed=4", "hillclimb"},
}

func localOf(t *testing.T, problem, search string) (local.Problem, local.Options) {
	t.Helper()
	p, err := local.ParseProblem(problem)
	if err != nil {
		t.Fatal(err)
	}
	o, err := local.ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	return p, o
}

// TestLocalTeXAgrees: the table prints every step's h and narration as
// the rows write them, the result the view's h, and the neighbours table
// the view's neighbours with their h.
func TestLocalTeXAgrees(t *testing.T) {
	for _, c := range localTeXCases {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			p, o := localOf(t, c.problem, c.search)
			v, _ := local.NewViewer(p, o)
			rows := []local.Row{v.Row()}
			for {
				if _, ok := v.Step(); !ok {
					break
				}
				rows = append(rows, v.Row())
			}
			var b bytes.Buffer
			if err := WriteLocal(context.Background(), &b, "tex", p, o, ToEnd); err != nil {
				t.Fatal(err)
			}
			doc := b.String()
			var table [][]string
			for _, l := range strings.Split(doc, "\n") {
				if cells := strings.Split(strings.TrimSuffix(l, `\\`), " & "); len(cells) == 5 && cells[0] != "step" {
					table = append(table, cells)
				}
			}
			if len(table) != len(rows) {
				t.Fatalf("%d step rows for %d rows", len(table), len(rows))
			}
			for i, r := range rows {
				if table[i][1] != texEsc(r.Move) || table[i][2] != texEsc(r.H) || table[i][4] != texEsc(r.Says) {
					t.Errorf("step %d: %q, want move %s h %s says %q", r.Step, table[i], r.Move, r.H, r.Says)
				}
			}
			end := v.View()
			if !strings.Contains(doc, "h = "+texEsc(end.HText)+", state") {
				t.Errorf("the result lacks h = %s", end.HText)
			}
			for _, n := range end.Neighbours {
				if !strings.Contains(doc, texEsc(n.Move)+" & "+texEsc(n.HText)+" & ") {
					t.Errorf("the neighbours table lacks %s %s", n.Move, n.HText)
				}
			}
			if end.Kind == "queens" && strings.Count(doc, "circle (0.32)") != len(end.State) {
				t.Errorf("the board draws %d queens, the state has %d", strings.Count(doc, "circle (0.32)"), len(end.State))
			}
		})
	}
}

// TestGameLocalTeXCompiles: pdflatex compiles the tex export of game and
// local searches, a folded tree among them, with nothing overflowing the
// text width.
func TestGameLocalTeXCompiles(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	compile := func(t *testing.T, doc string) {
		t.Helper()
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "doc.tex")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("pdflatex: %v\n%s", err, tail(string(out), 30))
		}
		if strings.Contains(string(out), "Overfull \\hbox") {
			t.Errorf("something overflows the text width:\n%s", tail(string(out), 30))
		}
	}
	for _, c := range []struct {
		problem, search string
		upTo            int
	}{
		{fig52Line, "alphabeta", ToEnd},
		{"gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "expectiminimax", ToEnd},
		{"tictactoe XO.X.O...", "mcts iterations=25 seed=2", ToEnd},
		{"connect4 4453", "alphabeta depth=2", ToEnd},
		{"tictactoe", "minimax", 400},
	} {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			g, o := gameOf(t, c.problem, c.search)
			compile(t, gameExport(t, g, o, "tex", c.upTo))
		})
	}
	for _, c := range localTeXCases {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			p, o := localOf(t, c.problem, c.search)
			var b bytes.Buffer
			if err := WriteLocal(context.Background(), &b, "tex", p, o, ToEnd); err != nil {
				t.Fatal(err)
			}
			compile(t, b.String())
		})
	}
}
