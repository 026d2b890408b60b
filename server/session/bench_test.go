package session

import (
	"fmt"
	"testing"

	"stepviz/stepper"
)

// BenchmarkStepMessageBytes measures the bytes of one step message at
// open-list sizes 10, 1,000 and 100,000 (a breadth-first search of a
// 15-puzzle, whose frontier grows by about 2× a level), next to the bytes
// a late joiner's state takes. A step message carries the event and the
// records of the nodes it touched, so its size must not grow with the open
// list.
func BenchmarkStepMessageBytes(b *testing.B) {
	const problem = "puzzle 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
	for _, open := range []int{10, 1000, 100_000} {
		b.Run(fmt.Sprintf("open=%d", open), func(b *testing.B) {
			s := newSearch(b, problem, fmt.Sprintf("bfs maxnodes=%d", 40*open+1000))
			for s.Counters().Open < open && !s.Status().Done() {
				s.Run(1)
			}
			if got := s.Counters().Open; got < open {
				b.Fatalf("open list reached only %d", got)
			}
			openAt := s.Counters().Open
			h := newHub(&Session{}, s, describe(s))
			stateBytes := len(h.stateNow(reasonJoin))
			var events []stepper.Event
			for range 16 {
				ev, ok := s.Step()
				if !ok {
					break
				}
				events = append(events, ev)
			}
			total := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				total += len(Encode(h.stepMessage(events[i%len(events)])))
			}
			b.ReportMetric(float64(total)/float64(b.N), "bytes/step")
			b.ReportMetric(float64(stateBytes), "state-bytes")
			b.ReportMetric(float64(openAt), "open")
		})
	}
}
