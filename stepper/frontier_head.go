package stepper

import "slices"

// head appends to dst the ids of the first n entries in pop order without
// moving any. It answers from the head window (headWindow), which it
// refills by a best-first walk of the heap only when the window holds
// fewer than n entries and the frontier has more: O(n) a call, plus
// O(n log n) once for every n or so entries the steps take from the
// window; whatever the frontier's size.
func (h *heapFrontier) head(n int, dst []int) []int {
	if n <= 0 || len(h.items) == 0 {
		return dst
	}
	w := h.hw
	if w == nil {
		w = &headWindow{}
		h.hw = w
	}
	if !w.ok || !w.complete && len(w.items) < n || len(w.items) > 4*n+headWindowMin {
		w.fill(h, n)
	}
	for _, it := range w.items[:min(n, len(w.items))] {
		dst = append(dst, int(it.id))
	}
	return dst
}

// headWindow is the frontier's first entries in pop order, kept up to
// date by push, remove, fix and clear once head has been asked (until
// then the frontier pays nothing for it). Invariant, when ok: items are
// exactly the entries that sort at or before bound, in pop order, or
// every entry when complete. An entry pushed after bound stays out of
// the window; one pushed before goes in, at its place (O(window)); the
// window is cut back to want entries when it holds twice as many, and
// refilled when head asks for more than it holds.
type headWindow struct {
	items    []heapItem
	bound    heapItem
	complete bool
	ok       bool
	want     int
	cand     []headCand // the walk's candidates, kept for the next fill
}

// headWindowMin is the fewest entries a fill takes.
const headWindowMin = 32

// fill makes the window the first 2n entries (at least headWindowMin)
// of h: a best-first walk of the heap that keeps the entries it may take
// next (the children of those taken) in a small binary min-heap of
// candidates, each a copy of its entry with its index. The smallest entry
// not yet taken is always a candidate, since every entry sorts after its
// parent. O(n log n), whatever the frontier's size.
func (w *headWindow) fill(h *heapFrontier, n int) {
	w.want = max(2*n, headWindowMin)
	w.items, w.ok = w.items[:0], true
	cand := append(w.cand[:0], headCand{h.items[0], 0})
	for len(cand) > 0 && len(w.items) < w.want {
		i := int(cand[0].at)
		w.items = append(w.items, cand[0].heapItem)
		first := arity*i + 1
		last := min(first+arity, len(h.items))
		if first >= last {
			cand[0] = cand[len(cand)-1]
			cand = cand[:len(cand)-1]
			h.candDown(cand)
			continue
		}
		cand[0] = headCand{h.items[first], int32(first)}
		h.candDown(cand)
		for c := first + 1; c < last; c++ {
			cand = append(cand, headCand{h.items[c], int32(c)})
			h.candUp(cand)
		}
	}
	w.cand = cand[:0]
	w.complete = len(w.items) == len(h.items)
	if !w.complete {
		w.bound = w.items[len(w.items)-1]
	}
}

// find is where entry it is, or would be, in the window. O(log window).
func (w *headWindow) find(h *heapFrontier, it heapItem) (int, bool) {
	return slices.BinarySearchFunc(w.items, it, func(a, b heapItem) int {
		switch {
		case h.less(&a, &b):
			return -1
		case h.less(&b, &a):
			return 1
		}
		return 0
	})
}

// added notes that it went on the frontier. O(window) when it sorts
// within the window, O(1) otherwise.
func (w *headWindow) added(h *heapFrontier, it heapItem) {
	if !w.ok || !w.complete && !h.less(&it, &w.bound) {
		return
	}
	i, _ := w.find(h, it)
	w.items = slices.Insert(w.items, i, it)
	if len(w.items) > 2*w.want {
		w.items = w.items[:w.want]
		w.bound, w.complete = w.items[w.want-1], false
	}
}

// removed notes that it left the frontier. O(window) when it was in the
// window, O(1) otherwise. An entry the window should hold and does not
// (which no sequence of frontier operations makes) drops the window, so
// the next head walks the heap again.
func (w *headWindow) removed(h *heapFrontier, it heapItem) {
	if !w.ok || !w.complete && h.less(&w.bound, &it) {
		return
	}
	i, found := w.find(h, it)
	if !found || w.items[i].id != it.id {
		w.ok = false
		return
	}
	w.items = slices.Delete(w.items, i, i+1)
}

// reset notes that the frontier was emptied.
func (w *headWindow) reset() { w.items, w.complete, w.ok = w.items[:0], true, true }

// headCand is an entry of the heap that a walk may take next, and its
// index.
type headCand struct {
	heapItem
	at int32
}

// candDown moves cand[0] down to its place in the binary heap cand.
// O(log len(cand)).
func (h *heapFrontier) candDown(cand []headCand) {
	i, n := 0, len(cand)
	if n == 0 {
		return
	}
	x := cand[0]
	for {
		j := 2*i + 1
		if j >= n {
			break
		}
		if j+1 < n && h.less(&cand[j+1].heapItem, &cand[j].heapItem) {
			j++
		}
		if !h.less(&cand[j].heapItem, &x.heapItem) {
			break
		}
		cand[i] = cand[j]
		i = j
	}
	cand[i] = x
}

// candUp moves the last of cand up to its place. O(log len(cand)).
func (h *heapFrontier) candUp(cand []headCand) {
	j := len(cand) - 1
	x := cand[j]
	for j > 0 {
		i := (j - 1) / 2
		if !h.less(&x.heapItem, &cand[i].heapItem) {
			break
		}
		cand[j] = cand[i]
		j = i
	}
	cand[j] = x
}
