package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/viz"
)

// familyCases are a Romania search of each family and what its exports
// must say, in order.
var familyCases = []struct {
	name, algo string
	steps      int
	md, tex    []string // in this order
	csv        []string // in the last row, in this order
	notMD      string
}{
	{"idastar", "idastar", 6,
		[]string{"iteration 1 · threshold 366", "**Stack** (", "top first", "iteration 3 · threshold 413 · next threshold 415", "earlier iterations: 12 nodes", "current path: Arad (node 12) → Sibiu (node 14) → Rimnicu_Vilcea", "cut off: Zerind f 449"},
		[]string{"depth-first search after step 6", "threshold 413", "next threshold 415", "earlier iterations: 4 + 8 nodes", "Stack (top first) after step 6"},
		[]string{"none", "3", "413"}, "**Open**"},
	{"ids", "ids", 6,
		[]string{"iteration 3 · depth limit 2", "**Stack** (3, top first)", "| 1 | 6 | Zerind", "| 2 | 7 | Sibiu", "| 3 | 8 | Timisoara"},
		[]string{"depth limit 2", "Stack (top first) after step 6"},
		[]string{"none", "3", "2"}, "**Open**"},
	{"rbfs", "rbfs", 6,
		[]string{"path with f-limits: Arad (f-limit ∞) → Sibiu (f-limit 447)", "forgotten: 5 nodes", "**Children on the path** (10, stored (backed-up) f, the next first)", "| 1 | 17 | Bucharest | 418 | 0 | 418 |"},
		[]string{"f-limit", "Children on the path (stored f, backed up; the next first)"},
		[]string{"none", "1", "447"}, "**Open**"},
	{"bibfs", "bibfs", 4,
		[]string{"μ 3 (path cost 450)", "stopping rule: stop when μ", "**Forward frontier** (4, from the start, in pop order)", "Timisoara", "**Backward frontier** (4, from the goal, in pop order)", "Giurgiu"},
		[]string{"$\\mu$ 3", "Forward frontier (from the start, pop order)", "Backward frontier (from the goal, pop order)"},
		[]string{"forward", "1", "-1"}, "**Open**"},
	{"astar", "astar", 3,
		[]string{"**Open** (", "in pop order"}, []string{"Open list (pop order) after step 3"},
		[]string{"none", "1", "-1"}, "Stack"},
}

// inOrder fails the test unless doc holds each of want, in order.
func inOrder(t *testing.T, what, doc string, want []string) {
	t.Helper()
	if w, at := testenv.NotInOrder(doc, want); w != "" {
		t.Errorf("%s lacks %q after offset %d (or has it out of order):\n%s", what, w, at, tail(doc, 60))
	}
}

// TestFamilyExports: md, tex and csv of each family's Romania search say
// the family's terms in the right order.
func TestFamilyExports(t *testing.T) {
	for _, c := range familyCases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, "graph romania", c.algo)
			md := string(export(t, s, "md", c.steps))
			inOrder(t, "md", md, c.md)
			if strings.Contains(md, c.notMD) {
				t.Errorf("md says %q", c.notMD)
			}
			inOrder(t, "tex", string(export(t, s, "tex", c.steps)), c.tex)
			ref := newSearch(t, "graph romania", c.algo)
			ref.Seek(c.steps)
			if lines := viz.FamilyLines(ref.Snapshot(), ref.Options(), nil, nil); len(lines) > 0 {
				svg := string(export(t, s, "svg", c.steps))
				if !strings.Contains(svg, `class="family">`+xmlText(lines[0])+`<`) {
					t.Errorf("svg lacks the family line %q", lines[0])
				}
			}
			lines := strings.Split(strings.TrimSpace(string(export(t, s, "csv", c.steps))), "\n")
			if !strings.HasSuffix(lines[0], ",direction,iteration,bound") {
				t.Fatalf("csv header %q lacks direction,iteration,bound", lines[0])
			}
			last := lines[len(lines)-1]
			if want := "," + strings.Join(c.csv, ","); !strings.HasSuffix(last, want) {
				t.Errorf("csv's last row %q does not end with %q", last, want)
			}
		})
	}
}

// TestFamilyTeXCompiles: pdflatex compiles the tex of an IDA* and a bibfs
// trace (μ, ∞, ε and → written as math).
func TestFamilyTeXCompiles(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	for _, c := range []struct {
		algo  string
		steps int
	}{{"idastar", 6}, {"bibfs", 4}, {"rbfs", 6}, {"biastar", 6}, {"ids", 6}} {
		t.Run(c.algo, func(t *testing.T) {
			data := export(t, newSearch(t, "graph romania", c.algo), "tex", c.steps)
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "trace.tex"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "trace.tex")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("pdflatex: %v\n%s\n--- source:\n%s", err, tail(string(out), 40), data)
			}
			if pdf, err := os.ReadFile(filepath.Join(dir, "trace.pdf")); err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) {
				t.Fatalf("no PDF written: %v", err)
			}
		})
	}
}

