package stepper

// head appends to dst the ids of the first n entries in pop order without
// moving any: a best-first walk of the heap that keeps the entries it may
// take next (the children of those taken) in a small binary min-heap of
// candidates, each a copy of its entry with its index, so that comparing
// two reads neither from the frontier's array. The smallest entry not yet
// taken is always a candidate, since every entry sorts after its parent.
// O(n log n) comparisons, whatever the frontier's size; no allocation
// beyond dst's growth while the candidates fit in headStack.
func (h *heapFrontier) head(n int, dst []int) []int {
	if n <= 0 || len(h.items) == 0 {
		return dst
	}
	var stack [headStack]headCand
	cand := append(stack[:0], headCand{h.items[0], 0})
	for {
		i := int(cand[0].at)
		dst = append(dst, int(cand[0].id))
		if n--; n == 0 {
			return dst
		}
		first := arity*i + 1
		last := min(first+arity, len(h.items))
		if first >= last {
			cand[0] = cand[len(cand)-1]
			if cand = cand[:len(cand)-1]; len(cand) == 0 {
				return dst
			}
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
}

// headCand is an entry of the heap that head may take next, and its index.
type headCand struct {
	heapItem
	at int32
}

// headStack is how many candidates head holds before its list of them
// moves to the heap: a walk of n entries holds at most (arity-1)·n + 1.
const headStack = 256

// candDown moves cand[0] down to its place in the binary heap cand.
// O(log len(cand)).
func (h *heapFrontier) candDown(cand []headCand) {
	i, n := 0, len(cand)
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
