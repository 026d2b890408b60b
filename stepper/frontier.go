package stepper

// frontier is the open list of a search. Every operation has an inverse so
// that a step can be undone: undoing the operations of a step in reverse
// order restores the frontier exactly.
type frontier interface {
	// push adds node id with its sort key. O(1) for FIFO and LIFO, O(log n) for the heap.
	push(id int32, k key)
	// pop removes and returns the next node to expand. It must not be called when empty.
	pop() int32
	// fix changes the key of an open node (decrease-key); a no-op for FIFO and LIFO.
	fix(id int32, k key)
	// unpush undoes the last push of id; unpop undoes the last pop, which returned id.
	unpush(id int32)
	unpop(id int32, k key)
	len() int
	// ids returns the open nodes in no particular order; callers must not keep it.
	ids() []int32
	// ties lists the first limit open nodes, in pop order, whose priority
	// equals k's (and, withTie, whose tie key equals k's too), and returns
	// how many there are in all. have is the length of the list the last
	// call gave, as the caller still holds it whole (0: it holds none). The
	// list is the last list's ids 1 to kept (kept <= have-1), followed by
	// the ids appended to buf; kept is 0 unless the frontier knows them
	// to be still first.
	ties(k key, withTie bool, buf []int32, limit, have int) (ids []int32, kept, n int)
	// clear empties the frontier, keeping its memory for reuse.
	clear()
	// lastPopped is the key of the node the last pop returned, if the
	// frontier keeps keys (the heap does: the key it ordered that node by).
	lastPopped() (key, bool)
}

// key is a node's sort key: priority, then the tie rule's key, then the
// insertion number (descending when lifo is set on the heap).
type key struct {
	prio, tie float64
	seq       int32
}

// fifoFrontier is a queue. Popped slots are kept so that unpop is O(1).
type fifoFrontier struct {
	q    []int32
	head int
}

func (f *fifoFrontier) push(id int32, _ key) { f.q = append(f.q, id) }
func (f *fifoFrontier) pop() int32 {
	id := f.q[f.head]
	f.head++
	return id
}
func (f *fifoFrontier) fix(int32, key)   {}
func (f *fifoFrontier) unpush(int32)     { f.q = f.q[:len(f.q)-1] }
func (f *fifoFrontier) unpop(int32, key) { f.head-- }
func (f *fifoFrontier) len() int         { return len(f.q) - f.head }
func (f *fifoFrontier) ids() []int32     { return f.q[f.head:] }
func (f *fifoFrontier) ties(_ key, _ bool, buf []int32, _, _ int) ([]int32, int, int) {
	return buf, 0, 0
}
func (f *fifoFrontier) clear()                  { f.q, f.head = f.q[:0], 0 }
func (f *fifoFrontier) lastPopped() (key, bool) { return key{}, false }

// lifoFrontier is a stack.
type lifoFrontier struct{ s []int32 }

func (f *lifoFrontier) push(id int32, _ key) { f.s = append(f.s, id) }
func (f *lifoFrontier) pop() int32 {
	id := f.s[len(f.s)-1]
	f.s = f.s[:len(f.s)-1]
	return id
}
func (f *lifoFrontier) fix(int32, key)        {}
func (f *lifoFrontier) unpush(int32)          { f.s = f.s[:len(f.s)-1] }
func (f *lifoFrontier) unpop(id int32, _ key) { f.s = append(f.s, id) }
func (f *lifoFrontier) len() int              { return len(f.s) }
func (f *lifoFrontier) ids() []int32          { return f.s }
func (f *lifoFrontier) ties(_ key, _ bool, buf []int32, _, _ int) ([]int32, int, int) {
	return buf, 0, 0
}
func (f *lifoFrontier) clear()                  { f.s = f.s[:0] }
func (f *lifoFrontier) lastPopped() (key, bool) { return key{}, false }

// reverseTop reverses the order of the k nodes on top of the stack. It is
// its own inverse, and unpush only truncates, so undo needs nothing. O(k).
func (f *lifoFrontier) reverseTop(k int) {
	top := f.s[len(f.s)-k:]
	for i, j := 0, len(top)-1; i < j; i, j = i+1, j-1 {
		top[i], top[j] = top[j], top[i]
	}
}

// heapItem is one entry of the priority frontier.
type heapItem struct {
	key
	id int32
}

// heapFrontier is a 4-ary min-heap on key: container/heap's algorithm with
// four children a node, which halves the levels a pop sifts through and
// keeps siblings in one cache line, written out so the comparison inlines.
// pos[id] is id's index in items, or -1, which makes fix and unpush
// O(log n). Keys are totally ordered (the
// insertion number is unique), so the pop order never depends on the
// heap's layout: that is what makes undo by re-insertion exact.
type heapFrontier struct {
	items []heapItem
	pos   []int32
	lifo  bool
	// seqTies: every tie key is 0 (neither the high-g nor the low-h tie
	// rule), so the entries of one priority pop in insertion order
	seqTies bool
	tw      *tieWindow  // nil until ties is first asked
	hw      *headWindow // nil until head is first asked (frontier_head.go)
	last    key         // the key of the last node popped
}

