package export

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"stepviz/viz"
	"stepviz/wire"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
)

// texTreeCases are trees from a few nodes to tens of thousands, wide and
// deep, for the LaTeX tree's geometry and for pdflatex.
var texTreeCases = []struct {
	name, problem, opts string
	steps               int
}{
	{"romania-astar", "graph romania", "astar", ToEnd},
	{"romania-ucs", "graph romania start=Arad goal=Bucharest", "ucs", ToEnd},
	{"romania-dfs-tree", "graph romania", "dfs tree=true depth=4", 40},
	{"puzzle-astar", "puzzle 283164705 goal=123804765", "astar h=manhattan", ToEnd},
	{"puzzle-bfs-109", "puzzle 283164705 goal=123804765", "bfs tree=true", 40},
	{"puzzle-bfs", "puzzle 283164705 goal=123804765", "bfs", ToEnd},
	{"puzzle-deep", "puzzle 867254301 goal=123456780", "astar h=manhattan", ToEnd},
	{"grid-8-ucs", "grid S..#./.#..#/...#G/..... moves=8", "ucs", ToEnd},
	{"romania-rbfs", "graph romania", "rbfs", 6},
	{"puzzle-rbfs", "puzzle 867254301 goal=123456780", "rbfs h=manhattan", 200},
	{"romania-biucs", "graph romania", "biucs", ToEnd},
	{"romania-bibfs", "graph romania", "bibfs", ToEnd},
	{"puzzle-bibfs", "puzzle 867254301 goal=123456780", "bibfs", ToEnd},
	{"grid-biastar", "grid S..#./.#..#/...#G/..... moves=8", "biastar", ToEnd},
}

// TestTeXTreeGeometry: every tree is drawn at a scale where \scriptsize
// stays readable (>= texMinScale), fits the text width, fits a page per
// picture, and no two node boxes on a picture overlap (an action is
// inside its child's box, so action labels cannot collide either). Every
// node is drawn or counted in a summary or in the fold of a subtree RBFS
// forgot (no forgotten node is drawn), and the summarised tree keeps the
// whole focus path.
func TestTeXTreeGeometry(t *testing.T) {
	for _, c := range texTreeCases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			if c.steps >= 0 {
				s.Seek(c.steps)
			} else {
				s.Run(0)
			}
			for _, half := range texHalves(s.Snapshot()) {
				checkTeXTree(t, c.opts, s.Instance().Kind(), half.Snap)
			}
		})
	}
}

