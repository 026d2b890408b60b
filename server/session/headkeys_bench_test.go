package session

import (
	"encoding/json"
	"testing"
)

// BenchmarkStepHeadKeyBytes measures what the head's sort keys add to the
// step messages of a search stepped as a lecture steps it (each message
// after the one before, so the previous head is known): the bytes of
// headKeys a step, next to the whole step message's. Run it once:
//
//	go test ./server/session -run '^$' -bench StepHeadKeyBytes -benchtime 1x
func BenchmarkStepHeadKeyBytes(b *testing.B) {
	for _, tc := range []struct{ name, problem, options string }{
		{"puzzle15-bfs", "puzzle 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "bfs"},
		{"puzzle8-astar", "puzzle 867254301 goal=123456780", "astar"},
		{"grid-wastar", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "wastar w=3 h=euclidean"},
		{"romania-rbfs", "graph romania", "rbfs"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			const steps = 500
			keyBytes, allBytes, n := 0, 0, 0
			for range b.N {
				s := newSearch(b, tc.problem, tc.options)
				h := newHub(&Session{}, s, describe(s))
				for range steps {
					ev, ok := s.Step()
					if !ok {
						break
					}
					m := h.stepMessage(ev)
					if len(m.HeadKeys) > 0 {
						kb, _ := json.Marshal(m.HeadKeys)
						keyBytes += len(kb) + len(`,"headKeys":`)
					}
					allBytes += len(Encode(m))
					n++
				}
			}
			b.ReportMetric(float64(keyBytes)/float64(n), "headkey-bytes/step")
			b.ReportMetric(float64(allBytes)/float64(n), "bytes/step")
		})
	}
}
