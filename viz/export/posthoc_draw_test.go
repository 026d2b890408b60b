package export

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"stepviz/internal/testenv"
)

// posthocDrawing is what testdata/posthoc_draw.js prints for one trace.
type posthocDrawing struct {
	Version    string   `json:"version"`
	Counts     []int    `json:"counts"`
	Errors     []string `json:"errors"`
	ErrorCount int      `json:"errorCount"`
}

// TestPosthocDrawsEveryEvent compiles the render section of Posthoc traces
// under node by the rules of Posthoc's own trace parser
// (testdata/posthoc_draw.js says which) and checks that every event of a
// puzzle, a grid and a Romania trace, and of a graph without coordinates,
// draws at least one component Posthoc's renderer supports, with finite
// numbers and no exception. The reference trace from Posthoc's repository
// is checked the same way first, so the checker is held to a trace that
// Posthoc draws.
func TestPosthocDrawsEveryEvent(t *testing.T) {
	node := testenv.Tool(t, "node", "nodejs")
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.graph")
	if err := os.WriteFile(plain, []byte("nodes S A B G\nedge S A 1\nedge S B 4\nedge A G 5\nedge B G 1\nstart S\ngoal G\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	traces := []struct{ name, problem, opts string }{
		{"puzzle", "puzzle 283164705 goal=123804765", "astar h=manhattan"},
		{"puzzle-bfs", "puzzle 283164705 goal=123804765", "bfs"},
		{"fifteen", "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15", "astar"},
		{"grid", "grid S..#./.#..#/...#G/..... moves=8", "astar"},
		{"grid-tree", "grid S..#./.#..#/...#G/.....", "bfs tree=true depth=4"},
		{"romania", "graph romania goal=Bucharest", "astar"},
		{"romania-ucs", "graph romania start=Arad goal=Bucharest", "ucs"},
		{"romania-biucs", "graph romania", "biucs"},
		{"grid-biastar", "grid S..#./.#..#/...#G/..... moves=8", "biastar"},
		{"graph-without-coordinates", "graph " + plain, "ucs"},
	}
	files := []string{testenv.Data(t, "posthoc", "grid-astar.trace.json")}
	for _, c := range traces {
		s := newSearch(t, c.problem, c.opts)
		data := export(t, s, "posthoc", ToEnd)
		var tr struct {
			Events []struct {
				Type string `json:"type"`
			} `json:"events"`
		}
		if err := json.Unmarshal(data, &tr); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		dest := false
		for _, e := range tr.Events {
			dest = dest || e.Type == "destination"
		}
		if !dest {
			t.Errorf("%s: no destination event, although the goal is known", c.name)
		}
		p := filepath.Join(dir, c.name+".trace.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	out, err := exec.Command(node, append([]string{"testdata/posthoc_draw.js"}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("node posthoc_draw.js: %v\n%s", err, out)
	}
	var drawings []posthocDrawing
	if err := json.Unmarshal(out, &drawings); err != nil || len(drawings) != len(files) {
		t.Fatalf("posthoc_draw.js printed %d drawings (%v), want %d:\n%.2000s", len(drawings), err, len(files), out)
	}
	for i, d := range drawings {
		name := "reference grid-astar.trace.json"
		if i > 0 {
			name = traces[i-1].name
		}
		if d.ErrorCount > 0 {
			t.Errorf("%s: %d problems, first %q", name, d.ErrorCount, d.Errors)
		}
		undrawn, total := 0, 0
		for _, n := range d.Counts {
			total += n
			if n < 1 {
				undrawn++
			}
		}
		if len(d.Counts) == 0 || undrawn > 0 {
			t.Errorf("%s: %d of %d events draw nothing", name, undrawn, len(d.Counts))
		}
		t.Logf("%s: %d events, %d components", name, len(d.Counts), total)
	}
}
