package script_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

// traceJSON runs problem/search to its end and writes its JSON trace.
func traceJSON(t *testing.T, problem, search string) []byte {
	t.Helper()
	s, err := problems.New(problem, search)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, "json", s, export.ToEnd); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSameScriptSameTrace: the same script loaded twice gives
// byte-identical traces (Starlark is deterministic: no clock, no
// randomness, dicts in insertion order).
func TestSameScriptSameTrace(t *testing.T) {
	for _, c := range []struct{ file, params, search string }{
		{"missionaries.star", "", "astar"},
		{"jugs.star", "caps=3,5 target=4", "bfs"},
		{"queens.star", "n=6", "dfs"},
		{"puzzle8.star", "board=283164705 goal=123804765", "astar h=misplaced"},
	} {
		line := "script " + scriptPath(t, c.file) + " " + c.params
		a, b := traceJSON(t, line, c.search), traceJSON(t, line, c.search)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs gave different traces", line)
		}
		if !bytes.Contains(a, []byte(`"sha256"`)) {
			t.Errorf("%s: the trace carries no script source", line)
		}
	}
}

// TestTraceCarriesScript: a trace replays after its script file is gone,
// and is refused once its source no longer matches its hash.
func TestTraceCarriesScript(t *testing.T) {
	src, err := os.ReadFile(scriptPath(t, "jugs.star"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "jugs.star")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	data := traceJSON(t, "script "+path+" caps=3,5 target=4", "bfs")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	tr, err := export.ReadTrace(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	s, err := tr.Replay()
	if err != nil {
		t.Fatalf("replay without the file: %v", err)
	}
	if s.Status() != stepper.Solved || s.Cost() != 6 {
		t.Errorf("replayed: %s cost %v, want solved in 6", s.Status(), s.Cost())
	}

	edited := bytes.Replace(data, []byte(`target = param(\"target\", 4)`), []byte(`target = param(\"target\", 5)`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("the test's edit did not apply")
	}
	tr, err = export.ReadTrace(bytes.NewReader(edited))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Replay(); err == nil || !strings.Contains(err.Error(), "does not match its hash") {
		t.Errorf("replay of an edited script: %v, want a hash mismatch", err)
	}

	noSource := bytes.Replace(data, []byte(`"script": {`), []byte(`"scrip": {`), 1)
	if _, err := export.ReadTrace(bytes.NewReader(noSource)); err == nil {
		t.Errorf("a trace with an unknown field was read")
	}
}

// TestStarlarkPuzzleSameExpansions: the 8-puzzle written in Starlark, with
// Manhattan written in Starlark, expands exactly the nodes the built-in
// puzzle expands, in the same order, under each tie rule.
func TestStarlarkPuzzleSameExpansions(t *testing.T) {
	for _, c := range []struct{ board, goal, search string }{
		{"283164705", "123804765", "astar h=manhattan"},
		{"283164705", "123804765", "astar h=misplaced tie=lifo"},
		{"283164705", "123804765", "bfs"},
		{"130826745", "123456780", "astar h=manhattan"},
		{"130826745", "123456780", "astar h=manhattan tie=high-g"},
		{"130826745", "123456780", "greedy h=manhattan"},
	} {
		star := expansions(t, "script "+scriptPath(t, "puzzle8.star")+" board="+c.board+" goal="+c.goal, c.search)
		built := expansions(t, "puzzle "+c.board+" goal="+c.goal, c.search)
		if len(star) != len(built) {
			t.Errorf("%s %s: Starlark expands %d nodes, built-in %d", c.board, c.search, len(star), len(built))
			continue
		}
		for i := range star {
			if star[i] != built[i] {
				t.Errorf("%s %s: step %d expands %s in Starlark, %s built in", c.board, c.search, i+1, star[i], built[i])
				break
			}
		}
	}
}

// expansions runs a search to its end and lists the states it expanded,
// with their g and h.
func expansions(t *testing.T, problem, search string) []string {
	t.Helper()
	s, err := problems.New(problem, search)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		out = append(out, ev.Expanded.State.String()+" g="+stepper.FormatNumber(ev.Expanded.G)+" h="+stepper.FormatNumber(ev.Expanded.H))
	}
	if s.Status() != stepper.Solved {
		t.Fatalf("%s / %s: %s", problem, search, s.Status())
	}
	return out
}
