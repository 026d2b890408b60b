package stepper_test

import (
	"slices"
	"testing"
	"time"

	"stepviz/stepper"
	"stepviz/stepper/internal/cpuratio"
)

// BenchmarkAStarTieShare times, in turns, the searches of
// BenchmarkAStarEventRatio three ways: stepped with every event, stepped
// with events that omit ties (Search.OmitTies), and run without events.
// ratio is the first's median CPU time over the third's, ratio-noties the
// second's, and tie-share their difference: the part of the ratio that
// the ties of the events (Ties, TieCount, TieReason and the frontier's
// bookkeeping behind them) cost.
func BenchmarkAStarTieShare(b *testing.B) {
	for _, tc := range eventBenchCases {
		p := mustPuzzle(b, tc.problem)
		b.Run(tc.name, func(b *testing.B) {
			stepped := func(omit bool) int {
				s := mustSearch(b, p, "astar h=manhattan")
				if omit {
					s.OmitTies()
				}
				for {
					if _, ok := s.Step(); !ok {
						break
					}
				}
				if s.Status() != stepper.Solved {
					b.Fatalf("stepped: %s", s.Status())
				}
				return s.StepCount()
			}
			var ties, lean, run []time.Duration
			for b.Loop() {
				c0 := cpuratio.ProcessCPU()
				steps := stepped(false)
				c1 := cpuratio.ProcessCPU()
				if stepped(true) != steps {
					b.Fatal("stepped without ties: a different step count")
				}
				c2 := cpuratio.ProcessCPU()
				r := mustSearch(b, p, "astar h=manhattan")
				if r.Run(0) != stepper.Solved || r.StepCount() != steps {
					b.Fatalf("run: %s at step %d; stepped: %d steps", r.Status(), r.StepCount(), steps)
				}
				c3 := cpuratio.ProcessCPU()
				ties, lean, run = append(ties, c1-c0), append(lean, c2-c1), append(run, c3-c2)
			}
			mt, ml, mr := medianCPU(ties), medianCPU(lean), medianCPU(run)
			if mr > 0 {
				b.ReportMetric(float64(mt)/float64(mr), "ratio")
				b.ReportMetric(float64(ml)/float64(mr), "ratio-noties")
				b.ReportMetric(float64(mt-ml)/float64(mr), "tie-share")
			}
		})
	}
}

func medianCPU(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	d = slices.Clone(d)
	slices.Sort(d)
	return d[len(d)/2]
}
