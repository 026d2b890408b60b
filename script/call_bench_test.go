package script

import (
	"os"
	"path/filepath"
	"testing"

	"go.starlark.net/starlark"

	"stepviz/internal/testenv"
)

// BenchmarkStarlarkCall measures one question to the 8-puzzle script
// (examples/scripts/puzzle8.star) as a search asks it, through the
// sandbox: def calls the def itself (its test of the argument included),
// twin the def's twin (specialise.go), as a search does for a string
// state. The difference is the test's builtin call; the rest is
// go.starlark.net's interpreter.
func BenchmarkStarlarkCall(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(testenv.ModuleRoot(b), "examples", "scripts", "puzzle8.star"))
	if err != nil {
		b.Fatal(err)
	}
	params, err := ParseParams([]string{"board=130826745", "goal=123456780"})
	if err != nil {
		b.Fatal(err)
	}
	sc, err := Load("puzzle8.star", string(src), params)
	if err != nil {
		b.Fatal(err)
	}
	state := starlark.String("123846705")
	for _, name := range []string{"is_goal", "successors", "h_manhattan"} {
		fn, err := sc.function(name)
		if err != nil || fn == nil || sc.twins[fn] == nil {
			b.Fatalf("%s: %v, or no twin", name, err)
		}
		for _, mode := range []string{"def", "twin"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				sb := newSandbox(sc.Name, SearchSteps)
				if mode == "twin" {
					sb.twins = sc.twins
				}
				for b.Loop() {
					if sb.thread.ExecutionSteps() > SearchSteps/2 {
						sb = newSandbox(sc.Name, SearchSteps) // a fresh search's budget
						if mode == "twin" {
							sb.twins = sc.twins
						}
					}
					if _, err := sb.call(fn, state); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
