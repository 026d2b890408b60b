package stepper_test

import (
	"encoding/json"
	"math/rand"
	"testing"
)

// TestLazySeekAndRedo checks that a lazy frontier (whose seen-map entry moves
// on expansion) seeks to the same snapshot as it first showed and redoes
// the same events, at random steps.
func TestLazySeekAndRedo(t *testing.T) {
	cases := []struct{ p, o string }{
		{"graph romania", "dfs lazy=true"},
		{"graph romania", "ucs lazy=true"},
		{"graph romania", "astar lazy=true"},
		{"puzzle 867254301 goal=123456780", "astar h=misplaced lazy=true"},
		{"puzzle 867254301 goal=123456780", "ucs lazy=true"},
		{"puzzle 867254301 goal=123456780", "dfs lazy=true maxnodes=3000"},
	}
	for _, tc := range cases {
		s := newDeltaSearch(t, tc.p, tc.o)
		var evs [][]byte
		var snaps [][]byte
		for k := 0; k < 400; k++ {
			b, _ := json.Marshal(s.Snapshot())
			snaps = append(snaps, b)
			ev, ok := s.Step()
			if !ok {
				break
			}
			e, _ := json.Marshal(ev)
			evs = append(evs, e)
		}
		b, _ := json.Marshal(s.Snapshot())
		snaps = append(snaps, b)
		r := rand.New(rand.NewSource(1))
		for i := 0; i < 200; i++ {
			k := r.Intn(len(snaps))
			s.Seek(k)
			got, _ := json.Marshal(s.Snapshot())
			if string(got) != string(snaps[k]) {
				t.Fatalf("%s %s: seek %d snapshot differs", tc.p, tc.o, k)
			}
			if k < len(evs) {
				ev, _ := s.Step()
				e, _ := json.Marshal(ev)
				if string(e) != string(evs[k]) {
					t.Fatalf("%s %s: redo step %d event differs:\n%s\n%s", tc.p, tc.o, k+1, e, evs[k])
				}
			}
		}
		if len(evs) < 6 {
			t.Fatalf("%s %s: only %d steps", tc.p, tc.o, len(evs))
		}
	}
}
