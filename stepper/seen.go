package stepper

// stateIndexer is implemented by problems whose states map one to one onto
// 0..StateCount()-1 (grid cells, graph nodes, the boards of a small
// puzzle). The engine then remembers reached states in a slice instead of
// a hash map: an index instead of a hash per generated child, and 4 bytes
// and 2 bits a possible state instead of a map entry a reached one.
type stateIndexer[S comparable] interface {
	StateIndex(s S) int
	StateCount() int
}

// maxDenseStates caps the slice a dense seen set may allocate.
const maxDenseStates = 1 << 24

// denseUpFront is the most states whose slice is allocated at once; a
// bigger space starts as a map and moves to the slice once the map holds
// a denseShare-th of the space, so a short search of a big space (a
// 3-move 8-puzzle) stays small while a viewer holds it. A forward-only
// search (Options.Forget), which lives as long as one command's run,
// takes the slice up front for spaces up to forwardUpFront states (the
// 8-puzzle's 9!: 1.45 MB of nodes and 90 KB of bits, pages the search
// never touches never mapped), and so never hashes a state.
const (
	denseUpFront   = 1 << 18
	forwardUpFront = 1 << 20
	denseShare     = 8
)

// seenSet maps each reached state to its node (graph search): the node
// made when the state was first reached, for the whole search. It is never
// undone: the cursor may stand before the horizon, and a state's node is
// the same whenever it is asked.
//
// A dense set keeps two bits a state beside the slice of nodes: reached,
// and expanded (markExpanded). The bits of a space of a few hundred
// thousand states fit in the processor's cache where the slice does not,
// so telling a duplicate from a new state, and an expanded duplicate from
// an open one, costs no read of the slice or of the node.
type seenSet[S comparable] struct {
	ix    stateIndexer[S] // p, if its states are numbered densely
	count int             // StateCount, when ix is set
	dense []int32         // node by state index, where the reached bit is set
	bits  []uint64        // state index i: bit 2i reached, bit 2i+1 expanded
	// expandedKnown: the expanded bits were kept from the start (the set
	// was dense from its creation), so expandedAt can answer
	expandedKnown bool
	m             map[S]int32
}

// newSeenSet makes the seen set of a search of p; upFront is the most
// states whose slice it allocates at once (denseUpFront, forwardUpFront),
// from sp's memory if sp is not nil and it fits.
func newSeenSet[S comparable](p Problem[S], upFront int, sp *spare[S]) *seenSet[S] {
	if ix, ok := p.(stateIndexer[S]); ok && ix.StateCount() <= maxDenseStates {
		t := &seenSet[S]{ix: ix, count: ix.StateCount()}
		if t.count <= upFront {
			t.dense, t.bits = sp.seenDense(t.count)
			t.expandedKnown = true
		} else {
			t.m = make(map[S]int32)
		}
		return t
	}
	return &seenSet[S]{m: make(map[S]int32)}
}

func (t *seenSet[S]) makeDense() {
	t.dense = make([]int32, t.count)
	t.bits = make([]uint64, (2*t.count+63)/64)
}

func (t *seenSet[S]) reachedAt(slot int) bool {
	return t.bits[slot>>5]&(1<<(2*uint(slot)&63)) != 0
}

func (t *seenSet[S]) setAt(slot int, id int32) {
	t.dense[slot] = id
	t.bits[slot>>5] |= 1 << (2 * uint(slot) & 63)
}

// get returns the node of s. O(1).
func (t *seenSet[S]) get(s S) (int32, bool) {
	if t.dense != nil {
		slot := t.ix.StateIndex(s)
		if !t.reachedAt(slot) {
			return 0, false
		}
		return t.dense[slot], true
	}
	id, ok := t.m[s]
	return id, ok
}

// put records that node id holds s. O(1) amortized: the move from map to
// slice costs O(states reached) once.
func (t *seenSet[S]) put(s S, id int32) {
	if t.dense != nil {
		t.setAt(t.ix.StateIndex(s), id)
		return
	}
	t.m[s] = id
	if t.ix != nil && len(t.m) > t.count/denseShare {
		t.makeDense()
		for s, id := range t.m {
			t.setAt(t.ix.StateIndex(s), id)
		}
		t.m = nil
	}
}

// find reports whether s was reached, and where s goes: its index when
// the set is dense, -1 otherwise (for putAt, nodeAt and expandedAt, which
// then spare a second index or hash). id is the node of s when the set
// has it at hand (a map), -1 when a reached state's node is to be read
// with nodeAt (a dense set tests one bit and leaves the slice to the
// callers that need the node). O(1).
func (t *seenSet[S]) find(s S) (id int32, ok bool, slot int) {
	if t.dense != nil {
		slot = t.ix.StateIndex(s)
		return -1, t.reachedAt(slot), slot
	}
	id, ok = t.m[s]
	return id, ok, -1
}

// nodeAt is the node of the reached state whose slot find returned (>= 0).
func (t *seenSet[S]) nodeAt(slot int) int32 { return t.dense[slot] }

// putAt is put for a state whose slot find returned, the set unchanged
// since.
func (t *seenSet[S]) putAt(slot int, s S, id int32) {
	if slot >= 0 && t.dense != nil {
		t.setAt(slot, id)
		return
	}
	t.put(s, id)
}

// markExpanded records that the node the set holds for s was expanded.
// The caller keeps the rule that makes the expanded bits true: a state's
// node is never replaced, and an expanded node is never reopened, so the
// bit of a reached state is set exactly when its node is closed at the
// horizon. No-op unless the set is dense. O(1): one index.
func (t *seenSet[S]) markExpanded(s S) {
	if t.expandedKnown {
		slot := t.ix.StateIndex(s)
		t.bits[slot>>5] |= 2 << (2 * uint(slot) & 63)
	}
}

// expandedAt reports whether the state at slot (find's, >= 0) is marked
// expanded; known is false when the set cannot tell (it was a map first).
func (t *seenSet[S]) expandedAt(slot int) (expanded, known bool) {
	if !t.expandedKnown || slot < 0 {
		return false, false
	}
	return t.bits[slot>>5]&(2<<(2*uint(slot)&63)) != 0, true
}
