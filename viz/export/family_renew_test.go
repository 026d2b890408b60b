package export

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// TestFailingScriptExportsFailAtTheirStep: an export of a script's game or
// local search that fails part-way reports the failure at the step a
// stepped search meets it, although the export runs the search twice (a
// trial run, then the replay it writes) and a script keeps its first
// failure; so does a second export of the same loaded script.
func TestFailingScriptExportsFailAtTheirStep(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		return "script " + p
	}
	gameLine := write("g.star", `initial = 3
def to_move(s):
    return s % 2
def actions(s):
    return [1, 2]
def result(s, a):
    return s - a
def is_terminal(s):
    return s <= 0
def utility(s, p):
    return 1 // 0
`)
	localLine := write("l.star", `start = 5
goal_value = 0
def value(s):
    if s == 2:
        fail("no value at", s)
    return s
def neighbours(s):
    return [("down", s - 1)]
`)
	t.Run("game", func(t *testing.T) {
		o, err := game.ParseOptions("minimax")
		if err != nil {
			t.Fatal(err)
		}
		parse := func() game.Game {
			g, err := game.ParseProblem(gameLine)
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		s, err := game.New(parse(), o)
		if err != nil {
			t.Fatal(err)
		}
		for s.Status() == game.Running {
			s.Step()
		}
		want := s.Result()
		if want.Status != game.Failed || want.Steps < 2 {
			t.Fatalf("stepped: %+v, want a failure after step 1", want)
		}
		g := parse()
		for round := 1; round <= 2; round++ {
			var b bytes.Buffer
			if err := WriteGame(context.Background(), &b, "jsonl", g, o, ToEnd); err != nil {
				t.Fatal(err)
			}
			var tail gameTail
			decodeLast(t, b.Bytes(), &tail)
			if tail.Result != want {
				t.Errorf("export %d: %+v\nstepped: %+v", round, tail.Result, want)
			}
		}
	})
	t.Run("local", func(t *testing.T) {
		o, err := local.ParseOptions("hillclimb")
		if err != nil {
			t.Fatal(err)
		}
		parse := func() local.Problem {
			p, err := local.ParseProblem(localLine)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		s, err := local.New(parse(), o)
		if err != nil {
			t.Fatal(err)
		}
		for s.Status() == local.Running {
			s.Step()
		}
		want := s.Result()
		if want.Status != local.Failed || want.Steps < 2 {
			t.Fatalf("stepped: %+v, want a failure after step 1", want)
		}
		p := parse()
		for round := 1; round <= 2; round++ {
			var b bytes.Buffer
			if err := WriteLocal(context.Background(), &b, "jsonl", p, o, ToEnd); err != nil {
				t.Fatal(err)
			}
			var tail localTail
			decodeLast(t, b.Bytes(), &tail)
			if tail.Result != want {
				t.Errorf("export %d: %+v\nstepped: %+v", round, tail.Result, want)
			}
		}
	})
}

// decodeLast decodes the last line of a jsonl export into v.
func decodeLast(t *testing.T, jsonl []byte, v any) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(string(jsonl)), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), v); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
}
