package export

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper/game"
)

// gamePosthocTrace is a game search's Posthoc trace read back.
type gamePosthocTrace struct {
	Version string             `json:"version"`
	Stepviz map[string]any     `json:"stepviz"`
	Events  []gamePosthocEvent `json:"events"`
}

// checkPosthocEvent: an event prints what the view at its step holds for
// its node: state and parent, the value and window (of the parent, for
// updating), and for a pruned branch the view's cut and its reason.
func checkPosthocEvent(t *testing.T, e gamePosthocEvent, v *game.View, generated int) {
	t.Helper()
	pid := -1
	if f, ok := e.PID.(float64); ok {
		pid = int(f)
	}
	if e.Fate == "pruned" {
		j := e.ID - generated
		if e.Type != "closing" || j < 0 || j >= len(v.Cut) {
			t.Fatalf("step %d: pruned event %+v, the view cut %d branches", e.Step, e, len(v.Cut))
		}
		c := v.Cut[j]
		if e.State != c.State || pid != c.Parent || e.Why != c.Why || e.Move != c.Move {
			t.Errorf("step %d: pruned %s under %d (%s), view %s under %d (%s)", e.Step, e.State, pid, e.Why, c.State, c.Parent, c.Why)
		}
		return
	}
	if e.ID >= len(v.Nodes) {
		t.Fatalf("step %d: %s of node %d, the view has %d nodes", e.Step, e.Type, e.ID, len(v.Nodes))
	}
	n := v.Nodes[e.ID]
	if e.State != n.State || pid != n.Parent || e.Depth != n.Depth || e.Turn != n.Turn.String() {
		t.Errorf("step %d: %s %s under %d, view %s under %d", e.Step, e.Type, e.State, pid, n.State, n.Parent)
	}
	switch e.Type {
	case "closing", "updating":
		if e.Value != n.Text.Value {
			t.Errorf("step %d: %s %s value %q, view %q", e.Step, e.Type, e.State, e.Value, n.Text.Value)
		}
	case "generating":
		if n.Leaf && e.Value != n.Text.Value {
			t.Errorf("step %d: leaf %s value %q, view %q", e.Step, e.State, e.Value, n.Text.Value)
		}
	}
	if e.Type != "closing" && e.Type != "end" && n.Window {
		if w := "[α=" + e.Alpha + ", β=" + e.Beta + "]"; w != n.Text.Window {
			t.Errorf("step %d: %s %s window %s, view %s", e.Step, e.Type, e.State, w, n.Text.Window)
		}
	}
}

// TestGamePosthocAgrees: every event of a game search's Posthoc trace
// prints the view at its step (checkPosthocEvent); there is an expanding
// event per inner node visited, a pruned closing per branch the view
// cut, and the end is the principal variation's last node.
func TestGamePosthocAgrees(t *testing.T) {
	for _, tc := range gameCases {
		g, o := gameOf(t, tc.problem, tc.search)
		if o.Algorithm == game.MCTS {
			continue
		}
		t.Run(tc.problem+" "+tc.search, func(t *testing.T) {
			rows, views := gameRows(t, g, o)
			// part way: the events of the first half of the steps, no end
			half := len(rows) / 2
			var part gamePosthocTrace
			if err := json.Unmarshal([]byte(gameExport(t, g, o, "posthoc", half)), &part); err != nil {
				t.Fatal(err)
			}
			for _, e := range part.Events[1:] {
				if e.Type == "end" || e.Step < 1 || e.Step > half {
					t.Fatalf("to step %d: a %s event at step %d", half, e.Type, e.Step)
				}
				checkPosthocEvent(t, e, views[e.Step-1], len(views[half-1].Nodes))
			}
			var tr gamePosthocTrace
			if err := json.Unmarshal([]byte(gameExport(t, g, o, "posthoc", ToEnd)), &tr); err != nil {
				t.Fatal(err)
			}
			end := views[len(views)-1]
			if tr.Version != PosthocVersion || tr.Events[0].Type != "source" || tr.Events[len(tr.Events)-1].Type != "end" {
				t.Fatalf("version %s, first %s, last %s", tr.Version, tr.Events[0].Type, tr.Events[len(tr.Events)-1].Type)
			}
			expanding, inner, pruned := 0, 0, 0
			for _, r := range rows {
				if r.What == game.Visit || r.What == game.Down && !r.Leaf {
					inner++
				}
			}
			for _, e := range tr.Events[1 : len(tr.Events)-1] {
				if e.Step < 1 || e.Step > len(views) {
					t.Fatalf("event at step %d of %d", e.Step, len(views))
				}
				checkPosthocEvent(t, e, views[e.Step-1], len(end.Nodes))
				if e.Type == "expanding" {
					expanding++
				}
				if e.Fate == "pruned" {
					pruned++
				}
			}
			if last := tr.Events[len(tr.Events)-1]; last.ID != end.PV[len(end.PV)-1] {
				t.Errorf("end on node %d, the principal variation ends at %d", last.ID, end.PV[len(end.PV)-1])
			}
			if expanding != inner || pruned != len(end.Cut) {
				t.Errorf("%d expanding events for %d inner nodes visited, %d pruned for %d cut", expanding, inner, pruned, len(end.Cut))
			}
			if tr.Stepviz["value"] != end.Value {
				t.Errorf("trace value %v, view %s", tr.Stepviz["value"], end.Value)
			}
		})
	}
}

