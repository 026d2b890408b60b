package stepper

// head appends to dst the ids of the first n entries in pop order without
// moving any: a best-first walk of the heap that keeps the entries it may
// take next (the children of those taken) in a small binary min-heap of
// indices. The smallest entry not yet taken is always one of them, since
// every entry sorts after its parent. O(n log n) comparisons, whatever
// the frontier's size; no allocation beyond dst's growth for n up to
// headStack/arity.
func (h *heapFrontier) head(n int, dst []int) []int {
	if n <= 0 || len(h.items) == 0 {
		return dst
	}
	var stack [headStack]int32
	cand := append(stack[:0], 0)
	for len(cand) > 0 && n > 0 {
		i := int(cand[0])
		dst = append(dst, int(h.items[i].id))
		n--
		if n == 0 {
			break
		}
		first := arity*i + 1
		last := min(first+arity, len(h.items))
		if first >= last {
			cand[0] = cand[len(cand)-1]
			cand = cand[:len(cand)-1]
			h.candDown(cand)
			continue
		}
		cand[0] = int32(first)
		h.candDown(cand)
		for c := first + 1; c < last; c++ {
			cand = append(cand, int32(c))
			h.candUp(cand)
		}
	}
	return dst
}

// headStack is how many candidates head holds before its list of them
// moves to the heap: a walk of n entries holds at most (arity-1)·n + 1.
const headStack = 256

// candDown moves cand[0] down to its place in the binary heap cand,
// ordered by the entries the indices point at. O(log len(cand)).
func (h *heapFrontier) candDown(cand []int32) {
	i, n := 0, len(cand)
	for {
		j := 2*i + 1
		if j >= n {
			return
		}
		if j+1 < n && h.less(&h.items[cand[j+1]], &h.items[cand[j]]) {
			j++
		}
		if !h.less(&h.items[cand[j]], &h.items[cand[i]]) {
			return
		}
		cand[i], cand[j] = cand[j], cand[i]
		i = j
	}
}

// candUp moves the last of cand up to its place. O(log len(cand)).
func (h *heapFrontier) candUp(cand []int32) {
	j := len(cand) - 1
	for j > 0 {
		i := (j - 1) / 2
		if !h.less(&h.items[cand[j]], &h.items[cand[i]]) {
			return
		}
		cand[i], cand[j] = cand[j], cand[i]
		j = i
	}
}
