package stepper

import (
	"math/rand"
	"testing"
)

// BenchmarkHeapTieBookkeeping times a heap through pushes and pops as A*
// with fifo ties makes them on a unit-cost puzzle (two priorities open,
// the root's and the next, thousands of entries each), without a tie
// window and with one, asking the ties after every pop as a step with
// its event does: the difference is what the window costs a step.
func BenchmarkHeapTieBookkeeping(b *testing.B) {
	for _, tc := range []struct {
		name string
		ties bool
	}{{"none", false}, {"window", true}} {
		b.Run(tc.name, func(b *testing.B) {
			r := rand.New(rand.NewSource(1))
			h := &heapFrontier{seqTies: true}
			seq, have := int32(0), 0
			var buf []int32
			push := func(prio float64) {
				h.push(seq, key{prio: prio, seq: seq})
				seq++
			}
			for range 4000 {
				push(float64(10 + 2*r.Intn(2)))
			}
			for b.Loop() {
				h.pop()
				k := h.last
				if tc.ties {
					var kept int
					buf, kept, _ = h.ties(k, false, buf[:0], MaxTies, have)
					have = kept + len(buf)
				}
				c := r.Intn(3) // 1 a pop on average, kept near 4000 open
				if h.len() > 4500 {
					c = 0
				} else if h.len() < 3500 {
					c = 2
				}
				for ; c > 0; c-- {
					push(k.prio + float64(2*r.Intn(2)))
				}
			}
		})
	}
}