// TestGamePosthocDraws runs the Posthoc parser rules under node
// (testdata/posthoc_draw.js, as TestPosthocDrawsEveryEvent) on game
// traces: every event draws at least one component with finite numbers.
func TestGamePosthocDraws(t *testing.T) {
	nodeJS := testenv.Tool(t, "node", "nodejs")
	dir := t.TempDir()
	var files []string
	for i, tc := range gameCases {
		g, o := gameOf(t, tc.problem, tc.search)
		if o.Algorithm == game.MCTS {
			continue
		}
		p := filepath.Join(dir, strings.Repeat("g", i+1)+".trace.json")
		if err := os.WriteFile(p, []byte(gameExport(t, g, o, "posthoc", ToEnd)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	out, err := exec.Command(nodeJS, append([]string{"testdata/posthoc_draw.js"}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("node posthoc_draw.js: %v\n%s", err, out)
	}
	var drawings []posthocDrawing
	if err := json.Unmarshal(out, &drawings); err != nil || len(drawings) != len(files) {
		t.Fatalf("posthoc_draw.js printed %d drawings (%v), want %d", len(drawings), err, len(files))
	}
	for i, d := range drawings {
		undrawn := 0
		for _, n := range d.Counts {
			if n < 2 { // the edge from the parent and the node
				undrawn++
			}
		}
		if d.ErrorCount > 0 || undrawn > 0 || len(d.Counts) == 0 {
			t.Errorf("%s: %d problems (%q), %d of %d events not drawn whole", files[i], d.ErrorCount, d.Errors, undrawn, len(d.Counts))
		}
	}
}

// TestFamilyPosthocRefusals: an MCTS search and a local search are
// refused in posthoc, saying why and what works, before a byte is written.
func TestFamilyPosthocRefusals(t *testing.T) {
	var b bytes.Buffer
	g, o := gameOf(t, "tictactoe XO.X.O...", "mcts iterations=10 seed=1")
	if err := WriteGame(context.Background(), &b, "posthoc", g, o, ToEnd); err == nil || !strings.Contains(err.Error(), "an MCTS search exports as jsonl, json, csv, md, tex, svg, dot, html, ipynb") || b.Len() > 0 {
		t.Errorf("mcts posthoc: %v, %d bytes", err, b.Len())
	}
	p, lo := localOf(t, "queens 8 seed=1", "hillclimb")
	if err := WriteLocal(context.Background(), &b, "posthoc", p, lo, ToEnd); err == nil || !strings.Contains(err.Error(), "a local search keeps no tree") || b.Len() > 0 {
		t.Errorf("local posthoc: %v, %d bytes", err, b.Len())
	}
}
