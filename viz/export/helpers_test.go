package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"stepviz/stepper"
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
	inst, err := stepper.ParseProblem(problem)
	if err != nil {
		t.Fatalf("ParseProblem(%q): %v", problem, err)
	}
	o, err := stepper.ParseOptions(opts)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", opts, err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch: %v", err)
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

// needTool returns the path of an external tool. A missing tool fails the
// test in CI (CI=true) and skips it elsewhere.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed; CI must install it (.ci/run)", name)
		}
		t.Skipf("%s is not installed (set CI=true to make this a failure)", name)
	}
	return p
}

// repoRoot is the module root (the directory holding go.mod).
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// artifact writes a file under test-artifacts/ at the repository root, for
// a human to look at, and returns its path.
func artifact(t testing.TB, name string, data []byte) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "test-artifacts", "export")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