func (h *heapFrontier) less(a, b *heapItem) bool {
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	if a.tie != b.tie {
		return a.tie < b.tie
	}
	if h.lifo {
		return a.seq > b.seq
	}
	return a.seq < b.seq
}

func (h *heapFrontier) setPos(id int32, i int) {
	for int(id) >= len(h.pos) {
		h.pos = append(h.pos, -1)
	}
	h.pos[id] = int32(i)
}

// arity is the heap's number of children a node: the children of i are
// arity*i+1 ... arity*i+arity.
const arity = 4

// up and down move the entry at j (i) to its place with container/heap's
// moves, holding it aside while the entries it passes move into the hole,
// so that each level writes one entry and one position, not two: the
// layout is the one swapping would give.
func (h *heapFrontier) up(j int) {
	x := h.items[j]
	for j > 0 {
		i := (j - 1) / arity
		if !h.less(&x, &h.items[i]) {
			break
		}
		h.items[j] = h.items[i]
		h.pos[h.items[j].id] = int32(j)
		j = i
	}
	h.items[j] = x
	h.pos[x.id] = int32(j)
}

func (h *heapFrontier) down(i int) bool {
	i0, n := i, len(h.items)
	x := h.items[i]
	for {
		first := arity*i + 1
		if first >= n {
			break
		}
		j := first
		for c := first + 1; c < min(first+arity, n); c++ {
			if h.less(&h.items[c], &h.items[j]) {
				j = c
			}
		}
		if !h.less(&h.items[j], &x) {
			break
		}
		h.items[i] = h.items[j]
		h.pos[h.items[i].id] = int32(i)
		i = j
	}
	if i > i0 {
		h.items[i] = x
		h.pos[x.id] = int32(i)
	}
	return i > i0
}

func (h *heapFrontier) push(id int32, k key) {
	if h.hw != nil {
		h.hw.added(h, heapItem{k, id})
	}
	h.items = append(h.items, heapItem{k, id})
	h.setPos(id, len(h.items)-1)
	h.up(len(h.items) - 1)
	if tw := h.tw; tw != nil {
		if !tw.queued {
			tw.added(h, heapItem{k, id})
		} else if g := tw.groupOf(k); g.countable() {
			tw.queues.add(g.bits(), k.seq, id)
		}
	}
}

func (h *heapFrontier) remove(i int) int32 {
	n := len(h.items) - 1
	it := h.items[i]
	id := it.id
	if h.hw != nil {
		h.hw.removed(h, it)
	}
	if tw := h.tw; tw != nil {
		if !tw.queued {
			tw.removed(it)
		} else if g := tw.groupOf(it.key); g.countable() {
			tw.queues.remove(g.bits(), it.seq)
		}
	}
	if n != i {
		h.items[i] = h.items[n]
		h.pos[h.items[i].id] = int32(i)
	}
	h.items = h.items[:n]
	h.pos[id] = -1
	if n != i && !h.down(i) {
		h.up(i)
	}
	return id
}

func (h *heapFrontier) pop() int32 {
	h.last = h.items[0].key
	return h.remove(0)
}

func (h *heapFrontier) lastPopped() (key, bool) { return h.last, true }

func (h *heapFrontier) fix(id int32, k key) {
	i := int(h.pos[id])
	if h.tw != nil {
		h.tw.fixes++
		h.tw.removed(h.items[i])
		h.tw.added(h, heapItem{k, id})
	}
	if h.hw != nil {
		h.hw.removed(h, h.items[i])
		h.hw.added(h, heapItem{k, id})
	}
	h.items[i].key = k
	if !h.down(i) {
		h.up(i)
	}
}

func (h *heapFrontier) clear() {
	for _, it := range h.items {
		h.pos[it.id] = -1
	}
	h.items = h.items[:0]
	if h.tw != nil {
		h.tw.reset()
	}
	if h.hw != nil {
		h.hw.reset()
	}
}

func (h *heapFrontier) unpush(id int32)       { h.remove(int(h.pos[id])) }
func (h *heapFrontier) unpop(id int32, k key) { h.push(id, k) }
func (h *heapFrontier) len() int              { return len(h.items) }

func (h *heapFrontier) ids() []int32 {
	out := make([]int32, len(h.items))
	for i := range h.items {
		out[i] = h.items[i].id
	}
	return out
}

// ties lists the first limit open nodes of k's priority (withTie: and tie
// key) in pop order and counts all of them, up to MaxTieCount; k is the key
// of the node just popped, so every open node sorts at or after it. The
// answer comes from a tieWindow, made on the first call (O(n)) and kept up
// to date by every later heap operation: O(limit) a call, amortized, and
// O(1) when the queues keep all but the last list's first.
func (h *heapFrontier) ties(k key, withTie bool, buf []int32, limit, have int) ([]int32, int, int) {
	if h.tw == nil || h.tw.withTie != withTie {
		h.tw = newTieWindow(h, withTie)
	}
	return h.tw.ties(h, k, buf, limit, have)
}