// TestFamilyDOT: the DOT tree labels each family's terms, draws cut-off
// nodes as such, folds RBFS's forgotten subtrees into their roots (no
// forgotten node is drawn) and reverses the goal tree's edges, and
// Graphviz lays it out.
func TestFamilyDOT(t *testing.T) {
	dotTool := testenv.Tool(t, "dot", "graphviz")
	for _, c := range []struct {
		algo  string
		steps int
		want  []string
	}{
		{"idastar", 6, []string{"threshold 413 · next threshold 415", "earlier iterations: 4 + 8 nodes", `n13 [label="Zerind\ng=75 h=374 f=449\ncut off"`}},
		{"rbfs", 6, []string{"path with f-limits", `n5 [label="Fagaras\ng=239 h=176 f=450\nopen\n+2 forgotten below"`}},
		{"bibfs", 4, []string{"μ 3 (path cost 450)", `backward tree", shape=ellipse, style="dashed", penwidth=4`, `n5 -> n1 [label="Bucharest", dir=back]`}},
	} {
		t.Run(c.algo, func(t *testing.T) {
			data := export(t, newSearch(t, "graph romania", c.algo), "dot", c.steps)
			inOrder(t, "dot", string(data), c.want)
			if strings.Contains(string(data), `\nforgotten"`) {
				t.Errorf("the dot tree draws a node RBFS forgot; it belongs in its root's fold")
			}
			cmd := exec.Command(dotTool, "-Tsvg")
			cmd.Stdin = bytes.NewReader(data)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("dot: %v\n%s", err, tail(string(out), 20))
			}
		})
	}
}

// TestFamilyWorksheet: a worksheet names the frontier in the family's
// terms, and its answer key still grades as correct (the checker finds the
// "Open list after step N" table).
func TestFamilyWorksheet(t *testing.T) {
	for _, c := range []struct{ algo, want string }{
		{"ids", "the stack, top first"},
		{"dfs", "the stack, top first"},
		{"rbfs", "stored (backed-up) f"},
		{"bibfs", "forward and backward frontiers"},
		{"astar", "Open list after step 5 (first = next to expand)"},
	} {
		t.Run(c.algo, func(t *testing.T) {
			key := sheetBytes(t, "graph romania", c.algo, "md", 5, Blanks{Open: true, F: true, Order: true}, true)
			if !strings.Contains(key, c.want) {
				t.Fatalf("worksheet lacks %q:\n%s", c.want, key)
			}
			if g := grade(t, newSearch(t, "graph romania", c.algo), key, "key.md"); !g.Correct {
				t.Errorf("the answer key grades as wrong: step %d: %s", g.Step, g.Reason)
			}
		})
	}
}

// TestFamilyPosthoc: the Posthoc trace carries each family's terms: IDA*'s
// cut-off children and iterations, RBFS's backups, bibfs's directions.
func TestFamilyPosthoc(t *testing.T) {
	for _, c := range []struct {
		algo  string
		steps int
		want  []string
	}{
		{"idastar", 6, []string{`"fate": "cutoff"`, `"iteration": 1`, `"iteration": 3`}},
		{"ids", 6, []string{`"iteration": 3`}},
		{"rbfs", 8, []string{`"fate": "backed-up"`}},
		{"bibfs", 4, []string{`"dir": "forward"`, `"dir": "backward"`}},
	} {
		t.Run(c.algo, func(t *testing.T) {
			inOrder(t, "posthoc", string(export(t, newSearch(t, "graph romania", c.algo), "posthoc", c.steps)), c.want)
		})
	}
}

