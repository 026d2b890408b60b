package export

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/script"
	"stepviz/stepper"
)

// jsonKeys adds every object key in v to keys, with the path where it
// was first seen.
func jsonKeys(v any, path string, keys map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if _, seen := keys[k]; !seen {
				keys[k] = path + "." + k
			}
			jsonKeys(e, path+"."+k, keys)
		}
	case []any:
		for _, e := range x {
			jsonKeys(e, path+"[]", keys)
		}
	}
}

// TestJSONFieldsDocumented: every field a JSON trace of each family (and
// of a script problem, and of a built-in one with Starlark heuristics)
// writes is named in the JSON section of docs/trace-format.md (as
// `field`).
func TestJSONFieldsDocumented(t *testing.T) {
	root := testenv.ModuleRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "docs", "trace-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	begin, end := strings.Index(doc, "## The JSON trace"), strings.Index(doc, "\n## CSV")
	if begin < 0 || end < begin {
		t.Fatalf("docs/trace-format.md has no section \"## The JSON trace\" before \"## CSV\"")
	}
	doc = doc[begin:end]
	keys := map[string]string{}
	addTrace := func(s *stepper.Search) {
		t.Helper()
		var v any
		if err := json.Unmarshal(export(t, s, "json", ToEnd), &v); err != nil {
			t.Fatal(err)
		}
		jsonKeys(v, "", keys)
	}
	src, err := os.ReadFile(filepath.Join(root, "examples", "scripts", "jugs.star"))
	if err != nil {
		t.Fatal(err)
	}
	jugs, err := script.New("jugs.star", string(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(jugs, stepper.Options{Algorithm: stepper.BFS})
	if err != nil {
		t.Fatal(err)
	}
	addTrace(s)
	addTrace(hSearch(t, "grid S..#./.#..#/...#G/.....", "dip", dipStar))
	for _, c := range []struct{ problem, opts string }{
		{"graph romania", "astar"},
		{"puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g"},
		{"puzzle 867254301 goal=123456780", "idastar"},
		{"graph romania", "ids"},
		{"graph romania", "rbfs"},
		{"graph romania", "bibfs"},
		{"graph romania", "biastar"},
		{"puzzle 867254301 goal=123456780", "beam width=3"},
		{"puzzle 867254301 goal=123456780", "beam width=3 local=true"},
		{"grid S..#./.#..#/...#G/..... moves=8", "ucs"},
		{"graph romania", "dfs depth=2"},
	} {
		addTrace(newSearch(t, c.problem, c.opts))
	}
	var missing []string
	for k, path := range keys {
		if !strings.Contains(doc, "`"+k+"`") {
			missing = append(missing, path)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("docs/trace-format.md does not name these fields of the JSON trace:\n%s", strings.Join(missing, "\n"))
	}
	if len(keys) < 60 {
		t.Errorf("only %d distinct fields seen: the searches above should show every family's", len(keys))
	}
}