// checkTeXTree checks one tree's geometry: scale, every node drawn,
// summarised or folded exactly once, the focus path drawn, no two boxes
// overlapping, every page within the text width and height.
func checkTeXTree(t *testing.T, opts, kind string, sn stepper.Snapshot) {
	t.Helper()
	{
		{
			g := layoutTeXTree(kind, wire.Family{Heuristic: true}, sn)
			if g.Scale < texMinScale || g.Scale > 1 {
				t.Errorf("scale %.3f, want between %.2f and 1", g.Scale, texMinScale)
			}
			byPage := map[int][]texBox{}
			counted := 0
			drawn := map[int]bool{}
			for _, b := range g.Boxes {
				byPage[b.Page] = append(byPage[b.Page], b)
				counted += 1 + b.Hidden
				n := g.Tree[b.Index]
				drawn[n.ID] = true
				if n.Status == stepper.NodeForgotten {
					t.Errorf("node %d is drawn, but RBFS forgot it: it belongs in its root's fold", n.ID)
				}
				if k := g.Folded[n.ID]; k > 0 && !strings.Contains(g.Labels[b.Index], foldLine(k)) {
					t.Errorf("node %d folds %d forgotten nodes, its label does not say so: %q", n.ID, k, g.Labels[b.Index])
				}
			}
			folded := 0
			for _, k := range g.Folded {
				folded += k
			}
			if strings.HasPrefix(opts, "rbfs") && folded == 0 {
				t.Errorf("an RBFS tree with no forgotten subtree folded: pick a step where RBFS has forgotten some")
			}
			cut := 0
			for id, k := range g.Cut.Cut {
				cut += k
				if i := slices.IndexFunc(g.Tree, func(n stepper.NodeInfo) bool { return n.ID == id }); i < 0 || !strings.Contains(g.Labels[i], cutLine(k)) {
					t.Errorf("node %d has %d nodes not drawn under it, its label does not say so", id, k)
				}
			}
			if counted+folded+cut != len(sn.Tree) {
				t.Errorf("%d nodes drawn or summarised, %d folded and %d not drawn, the tree has %d", counted, folded, cut, len(sn.Tree))
			}
			for _, id := range g.Focus {
				if !drawn[id] {
					t.Errorf("node %d of the focus path is not drawn", id)
				}
			}
			if len(byPage) != g.Pages {
				t.Errorf("%d pages have nodes, want %d", len(byPage), g.Pages)
			}
			for pg, boxes := range byPage {
				left, right, bottom := 1e9, -1e9, 0.0
				for i, a := range boxes {
					left, right, bottom = min(left, a.X-a.W/2), max(right, a.X+a.W/2), max(bottom, a.Y+a.H/2)
					for _, b := range boxes[i+1:] {
						if a.X-a.W/2 < b.X+b.W/2 && b.X-b.W/2 < a.X+a.W/2 && a.Y-a.H/2 < b.Y+b.H/2 && b.Y-b.H/2 < a.Y+a.H/2 {
							t.Errorf("page %d: the boxes of %q and %q overlap", pg, g.Labels[a.Index], g.Labels[b.Index])
						}
					}
				}
				if right-left > texTextWidth+0.01 {
					t.Errorf("page %d is %.1f cm wide, the text %.0f cm", pg, right-left, texTextWidth)
				}
				if bottom > texPageHeight+0.01 {
					t.Errorf("page %d is %.1f cm tall, at most %.0f cm fit", pg, bottom, texPageHeight)
				}
			}
			t.Logf("%d nodes: %d drawn on %d picture(s), scale %.2f, summarised %v", len(sn.Tree), len(g.Boxes), g.Pages, g.Scale, g.Summarised)
		}
	}
}

// TestTeXTreeCompiles: pdflatex compiles the tree of every case, including
// a summarised one split over pages, without a box overflowing the page.
func TestTeXTreeCompiles(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	for _, c := range texTreeCases {
		if c.name != "romania-astar" && c.name != "puzzle-bfs-109" && c.name != "puzzle-deep" && c.name != "romania-rbfs" && c.name != "puzzle-rbfs" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			if c.steps >= 0 {
				s.Seek(c.steps)
			} else {
				s.Run(0)
			}
			var b strings.Builder
			p := &printer{w: &b}
			b.WriteString("\\documentclass[10pt]{article}\n\\usepackage[a4paper,margin=18mm]{geometry}\n\\usepackage{tikz}\n")
			b.WriteString("\\tikzset{sv/.style={draw, align=center, font=\\scriptsize, inner sep=2pt}, closed/.style={sv, rectangle, fill=black!12}, open/.style={sv, rectangle, rounded corners, dashed}, goal/.style={sv, rectangle, double, very thick}, discarded/.style={sv, rectangle, dotted, text=black!60}, summary/.style={line width=1.2pt}}\n\\begin{document}\n")
			texTree(p, s.Instance().Kind(), viz.DescribeFamily(s.Options()), s.Snapshot())
			b.WriteString("\\end{document}\n")
			if p.err != nil {
				t.Fatal(p.err)
			}
			if c.name == "romania-astar" && strings.Contains(b.String(), "node[act]") {
				t.Errorf("Romania's edges carry labels: they repeat the child's name and collide")
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "tree.tex"), []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "tree.tex")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("pdflatex: %v\n%s", err, tail(string(out), 30))
			}
			if strings.Contains(string(out), "Overfull \\hbox") {
				t.Errorf("the tree overflows the text width:\n%s", tail(string(out), 30))
			}
		})
	}
}
