package server

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/viz"
	codec "stepviz/wire"
)

// familyCase is what family_check.mjs renders for one search: the
// problem info the server sends and, per node, its numbers and the texts
// Go writes from the family description.
type familyCase struct {
	Name    string          `json:"name"`
	Problem json.RawMessage `json:"problem"`
	Strip   string          `json:"strip"`
	Nodes   []familyNode    `json:"nodes"`
}

type familyNode struct {
	ID      int         `json:"id"`
	G       float64     `json:"g"`
	H       float64     `json:"h"`
	F       float64     `json:"f"`     // the engine's f (RBFS: the stored F)
	CoefF   float64     `json:"coefF"` // f by the description's coefficients
	Depth   int         `json:"depth"`
	Formula string      `json:"formula"`
	Box     [][2]string `json:"box"`
	Compact [][2]string `json:"compact"`
}

// TestPageFamilyTextIsGos: the page's inspector f line, tree box numbers
// and family strip, made by static/family.js under node from the
// hello.problem.family the server sends, are the ones viz writes from the
// same description (viz.FormulaLine, viz.BoxNumbers), node for node, on
// the first steps of each kind of search.
func TestPageFamilyTextIsGos(t *testing.T) {
	node := testenv.Tool(t, "node", "nodejs")
	var cases []familyCase
	for _, tc := range []struct{ name, problem, options string }{
		{"astar", "graph romania", "astar"},
		{"astar octile", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile"},
		{"wastar", "puzzle 867254301 goal=123456780", "wastar w=1.5"},
		{"greedy", "graph romania", "greedy"},
		{"ucs", "graph romania", "ucs"},
		{"bfs", "puzzle 283164705 goal=123804765", "bfs"},
		{"idastar", "graph romania", "idastar"},
		{"rbfs", "graph romania", "rbfs"},
		{"ids", "puzzle 283164705 goal=123804765", "ids"},
		{"biastar", "graph romania", "biastar"},
		{"biucs", "graph romania", "biucs"},
		{"beam", "graph romania", "beam width=2"},
		{"local beam f=h", "graph romania", "beam width=2 f=h local=true"},
	} {
		s := newSearch(t, tc.problem, tc.options)
		s.Run(12)
		info := viz.DescribeSearch(s)
		fam := info.Family
		if fam.Algorithm != strings.Fields(tc.options)[0] {
			t.Fatalf("%s: the problem info describes %q", tc.name, fam.Algorithm)
		}
		raw, err := json.Marshal(info)
		if err != nil {
			t.Fatal(err)
		}
		c := familyCase{Name: tc.name, Problem: raw, Strip: fam.Panel}
		cg, ch, cd := fam.Coefficients()
		for _, n := range s.Snapshot().Tree {
			c.Nodes = append(c.Nodes, familyNode{ID: n.ID, G: n.G, H: n.H, F: n.F, CoefF: cg*n.G + ch*n.H + cd*float64(n.Depth), Depth: n.Depth,
				Formula: viz.FormulaLine(fam, n), Box: viz.BoxNumbers(fam, n, fam.Box), Compact: viz.BoxNumbers(fam, n, []string{fam.Compact})})
		}
		if len(c.Nodes) < 3 {
			t.Fatalf("%s: only %d nodes after 12 steps", tc.name, len(c.Nodes))
		}
		cases = append(cases, c)
	}
	checkFamilyText(t, node, cases)
	// the description reaches the page as the server sends it
	if !strings.Contains(string(cases[0].Problem), `"family":{"algorithm":"astar"`) || codec.Describe(newSearch(t, "graph romania", "rbfs").Options()).Panel != codec.PanelRBFS {
		t.Errorf("hello.problem does not carry the family description: %s", cases[0].Problem)
	}
}

// checkFamilyText runs family_check.mjs on cases.
func checkFamilyText(t *testing.T, node string, cases []familyCase) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "cases.json")
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, "testdata/family_check.mjs", file).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "nodes checked") {
		t.Fatalf("the page's family text differs from Go's: %v\n%s", err, out)
	}
	t.Log(strings.TrimSpace(string(out)))
}
