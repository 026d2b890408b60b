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
// sandbox, asked alternately in one loop (so that all see the same load)
// of the def itself (its test of the argument included, def-ns), of its
// twin run by the interpreter (twin-ns) and of the twin's closures
// (closure-ns, closure.go), as a search does for a string state; and
// closure/def. The rest is go.starlark.net's interpreter, or the
// closures.
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
		if err != nil || fn == nil || sc.twins[fn] == nil || sc.compiled[fn] == nil {
			b.Fatalf("%s: %v, or no twin, or not compiled", name, err)
		}
		b.Run(name, func(b *testing.B) {
			var boxes [3]*sandbox
			var took [3]time.Duration
			for b.Loop() {
				if boxes[0] == nil || boxes[0].thread.ExecutionSteps() > SearchSteps/2 {
					for i := range boxes {
						boxes[i] = newSandbox(sc.Name, SearchSteps) // a fresh search's budget
					}
					boxes[1].twins = sc.twins
					boxes[2].twins, boxes[2].compiled = sc.twins, sc.compiled
				}
				for i, sb := range boxes {
					t0 := time.Now()
					if _, err := sb.call(fn, state); err != nil {
						b.Fatal(err)
					}
					took[i] += time.Since(t0)
				}
			}
			for i, unit := range []string{"def-ns", "twin-ns", "closure-ns"} {
				b.ReportMetric(float64(took[i].Nanoseconds())/float64(b.N), unit)
			}
			b.ReportMetric(float64(took[2])/float64(took[0]), "closure/def")
		})
	}
}
