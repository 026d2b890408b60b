package viz

// walker is the first walk of Buchheim, Jünger and Leipert's "Improving
// Walker's Algorithm to Run in Linear Time" (2002), without recursion so a
// 100,000-deep DFS tree cannot exhaust the stack. Nodes are int32 indexes
// into flat arrays; -1 is "none". The names follow the paper: prelim is the
// preliminary x, mod the shift a node passes to its subtree, thread the link
// to the next node on a contour, ancestor/shift/change the bookkeeping that
// spreads the small subtrees between two that were pushed apart.
type walker struct {
	off, kids []int32 // children of v: kids[off[v]:off[v+1]]
	par       []int32
	collapsed []bool // a collapsed node is laid out as a leaf

	prelim, mod, shift, change []float64
	thread, ancestor, number   []int32
}

// distance is the gap between neighbouring nodes: one slot.
const distance = 1.0

func (w *walker) children(v int32) []int32 {
	if w.collapsed[v] {
		return nil
	}
	return w.kids[w.off[v]:w.off[v+1]]
}

func (w *walker) nextLeft(v int32) int32 {
	if k := w.children(v); len(k) > 0 {
		return k[0]
	}
	return w.thread[v]
}

func (w *walker) nextRight(v int32) int32 {
	if k := w.children(v); len(k) > 0 {
		return k[len(k)-1]
	}
	return w.thread[v]
}

func (w *walker) leftSibling(v int32) int32 {
	if w.number[v] == 0 {
		return -1
	}
	return w.kids[w.off[w.par[v]]+w.number[v]-1]
}

// run lays out the tree rooted at the last of the n nodes (the virtual root).
func (w *walker) run(n int) {
	w.prelim = make([]float64, n)
	w.mod = make([]float64, n)
	w.shift = make([]float64, n)
	w.change = make([]float64, n)
	w.thread = make([]int32, n)
	w.ancestor = make([]int32, n)
	w.number = make([]int32, n)
	for v := range n {
		w.thread[v] = -1
		w.ancestor[v] = int32(v)
		for j, c := range w.kids[w.off[v]:w.off[v+1]] {
			w.number[c] = int32(j)
		}
	}
	defaultAncestor := make([]int32, n)
	next := make([]int32, n) // next child to visit
	stack := []int32{int32(n - 1)}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		k := w.children(v)
		if int(next[v]) < len(k) {
			if next[v] == 0 {
				defaultAncestor[v] = k[0]
			}
			stack = append(stack, k[next[v]])
			next[v]++
			continue
		}
		stack = stack[:len(stack)-1]
		w.finish(v, k)
		if p := w.par[v]; p >= 0 {
			defaultAncestor[p] = w.apportion(v, defaultAncestor[p])
		}
	}
}

// finish sets prelim and mod of v once its children are laid out.
func (w *walker) finish(v int32, k []int32) {
	left := w.leftSibling(v)
	if len(k) == 0 {
		if left >= 0 {
			w.prelim[v] = w.prelim[left] + distance
		}
		return
	}
	w.executeShifts(k)
	mid := (w.prelim[k[0]] + w.prelim[k[len(k)-1]]) / 2
	if left >= 0 {
		w.prelim[v] = w.prelim[left] + distance
		w.mod[v] = w.prelim[v] - mid
	} else {
		w.prelim[v] = mid
	}
}

// apportion pushes the subtree of v right until it clears every subtree to
// its left, level by level along the contours, and threads the contours for
// the levels only one side has.
func (w *walker) apportion(v, defaultAncestor int32) int32 {
	left := w.leftSibling(v)
	if left < 0 {
		return defaultAncestor
	}
	vip, vop := v, v
	vim := left
	vom := w.kids[w.off[w.par[v]]]
	sip, sop, sim, som := w.mod[vip], w.mod[vop], w.mod[vim], w.mod[vom]
	for {
		nr, nl := w.nextRight(vim), w.nextLeft(vip)
		if nr < 0 || nl < 0 {
			break
		}
		vim, vip = nr, nl
		vom, vop = w.nextLeft(vom), w.nextRight(vop)
		w.ancestor[vop] = v
		if s := (w.prelim[vim] + sim) - (w.prelim[vip] + sip) + distance; s > 0 {
			a := defaultAncestor
			if w.par[w.ancestor[vim]] == w.par[v] {
				a = w.ancestor[vim]
			}
			w.moveSubtree(a, v, s)
			sip += s
			sop += s
		}
		sim += w.mod[vim]
		sip += w.mod[vip]
		som += w.mod[vom]
		sop += w.mod[vop]
	}
	if w.nextRight(vim) >= 0 && w.nextRight(vop) < 0 {
		w.thread[vop] = w.nextRight(vim)
		w.mod[vop] += sim - sop
	}
	if w.nextLeft(vip) >= 0 && w.nextLeft(vom) < 0 {
		w.thread[vom] = w.nextLeft(vip)
		w.mod[vom] += sip - som
		defaultAncestor = v
	}
	return defaultAncestor
}

// moveSubtree shifts the subtree of wp right by s and records how the
// subtrees between wm and wp must follow (applied by executeShifts).
func (w *walker) moveSubtree(wm, wp int32, s float64) {
	subtrees := float64(w.number[wp] - w.number[wm])
	w.change[wp] -= s / subtrees
	w.shift[wp] += s
	w.change[wm] += s / subtrees
	w.prelim[wp] += s
	w.mod[wp] += s
}

// executeShifts applies, right to left, the shifts moveSubtree recorded for
// the children k of one node.
func (w *walker) executeShifts(k []int32) {
	var s, c float64
	for j := len(k) - 1; j >= 0; j-- {
		v := k[j]
		w.prelim[v] += s
		w.mod[v] += s
		c += w.change[v]
		s += w.shift[v] + c
	}
}
