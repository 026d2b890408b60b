package stepper_test

import (
	"runtime"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/internal/cpuratio"
)

// eventBenchCases are the searches whose events are timed: A* Manhattan
// with the default FIFO ties on the hard 8-puzzle and on a 15-puzzle,
// where hundreds of open nodes share a priority at every step.
var eventBenchCases = []struct{ name, problem string }{
	{"8puzzle", hardEight},
	{"15puzzle", "puzzle 4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
}

// BenchmarkAStarEventRatio times a search run to the end step by step with
// every event (Search.Step) against the same search run without events
// (Search.Run), in turns; ratio is the median CPU time of the first over
// the second's (target <= 2), ns/step-event and ns/step-run the per-step
// costs, B/step-event and B/step-run the bytes each allocates a step (one
// more search each way, after the timed ones). Each case is stepped as
// the live viewer and the notebook step (every past step kept, to go
// back), and, in the cases named -forward, forward only (Options.Forget);
// in the cases named -into, each event is written into one Event the
// loop reuses (Search.StepInto), as the exports step, else each is a new
// one (Search.Step).
func BenchmarkAStarEventRatio(b *testing.B) {
	for _, tc := range eventBenchCases {
		p := mustPuzzle(b, tc.problem)
		for _, way := range []struct{ forward, into bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			forward := way.forward
			name := tc.name
			if forward {
				name += "-forward"
			}
			if way.into {
				name += "-into"
			}
			b.Run(name, func(b *testing.B) {
				steps, children := 0, 0
				stepped := func() {
					o, err := stepper.ParseOptions("astar h=manhattan")
					if err != nil {
						b.Fatal(err)
					}
					o.Forget = forward
					s, err := stepper.NewSearch(p, o)
					if err != nil {
						b.Fatal(err)
					}
					children = 0
					if way.into {
						var ev stepper.Event
						for s.StepInto(&ev) {
							children += len(ev.Children)
						}
					} else {
						for {
							ev, ok := s.Step()
							if !ok {
								break
							}
							children += len(ev.Children)
						}
					}
					if s.Status() != stepper.Solved {
						b.Fatalf("stepped: %s", s.Status())
					}
					steps = s.StepCount()
				}
				run := func() {
					r := mustSearch(b, p, "astar h=manhattan")
					if r.Run(0) != stepper.Solved || r.StepCount() != steps || children != r.Counters().Generated {
						b.Fatalf("run: %s at step %d, %d generated; stepped: %d steps, %d children", r.Status(), r.StepCount(), r.Counters().Generated, steps, children)
					}
				}
				ev, ran := cpuratio.PairedCPU(b, stepped, run)
				b.ReportMetric(allocated(stepped)/float64(steps), "B/step-event")
				b.ReportMetric(allocated(run)/float64(steps), "B/step-run")
				b.ReportMetric(float64(ev.Nanoseconds())/float64(steps), "ns/step-event")
				b.ReportMetric(float64(ran.Nanoseconds())/float64(steps), "ns/step-run")
				cpuratio.ReportRatio(b, "event", "run", ev, ran)
			})
		}
	}
}

// allocated is the bytes the heap handed out while f ran, as
// runtime.MemStats counts them.
func allocated(f func()) float64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc - before.TotalAlloc)
}
