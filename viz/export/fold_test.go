package export

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/viz"
)

// checkFold checks a fold of tree: at most max nodes kept, every kept
// node's parent kept, the focus kept, and the kept nodes plus the counts
// of nodes not drawn are the whole tree.
func checkFold(t *testing.T, tree []stepper.NodeInfo, focus []int, f treeFold, max int) {
	t.Helper()
	if len(f.Keep) > max && len(tree) > max {
		t.Errorf("%d nodes kept, want at most %d", len(f.Keep), max)
	}
	kept := map[int]bool{}
	for _, n := range f.Keep {
		kept[n.ID] = true
	}
	for _, n := range f.Keep {
		if n.Parent >= 0 && !kept[n.Parent] {
			t.Errorf("node %d is kept but its parent %d is not", n.ID, n.Parent)
		}
	}
	for _, id := range focus {
		if !kept[id] {
			t.Errorf("focus node %d not kept", id)
		}
	}
	sum := len(f.Keep)
	for id, k := range f.Cut {
		if !kept[id] || k <= 0 {
			t.Errorf("cut count %d under node %d (kept %v)", k, id, kept[id])
		}
		sum += k
	}
	if sum != len(tree) || f.Total != len(tree) {
		t.Errorf("kept %d + not drawn %d = %d, total %d, want the tree's %d", len(f.Keep), sum-len(f.Keep), sum, f.Total, len(tree))
	}
}

func TestFoldTree(t *testing.T) {
	for _, c := range []struct {
		problem, opts string
		steps, max    int
	}{
		{"puzzle 867254301 goal=123456780", "bfs", 3000, 500},
		{"puzzle 867254301 goal=123456780", "astar h=manhattan", 3000, 40},
		{"graph romania", "astar", 10, 1000}, // small: kept whole
		{"graph romania", "bibfs", 6, 6},
		{"puzzle 867254301 goal=123456780", "rbfs", 400, 50},
	} {
		t.Run(fmt.Sprintf("%s/%s/%d", c.opts, c.problem, c.max), func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			s.Seek(c.steps)
			sn := s.Snapshot()
			tree, _ := viz.FoldForgotten(sn.Tree)
			focus := texFocus(sn.Path, tree)
			f := foldTree(tree, focus, sn.Open, c.max)
			checkFold(t, tree, focus, f, c.max)
			if len(tree) <= c.max && (f.folded() || f.note("x") != "") {
				t.Errorf("a tree of %d nodes under a cap of %d was folded", len(tree), c.max)
			}
		})
	}
}

// TestDOTFoldsBigTree: the DOT of a 50,000-node tree draws at most
// maxDOTNodes boxes, keeps the path to the node expanded last and says
// what it left out, and Graphviz renders it.
func TestDOTFoldsBigTree(t *testing.T) {
	dotTool := testenv.Tool(t, "dot", "graphviz")
	s := newSearch(t, "puzzle 867254301 goal=123456780", "bfs")
	data := export(t, s, "dot", 20000)
	doc := string(data)
	boxes := len(regexp.MustCompile(`(?m)^  n\d+(cut)? \[label=`).FindAllString(doc, -1))
	if boxes > maxDOTNodes || boxes < maxDOTNodes/2 {
		t.Errorf("%d boxes drawn, want %d to %d", boxes, maxDOTNodes/2, maxDOTNodes)
	}
	s.Seek(20000)
	sn := s.Snapshot()
	note := fmt.Sprintf("The tree has %d nodes; drawn are %d: the path to the node expanded last", len(sn.Tree), maxDOTNodes/2)
	if !strings.Contains(doc, "// "+note) || !strings.Contains(doc, `+`) || !strings.Contains(doc, "not drawn\"") {
		t.Errorf("the dot lacks the note %q or its \"+N not drawn\" boxes:\n%s", note, doc[:600])
	}
	for _, id := range texFocus(nil, sn.Tree) {
		if !strings.Contains(doc, fmt.Sprintf("\n  n%d [label=", id)) {
			t.Errorf("node %d of the path to the node expanded last is not drawn", id)
		}
	}
	if !strings.Contains(doc, fmt.Sprintf("\n  n%d [label=", sn.Open[0].ID)) {
		t.Errorf("the next open node %d is not drawn", sn.Open[0].ID)
	}
	cmd := exec.Command(dotTool, "-Tsvg")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("dot: %v", err)
	}
	if !bytes.Contains(out, []byte("not drawn")) || !bytes.Contains(out, []byte("The tree has")) {
		t.Errorf("the rendered SVG lacks the note or the \"+N not drawn\" boxes")
	}
	artifact(t, "big-tree.svg", out)
}

// TestTeXFoldsBigTree: the LaTeX of a tree of thousands of nodes draws at
// most maxTeXNodes, says so, and compiles.
func TestTeXFoldsBigTree(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	data := export(t, newSearch(t, "puzzle 867254301 goal=123456780", "bfs"), "tex", 1000)
	if n := strings.Count(string(data), `\node[`); n > maxTeXNodes {
		t.Errorf("%d nodes drawn, want at most %d", n, maxTeXNodes)
	}
	if !strings.Contains(string(data), fmt.Sprintf("nodes; drawn are %d: the path to the node expanded last", maxTeXNodes)) || !strings.Contains(string(data), "not drawn") {
		t.Errorf("the tex does not say what it left out")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "trace.tex"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "trace.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex: %v\n%s", err, tail(string(out), 30))
	}
}
