package stepper

// stateIndexer is implemented by problems whose states map one to one onto
// 0..StateCount()-1 (grid cells, graph nodes). The engine then remembers
// reached states in a slice instead of a hash map: an index instead of a
// hash per generated child.
type stateIndexer[S comparable] interface {
	StateIndex(s S) int
	StateCount() int
}

// maxDenseStates caps the slice a dense seen set may allocate up front.
const maxDenseStates = 1 << 24

// seenSet maps each reached state to its node (graph search): the node
// made when the state was first reached, for the whole search. It is never
// undone: the cursor may stand before the horizon, and a state's node is
// the same whenever it is asked.
type seenSet[S comparable] struct {
	index func(S) int
	dense []int32 // node+1 by state index, 0 if not reached
	m     map[S]int32
}

func newSeenSet[S comparable](p Problem[S]) *seenSet[S] {
	if ix, ok := p.(stateIndexer[S]); ok && ix.StateCount() <= maxDenseStates {
		return &seenSet[S]{index: ix.StateIndex, dense: make([]int32, ix.StateCount())}
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

// put records that node id holds s. O(1) amortized.
func (t *seenSet[S]) put(s S, id int32) {
	if t.dense != nil {
		t.dense[t.index(s)] = id + 1
		return
	}
	t.m[s] = id
}
