package stepper_test

import (
	"encoding/json"
	"testing"
)

// TestBeamRedoEveryEvent: every event of a beam search replayed from the
// journal (after a rewind to step 0) is the event first computed, even
// when a pruned state was reached again as a new node and a duplicate of
// the old one names it.
func TestBeamRedoEveryEvent(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{"puzzle 806547231 goal=123456780", "beam width=3 h=misplaced"},
		{"puzzle 806547231 goal=123456780", "beam width=2 local=true"},
		{"puzzle 806547231 goal=123456780", "beam width=3 h=misplaced duplicates=drop"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "beam width=2 h=euclidean"},
		{"grid ......./...#.../.S.#.G./...#.../....... moves=8", "beam width=2 local=true h=manhattan"},
		{"grid ......./...#.../.S.#.G./...#.../....... moves=8", "beam width=2 local=true h=manhattan duplicates=drop"},
		{"grid ......./...#.../.S.#.G./...#.../....... moves=8", "beam width=1 local=true h=manhattan"},
		{"grid ......./...#.../.S.#.G./...#.../....... moves=8", "beam width=1 h=zero"},
	} {
		s := newDeltaSearch(t, tc.problem, tc.options)
		var first [][]byte
		for range 400 {
			ev, ok := s.Step()
			if !ok {
				break
			}
			b, _ := json.Marshal(ev)
			first = append(first, b)
		}
		s.Seek(0)
		for k := range first {
			ev, _ := s.Step()
			if b, _ := json.Marshal(ev); string(b) != string(first[k]) {
				t.Fatalf("%s %s: step %d replayed:\n%s\nfirst:\n%s", tc.problem, tc.options, k+1, b, first[k])
			}
		}
	}
}
