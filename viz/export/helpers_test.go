package export

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"stepviz/internal/eventtest"
	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// cases are the searches the format tests export: one per problem kind and
// the textbook variants that change a trace.
var cases = []struct {
	name, problem, opts string
	steps               int
}{
	{"puzzle-astar", "puzzle 283164705 goal=123804765", "astar h=manhattan", ToEnd},
	{"puzzle-highg", "puzzle 283164705 goal=123804765", "astar h=misplaced tie=high-g", ToEnd},
	{"puzzle-bfs-partial", "puzzle 283164705 goal=123804765", "bfs", 7},
	{"grid-astar", "grid S..#./.#..#/...#G/.....", "astar h=manhattan tie=lifo", ToEnd},
	{"grid-8-ucs", "grid S..#./.#..#/...#G/..... moves=8", "ucs", ToEnd},
	{"romania-astar", "graph romania", "astar", ToEnd},
	{"romania-greedy-gen", "graph romania start=Arad goal=Bucharest", "greedy goaltest=generate", ToEnd},
	{"romania-dfs-tree", "graph romania", "dfs tree=true depth=3", 12},
	{"start-only", "puzzle 283164705 goal=123804765", "astar", 0},
}

func newSearch(t testing.TB, problem, opts string) *stepper.Search {
	t.Helper()
	s, err := problems.New(problem, opts)
	if err != nil {
		t.Fatalf("problems.New(%q, %q): %v", problem, opts, err)
	}
	return s
}

// export writes a search in one format.
func export(t testing.TB, s *stepper.Search, format string, upTo int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, format, s, upTo); err != nil {
		t.Fatalf("Write(%s): %v", format, err)
	}
	return b.Bytes()
}

// artifact writes a file under test-artifacts/export/ at the module root,
// for a human to look at, and returns its path.
func artifact(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := testenv.Artifact(t, filepath.Join("export", name))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// tempFile writes data to a file named name in a temporary directory of
// the test and returns its path.
func tempFile(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// resolvedTrace is t with every text of its events and root written out
// (stepper.TextOf), its events copied: a trace the engine made and one
// read back from JSON are then reflect.DeepEqual when they say the same.
func resolvedTrace(t *Trace) *Trace {
	r := *t
	r.Root = eventtest.ResolvedNode(r.Root)
	if t.Events != nil {
		r.Events = make([]stepper.Event, len(t.Events))
		for i, ev := range t.Events {
			r.Events[i] = eventtest.Resolved(ev)
		}
	}
	return &r
}
