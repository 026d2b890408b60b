package stepper

// stateIndexer is implemented by problems whose states map one to one onto
// 0..StateCount()-1 (grid cells, graph nodes, the boards of a small
// puzzle). The engine then remembers reached states in a slice instead of
// a hash map: an index instead of a hash per generated child, and 4 bytes
// a possible state instead of a map entry a reached one.
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
// 8-puzzle's 9!: 1.45 MB, pages the search never touches never mapped),
// and so never hashes a state.
const (
	denseUpFront   = 1 << 18
	forwardUpFront = 1 << 20
	denseShare     = 8
)

// seenSet maps each reached state to its node (graph search): the node
// made when the state was first reached, for the whole search. It is never
// undone: the cursor may stand before the horizon, and a state's node is
// the same whenever it is asked.
type seenSet[S comparable] struct {
	index func(S) int
	count int     // StateCount, when index is set
	dense []int32 // node+1 by state index, 0 if not reached
	m     map[S]int32
}

// newSeenSet makes the seen set of a search of p; upFront is the most
// states whose slice it allocates at once (denseUpFront, forwardUpFront).
func newSeenSet[S comparable](p Problem[S], upFront int) *seenSet[S] {
	if ix, ok := p.(stateIndexer[S]); ok && ix.StateCount() <= maxDenseStates {
		t := &seenSet[S]{index: ix.StateIndex, count: ix.StateCount()}
		if t.count <= upFront {
			t.dense = make([]int32, t.count)
		} else {
			t.m = make(map[S]int32)
		}
		return t
	}
	return &seenSet[S]{m: make(map[S]int32)}
}

// get returns the node of s. O(1).
func (t *seenSet[S]) get(s S) (int32, bool) {
	if t.dense != nil {
		id := t.dense[t.index(s)]
		return id - 1, id != 0
	}
	id, ok := t.m[s]
	return id, ok
}

// put records that node id holds s. O(1) amortized: the move from map to
// slice costs O(states reached) once.
func (t *seenSet[S]) put(s S, id int32) {
	if t.dense != nil {
		t.dense[t.index(s)] = id + 1
		return
	}
	t.m[s] = id
	if t.index != nil && len(t.m) > t.count/denseShare {
		t.dense = make([]int32, t.count)
		for s, id := range t.m {
			t.dense[t.index(s)] = id + 1
		}
		t.m = nil
	}
}

// find is get that also returns where s goes, for putAt: its index when
// the set is a slice, -1 otherwise. It spares put the state's index a
// second time. O(1).
func (t *seenSet[S]) find(s S) (id int32, ok bool, slot int) {
	if t.dense != nil {
		slot = t.index(s)
		id := t.dense[slot]
		return id - 1, id != 0, slot
	}
	id, ok = t.m[s]
	return id, ok, -1
}

// putAt is put for a state whose slot find returned, the set unchanged
// since.
func (t *seenSet[S]) putAt(slot int, s S, id int32) {
	if slot >= 0 && t.dense != nil {
		t.dense[slot] = id + 1
		return
	}
	t.put(s, id)
}
