package stepper

import (
	"math"
	"math/rand"
	"slices"
	"sort"
	"testing"
)

// TestHeapPopsInKeyOrder pushes, re-keys and removes at random, undoes
// some of it, and checks the heap pops exactly the sorted order of what is
// left, under both insertion-order directions.
func TestHeapPopsInKeyOrder(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	for _, lifo := range []bool{false, true} {
		for trial := 0; trial < 200; trial++ {
			h := &heapFrontier{lifo: lifo}
			keys := map[int32]key{}
			n := 1 + r.Intn(300)
			for id := int32(0); id < int32(n); id++ {
				k := key{prio: float64(r.Intn(8)), tie: float64(r.Intn(3)), seq: id}
				h.push(id, k)
				keys[id] = k
			}
			for i := 0; i < n/3; i++ {
				id := int32(r.Intn(n))
				if _, ok := keys[id]; !ok {
					continue
				}
				switch r.Intn(3) {
				case 0: // decrease-key
					k := keys[id]
					k.prio -= float64(r.Intn(3))
					h.fix(id, k)
					keys[id] = k
				case 1: // undo of its push
					h.unpush(id)
					delete(keys, id)
				case 2: // a pop and its undo leave the heap as it was
					top := h.pop()
					h.unpop(top, keys[top])
				}
			}
			want := make([]int32, 0, len(keys))
			for id := range keys {
				want = append(want, id)
			}
			sort.Slice(want, func(i, j int) bool {
				a, b := keys[want[i]], keys[want[j]]
				x, y := heapItem{a, want[i]}, heapItem{b, want[j]}
				return h.less(&x, &y)
			})
			for i, id := range want {
				if got := h.pop(); got != id {
					t.Fatalf("lifo=%v trial %d: pop %d = node %d, want %d", lifo, trial, i, got, id)
				}
			}
			if h.len() != 0 {
				t.Fatalf("%d left after popping every node", h.len())
			}
		}
	}
}

// tiesByWalk is the definition ties must agree with: the first limit
// entries of k's group in pop order, by a best-first walk from the root,
// and the number of all of them up to MaxTieCount, by a walk of the
// group's subtree.
func tiesByWalk(h *heapFrontier, k key, withTie bool, limit int) ([]int32, int) {
	same := func(i int) bool { return h.items[i].prio == k.prio && (!withTie || h.items[i].tie == k.tie) }
	var out []int32
	if len(h.items) == 0 || !same(0) {
		return out, 0
	}
	cand := []int{0}
	for len(cand) > 0 && len(out) < limit {
		best := 0
		for c := range cand {
			if h.less(&h.items[cand[c]], &h.items[cand[best]]) {
				best = c
			}
		}
		i := cand[best]
		cand[best] = cand[len(cand)-1]
		cand = cand[:len(cand)-1]
		out = append(out, h.items[i].id)
		for c := arity*i + 1; c <= arity*i+arity && c < len(h.items); c++ {
			if same(c) {
				cand = append(cand, c)
			}
		}
	}
	count := 0
	var walk func(i int)
	walk = func(i int) {
		if i >= len(h.items) || !same(i) || count >= MaxTieCount {
			return
		}
		count++
		for c := arity*i + 1; c <= arity*i+arity; c++ {
			walk(c)
		}
	}
	walk(0)
	return out, count
}

// TestHeapTiesMatchWalk drives the heap at random through pushes, pops,
// re-keys, undone pushes and undone pops, asks for the ties after each pop
// as a step does, and checks the tie window agrees with the walk every
// time: same list, same count, under both insertion orders and both tie
// groupings, with groups small and large enough to overflow the head, and
// with tie keys all 0 (seqTies: the window's queues) or not.
func TestHeapTiesMatchWalk(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for _, lifo := range []bool{false, true} {
		for _, withTie := range []bool{false, true} {
			for trial := 0; trial < 90; trial++ {
				seqTies := trial%3 == 0
				o := newHeapOps(lifo, seqTies)
				prios, ties := 1+r.Intn(6), 1+r.Intn(3)
				if seqTies {
					ties = 1
				}
				for op := 0; op < 3000; op++ {
					switch c := r.Intn(10); {
					case c < 5 || len(o.keys) == 0:
						o.push(r, prios, ties)
					case c < 8:
						id, k := o.pop()
						gotIDs, _, gotN := o.h.ties(k, withTie, nil, MaxTies, 0)
						wantIDs, wantN := tiesByWalk(o.h, k, withTie, MaxTies)
						if gotN != wantN || !slices.Equal(gotIDs, wantIDs) {
							t.Fatalf("lifo=%v withTie=%v seqTies=%v trial %d op %d: ties = %v (%d), want %v (%d)", lifo, withTie, seqTies, trial, op, gotIDs, gotN, wantIDs, wantN)
						}
						if r.Intn(4) == 0 { // the pop undone
							o.unpop(id, k)
						}
					case c < 9:
						o.rekey(func(k key) key { k.prio -= float64(r.Intn(2)); return k }) // decrease-key
					default:
						o.unpushRecent(r)
					}
				}
			}
		}
	}
}

// TestTieGroupSignedZero: -0 and +0 priorities tie, as the heap compares
// them, so the tie counts must key them alike.
func TestTieGroupSignedZero(t *testing.T) {
	neg := tieGroup{prio: math.Copysign(0, -1), tie: math.Copysign(0, -1)}
	if neg.bits() != (tieGroup{}).bits() {
		t.Errorf("bits of -0 = %x, of +0 = %x: want equal", neg.bits(), tieGroup{}.bits())
	}
}
