package stepper

import (
	"math/rand"
	"slices"
	"testing"
)

// tieHolder plays the engine's part in the ties protocol: it holds the
// list the last answer made, as an event's Ties, and passes its length
// as have only when that answer was the frontier's last (collectTies,
// listTies).
type tieHolder struct {
	held []int32
	have int
}

// ask asks h for the ties of k as a step with its event does and returns
// the whole list, the kept ids of the held list followed by the new ones.
// keep false plays an event never filled: the list is not held.
func (th *tieHolder) ask(t *testing.T, h *heapFrontier, k key, withTie, keep bool) ([]int32, int, int) {
	t.Helper()
	have := th.have
	th.have = 0
	ids, kept, n := h.ties(k, withTie, nil, MaxTies, have)
	if kept < 0 || kept > 0 && kept > have-1 {
		t.Fatalf("kept %d of a held list of %d", kept, have)
	}
	list := append(slices.Clone(th.held[min(1, len(th.held)):min(1+kept, len(th.held))]), ids...)
	if keep && len(list) > 0 {
		th.held, th.have = list, len(list)
	}
	return list, kept, n
}

// TestHeapTieDeltaMatchesWalk drives the heap at random as
// TestHeapTiesMatchWalk does, asks for the ties after most pops through
// the protocol of kept ids (some answers never held, some pops without a
// question, as steps without events make), and checks that the list made
// of the kept ids and the new ones is the walk's every time. It also
// checks that the queues kept ids on most steps where they could, so a
// protocol that never keeps anything fails too.
func TestHeapTieDeltaMatchesWalk(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	for _, lifo := range []bool{false, true} {
		for _, withTie := range []bool{false, true} {
			keptSteps := 0
			for trial := 0; trial < 60; trial++ {
				seqTies := trial%2 == 0
				o := newHeapOps(lifo, seqTies)
				var th tieHolder
				prios, ties := 1+r.Intn(3), 1+r.Intn(2)
				if seqTies {
					ties = 1
				}
				for op := 0; op < 3000; op++ {
					switch c := r.Intn(20); {
					case c < 9 || len(o.keys) == 0:
						o.push(r, prios, ties)
					case c < 17:
						id, k := o.pop()
						if r.Intn(8) == 0 {
							break // a step without an event
						}
						got, kept, gotN := th.ask(t, o.h, k, withTie, r.Intn(10) != 0)
						want, wantN := tiesByWalk(o.h, k, withTie, MaxTies)
						if gotN != wantN || !slices.Equal(got, want) {
							t.Fatalf("lifo=%v withTie=%v seqTies=%v trial %d op %d: ties = %v (%d, %d kept), want %v (%d)", lifo, withTie, seqTies, trial, op, got, gotN, kept, want, wantN)
						}
						if kept > 0 {
							keptSteps++
						}
						if r.Intn(10) == 0 { // the pop undone
							o.unpop(id, k)
						}
					case c < 19:
						o.rekey(func(k key) key { // a re-key to the back of a group
							k.prio, k.seq = float64(r.Intn(prios)), o.next
							o.next++
							return k
						})
					default:
						o.unpushRecent(r)
					}
				}
			}
			if keptSteps < 1000 {
				t.Errorf("lifo=%v withTie=%v: ids kept on %d steps, want many", lifo, withTie, keptSteps)
			}
			t.Logf("lifo=%v withTie=%v: ids kept on %d steps", lifo, withTie, keptSteps)
		}
	}
}
