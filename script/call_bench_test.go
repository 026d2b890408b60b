package script

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"stepviz/internal/testenv"
)

// BenchmarkStarlarkCall measures one question to the 8-puzzle script
// (examples/scripts/puzzle8.star) as a search asks it, through the
// sandbox, asked of the def itself (its test of the argument included)
// and of its twin (specialise.go), as a search does for a string state,
// alternately in one loop so that both see the same load: def-ns and
// twin-ns per question, and twin/def. The difference is the test's
// builtin call; the rest is go.starlark.net's interpreter.
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
		b.Run(name, func(b *testing.B) {
			var def, twin *sandbox
			var took [2]time.Duration
			for b.Loop() {
				if def == nil || def.thread.ExecutionSteps() > SearchSteps/2 {
					def, twin = newSandbox(sc.Name, SearchSteps), newSandbox(sc.Name, SearchSteps) // a fresh search's budget
					twin.twins = sc.twins
				}
				for i, sb := range []*sandbox{def, twin} {
					t0 := time.Now()
					if _, err := sb.call(fn, state); err != nil {
						b.Fatal(err)
					}
					took[i] += time.Since(t0)
				}
			}
			b.ReportMetric(float64(took[0].Nanoseconds())/float64(b.N), "def-ns")
			b.ReportMetric(float64(took[1].Nanoseconds())/float64(b.N), "twin-ns")
			b.ReportMetric(float64(took[1])/float64(took[0]), "twin/def")
		})
	}
}
