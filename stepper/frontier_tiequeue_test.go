package stepper

import (
	"math/rand"
	"slices"
	"testing"
)

// TestTieQueueMatchesSortedList drives one tie queue at random through
// appends, inserts in the middle (splitting full blocks), and removals at
// either end and in the middle, and checks it against a sorted list after
// every operation: same entries, same order, same count.
func TestTieQueueMatchesSortedList(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for trial := 0; trial < 20; trial++ {
		var q tieQueue
		var want []seqID
		used := map[int32]bool{}
		next := int32(1 << 20)
		for op := 0; op < 4000; op++ {
			switch c := r.Intn(10); {
			case c < 4 || len(want) == 0: // the newest
				next += 1 + int32(r.Intn(3))
				e := seqID{next, next}
				q.insert(e)
				want = append(want, e)
			case c < 6: // an older one: in the middle or at the front
				seq := int32(r.Intn(int(next)))
				if used[seq] || seq == 0 {
					continue
				}
				used[seq] = true
				i, _ := slices.BinarySearchFunc(want, seq, func(e seqID, s int32) int { return int(e.seq - s) })
				if i < len(want) && want[i].seq == seq {
					continue
				}
				e := seqID{seq, -seq}
				q.insert(e)
				want = slices.Insert(want, i, e)
			case c < 7:
				q.remove(want[0].seq)
				want = want[1:]
			case c < 8:
				q.remove(want[len(want)-1].seq)
				want = want[:len(want)-1]
			default:
				i := r.Intn(len(want))
				q.remove(want[i].seq)
				want = slices.Delete(want, i, i+1)
			}
			var got []seqID
			for _, b := range q.blocks {
				if b.len() <= 0 || b.len() > tieBlockLen || b.lo < 0 || int(b.hi) > len(b.e) {
					t.Fatalf("trial %d op %d: a block of entries %d to %d of %d", trial, op, b.lo, b.hi, len(b.e))
				}
				got = append(got, b.e[b.lo:b.hi]...)
			}
			if nb := len(q.blocks); nb == 0 && (q.front != nil || q.back != nil) || nb > 0 && (q.front != q.blocks[0] || q.back != q.blocks[nb-1]) {
				t.Fatalf("trial %d op %d: front and back are not the first and last of %d blocks", trial, op, nb)
			}
			if q.n != len(want) || !slices.Equal(got, want) {
				t.Fatalf("trial %d op %d: queue %v (n %d), want %v", trial, op, got, q.n, want)
			}
		}
	}
}
