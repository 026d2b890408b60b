package stepper

import (
	"math/rand"
	"slices"
	"testing"
)

// TestHeapHeadIsPopOrder checks that head(n) lists the first n entries
// the heap would pop, for heads shorter than, as long as and longer than
// the frontier, under both insertion-order directions, with many equal
// priorities and after re-keys and removals have reshaped the heap; and
// that it moves nothing (a second call gives the same).
func TestHeapHeadIsPopOrder(t *testing.T) {
	r := rand.New(rand.NewSource(15))
	for _, lifo := range []bool{false, true} {
		for trial := 0; trial < 150; trial++ {
			h := &heapFrontier{lifo: lifo}
			size := r.Intn(400)
			for id := int32(0); id < int32(size); id++ {
				h.push(id, key{prio: float64(r.Intn(6)), tie: float64(r.Intn(3)), seq: id})
			}
			for i := 0; i < size/4; i++ {
				id := int32(r.Intn(size))
				if h.pos[id] < 0 {
					continue
				}
				if r.Intn(2) == 0 {
					h.unpush(id)
				} else {
					h.fix(id, key{prio: float64(r.Intn(6)), tie: float64(r.Intn(3)), seq: id})
				}
			}
			want := popOrder(h)
			for _, n := range []int{0, 1, 2, 5, 64, 300, len(want), len(want) + 3} {
				checkHead(t, h, n, want)
			}
		}
	}
}

// TestHeapHeadFollowsSteps asks for the head after every operation of
// long random runs of pushes, pops, re-keys, removals and clears, as a
// search and its undo make them, so that the head window is kept up to
// date, cut back and refilled many times; heads of other lengths now and
// then make it grow and shrink. Each head must be the first entries the heap would
// pop.
func TestHeapHeadFollowsSteps(t *testing.T) {
	r := rand.New(rand.NewSource(16))
	for _, lifo := range []bool{false, true} {
		for trial := 0; trial < 8; trial++ {
			h := &heapFrontier{lifo: lifo}
			var seq int32
			for op := 0; op < 3000; op++ {
				x, top := r.Intn(100), 20
				if op%1000 < 300 {
					x %= 45 // a phase of pushes: a frontier of hundreds
				}
				if op%1000 >= 600 && op%1000 < 800 {
					x, top = x%45, 1 // pushes ahead of the window's end: it is cut back
				}
				switch {
				case x < 45:
					h.push(seq, key{prio: float64(r.Intn(top)), tie: float64(r.Intn(2)), seq: seq})
					seq++
				case x < 75 && h.len() > 0:
					h.pop()
				case x < 90 && h.len() > 0:
					id := h.items[r.Intn(h.len())].id
					h.fix(id, key{prio: float64(r.Intn(20)), tie: float64(r.Intn(2)), seq: id})
				case h.len() > 0:
					h.unpush(h.items[r.Intn(h.len())].id)
				}
				if op == 1500 {
					h.clear()
				}
				n := 64
				switch {
				case op%500 == 250:
					n = 300
				case op%500 >= 400 && op%500 < 420:
					n = 1 + op%7
				}
				checkHead(t, h, n, popOrder(h))
			}
		}
	}
}

// popOrder is every id of h in the order pops take them, from a copy.
func popOrder(h *heapFrontier) []int {
	c := &heapFrontier{items: slices.Clone(h.items), pos: slices.Clone(h.pos), lifo: h.lifo}
	var out []int
	for c.len() > 0 {
		out = append(out, int(c.pop()))
	}
	return out
}

func checkHead(t *testing.T, h *heapFrontier, n int, order []int) {
	t.Helper()
	want := order[:min(n, len(order))]
	got := h.head(n, []int{-1})
	if got[0] != -1 || !slices.Equal(got[1:], want) {
		t.Fatalf("lifo %v, %d open: head(%d) = %v after dst's -1, want %v", h.lifo, h.len(), n, got, want)
	}
	if again := h.head(n, nil); !slices.Equal(again, want) {
		t.Fatalf("lifo %v, %d open: head(%d) a second time = %v, want %v", h.lifo, h.len(), n, again, want)
	}
}
