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
	gameOpts, err := game.ParseOptions("minimax")
	if err != nil {
		t.Fatal(err)
	}
	localOpts, err := local.ParseOptions("hillclimb")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		// load parses the script again; stepped steps a search of a loaded
		// script to its end; export writes one as jsonl and decodes its tail
		load    func() (any, error)
		stepped func(loaded any) (result any, failedLate bool, err error)
		export  func(loaded any, w *bytes.Buffer) (result any, err error)
	}{
		{"game",
			func() (any, error) { return game.ParseProblem(gameLine) },
			func(g any) (any, bool, error) {
				s, err := game.New(g.(game.Game), gameOpts)
				if err != nil {
					return nil, false, err
				}
				for s.Status() == game.Running {
					s.Step()
				}
				r := s.Result()
				return r, r.Status == game.Failed && r.Steps >= 2, nil
			},
			func(g any, w *bytes.Buffer) (any, error) {
				var tail gameTail
				err := WriteGame(context.Background(), w, "jsonl", g.(game.Game), gameOpts, ToEnd)
				if err == nil {
					err = decodeLast(w.Bytes(), &tail)
				}
				return tail.Result, err
			}},
		{"local",
			func() (any, error) { return local.ParseProblem(localLine) },
			func(p any) (any, bool, error) {
				s, err := local.New(p.(local.Problem), localOpts)
				if err != nil {
					return nil, false, err
				}
				for s.Status() == local.Running {
					s.Step()
				}
				r := s.Result()
				return r, r.Status == local.Failed && r.Steps >= 2, nil
			},
			func(p any, w *bytes.Buffer) (any, error) {
				var tail localTail
				err := WriteLocal(context.Background(), w, "jsonl", p.(local.Problem), localOpts, ToEnd)
				if err == nil {
					err = decodeLast(w.Bytes(), &tail)
				}
				return tail.Result, err
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fresh, err := c.load()
			if err != nil {
				t.Fatal(err)
			}
			want, late, err := c.stepped(fresh)
			if err != nil || !late {
				t.Fatalf("stepped: %+v, %v; want a failure after step 1", want, err)
			}
			loaded, err := c.load()
			if err != nil {
				t.Fatal(err)
			}
			for round := 1; round <= 2; round++ {
				var b bytes.Buffer
				got, err := c.export(loaded, &b)
				if err != nil {
					t.Fatalf("export %d: %v", round, err)
				}
				if got != want {
					t.Errorf("export %d: %+v\nstepped: %+v", round, got, want)
				}
			}
		})
	}
}

// decodeLast decodes the last line of a jsonl export into v.
func decodeLast(jsonl []byte, v any) error {
	lines := strings.Split(strings.TrimSpace(string(jsonl)), "\n")
	return json.Unmarshal([]byte(lines[len(lines)-1]), v)
}