// TestMarkdownStepsAndRules: the markdown trace ends with a table of its
// steps, with the csv's iteration and bound columns for ids and idastar
// and its direction column for the bidirectional searches (for those
// only), and its Rules line states a bidirectional search's own rules.
func TestMarkdownStepsAndRules(t *testing.T) {
	for _, c := range []struct {
		algo   string
		steps  int
		want   []string // in this order
		absent []string
	}{
		{"idastar", 6, []string{"- Rules: ", "## Steps", "bound is the iteration's threshold",
			"| step | node | state | g | h | f | open | closed | iteration | bound |",
			"| 1 | 0 | Arad | 0 | 366 | 366 | 0 | 1 | 1 | 366 |", "| 2 | 4 | Arad | 0 | 366 | 366 | 1 | 1 | 2 | 393 |", "| 6 | 19 | Rimnicu_Vilcea | 220 | 193 | 413 | 0 | 3 | 3 | 413 |"},
			[]string{"direction |"}},
		{"ids", 6, []string{"## Steps", "bound is the iteration's depth limit", "| step | node | state | g | open | closed | iteration | bound |", "| 5 | 4 | Timisoara | 118 | 0 | 1 | 2 | 1 |", "| 6 | 5 | Arad | 0 | 3 | 1 | 3 | 2 |"},
			[]string{"direction |", "| h |", "h="}},
		{"bibfs", 4, []string{"- Rules: bidirectional breadth-first search: two frontiers, forward from the start and backward from the goal", "a priority queue on depth (moves from its root)", "forward on a tie", "bidirectional Dijkstra's", "stop when μ <= topF + topB + ε", "successors in natural order",
			"## Steps", "| closed | direction |", "| 1 | 0 | Arad | 0 | 4 | 1 | forward |", "| 2 | 1 | Bucharest | 0 | 7 | 2 | backward |"},
			[]string{"iteration |", "f = depth", "least f", "tie=", "graph search: a closed list", "| h |", "h="}},
		{"biucs", 3, []string{"- Rules: bidirectional uniform-cost search: two frontiers", "a priority queue on g (cost from its root)", "stop when μ <= topF + topB + ε", "| closed | direction |"},
			[]string{"iteration |", "f = g (cost", "least f", "among equal f", "| h |", "h="}},
		{"biastar", 4, []string{"- Options: `biastar h=sld order=natural`", "- Rules: bidirectional A*: two frontiers", "f = g + h (sld)", "toward the start on the backward side", "front-to-end bidirectional A*'s", "max(fminF, fminB)",
			"**Forward frontier**", "**Backward frontier**", "| closed | direction |", "| 4 | 8 | Urziceni | 85 | 286 | 371 | 9 | 4 | backward |"},
			[]string{"iteration |", "**Open**"}},
		{"astar", 3, []string{"## Steps", "| step | node | state | g | h | f | open | closed |\n", "| 3 | 7 | Rimnicu_Vilcea | 220 | 193 | 413 | 6 | 3 |\n"},
			[]string{"direction |", "iteration |"}},
	} {
		t.Run(c.algo, func(t *testing.T) {
			md := string(export(t, newSearch(t, "graph romania", c.algo), "md", c.steps))
			inOrder(t, "md", md, c.want)
			for _, a := range c.absent {
				if strings.Contains(md, a) {
					t.Errorf("md has %q", a)
				}
			}
		})
	}
}

// TestFamilyTreeSVG: the svg exports fold RBFS's forgotten subtrees into
// their roots and mark beam's pruned nodes, their legends naming them.
func TestFamilyTreeSVG(t *testing.T) {
	for _, c := range []struct {
		algo string
		want []string
	}{
		{"rbfs", []string{`data-style="folded"`, "▸ +2 forgotten", "f 450 ↑"}},
		{"beam width=2", []string{`data-style="pruned"`, `class="node discarded pruned"`}},
	} {
		for _, format := range []string{"svg", "tree-svg"} {
			t.Run(c.algo+" "+format, func(t *testing.T) {
				svg := string(export(t, newSearch(t, "graph romania", c.algo), format, ToEnd))
				for _, w := range c.want {
					if !strings.Contains(svg, w) {
						t.Errorf("%s lacks %q", format, w)
					}
				}
			})
		}
	}
}

// TestRulesIterative: the Rules of ids, idastar and rbfs state their own
// loop (iterations, threshold, f-limits and backups, tree search), not an
// empty f and a closed list.
func TestRulesIterative(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"ids", []string{"iterative deepening (AIMA Figure 3.18)", "limit 0, 1, 2", "cut off", "first successor is on top of the stack", "tree search: no closed list", "(parent=keep)", "successors in natural order"}},
		{"idastar h=sld", []string{"IDA* (Korf 1985)", "f = g + h (sld)", "next iteration's threshold", "tree search: no closed list"}},
		{"rbfs h=sld parent=skip", []string{"recursive best-first search (AIMA Figure 3.26)", "f = g + h (sld)", "backed up to its root", "(parent=skip)"}},
	} {
		t.Run(c.line, func(t *testing.T) {
			o, err := stepper.ParseOptions(c.line)
			if err != nil {
				t.Fatal(err)
			}
			got := rulesText(o)
			inOrder(t, "rules", got, c.want)
			if strings.HasPrefix(got, ";") || strings.Contains(got, "graph search: a closed list") || strings.Contains(got, "among equal f") {
				t.Errorf("rules %q still speak of an open list's f, ties or a closed list", got)
			}
		})
	}
}
