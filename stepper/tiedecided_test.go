package stepper

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestTieDecidedMatchesKeys steps A*, UCS and weighted A* under the
// high-g and low-h rules on random small graphs whose integer costs and
// heuristics make many ties and cheaper paths found late (re-keys within
// a step), and after every step checks that tieDecided, O(1) from the keys
// the list had when it was made, agrees with reading every listed node's
// key now. It also checks that both answers and both ways occurred.
func TestTieDecidedMatchesKeys(t *testing.T) {
	r := rand.New(rand.NewSource(21))
	seen := map[string]int{}
	for trial := 0; trial < 300; trial++ {
		n := 6 + r.Intn(10)
		var edges []string
		for i := 0; i < n; i++ {
			for j := 0; j < 1+r.Intn(4); j++ {
				edges = append(edges, fmt.Sprintf("N%d-N%d:%d", i, r.Intn(n), 1+r.Intn(3)))
			}
		}
		var hs []string
		for i := 0; i < n; i++ {
			hs = append(hs, fmt.Sprintf("N%d:%d", i, r.Intn(3)))
		}
		g := parseTiny(t, strings.Join(edges, " "), strings.Join(hs, ","), fmt.Sprintf("N%d", n-1))
		for _, line := range []string{"astar tie=high-g", "astar tie=low-h", "ucs tie=high-g", "wastar w=2 tie=low-h"} {
			o, err := ParseOptions(line)
			if err != nil {
				continue
			}
			s, err := NewSearch(g, o)
			if err != nil {
				t.Fatalf("NewSearch(%q): %v", line, err)
			}
			e, ok := s.eng.(*engine[int])
			if !ok {
				t.Fatalf("%q: engine %T", line, s.eng)
			}
			for step := 0; step < 200; step++ {
				ev, ok := s.Step()
				if !ok {
					break
				}
				if ev.TieCount == 0 {
					continue
				}
				checkTieDecided(t, e, ev, line, trial, seen)
			}
		}
	}
	for _, k := range []string{"fast true", "fast false", "keys true", "keys false"} {
		if seen[k] == 0 {
			t.Errorf("no step answered %q: the test does not reach every case (%v)", k, seen)
		}
	}
	t.Logf("answers: %v", seen)
}

func checkTieDecided(t *testing.T, e *engine[int], ev Event, line string, trial int, seen map[string]int) {
	t.Helper()
	h, _ := e.front.(*heapFrontier)
	got, want := e.tieDecided(ev.Key.Tie), e.tieDecidedByKeys(h, ev.Key.Tie)
	if got != want {
		t.Fatalf("trial %d %q step %d: tieDecided = %v, by the keys %v (ties %v)", trial, line, ev.Step, got, want, ev.Ties)
	}
	way := "keys"
	if tt := &e.ties; tt.keyed && h != nil && h.tw != nil && h.tw.fixes == tt.fixes {
		way = "fast"
	}
	seen[fmt.Sprintf("%s %v", way, got)]++
}
