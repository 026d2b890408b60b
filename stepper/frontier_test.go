package stepper

import (
	"math/rand"
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
