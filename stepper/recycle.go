package stepper

import "sync"

// A caller that runs many searches one after another (stepviz scen's
// rows, thousands of them on one map) releases each search when done
// with it, and the next best-first search of the same state type starts
// on the memory it held: its node chunks, its dense seen set, its heap
// and its forward-only step index. That spares allocating and clearing
// them again, O(states of the map) a row, and the collections and page
// faults that follow.

// Release hands the memory s holds to the next search started in this
// process; s must not be used afterwards (its methods panic). Results
// read before (Status, Cost, Counters, Path, Snapshot, events) stay
// valid: none of them points into the memory released. O(open nodes).
func (s *Search) Release() {
	if r, ok := s.eng.(interface{ release() }); ok {
		r.release()
	}
	s.eng = nil
}

// spare is the memory of a released best-first engine of state type S.
type spare[S comparable] struct {
	chunks [][]node[S] // every chunk of length 0
	dense  []int32
	bits   []uint64
	items  []heapItem          // of length 0
	pos    []int32             // every entry -1
	past   blockLog[stepIndex] // empty, its blocks kept
}

// spares holds *spare[S] for the state type of the last searches
// released; one of another state type is dropped when taken.
var spares sync.Pool

func (e *engine[S]) release() {
	sp := &spare[S]{}
	e.nodes.truncate(0)
	sp.chunks = e.nodes.chunks
	e.past.empty()
	sp.past = e.past
	if e.seen != nil && e.seen.dense != nil {
		sp.dense, sp.bits = e.seen.dense, e.seen.bits
	}
	if h, ok := e.front.(*heapFrontier); ok {
		h.clear()
		sp.items, sp.pos = h.items, h.pos
	}
	*e = engine[S]{}
	spares.Put(sp)
}

// takeSpare gives e the memory of a released engine of its state type,
// if there is one: its node chunks and step index now, the rest for the
// seen set and the heap that init makes (seenDense, heapMemory).
func (e *engine[S]) takeSpare() {
	sp, ok := spares.Get().(*spare[S])
	if !ok {
		return
	}
	e.nodes.chunks = sp.chunks
	e.past = sp.past
	e.spare = sp
}

// seenDense is the slice and bits of a dense seen set of n states, from
// the spare when they fit (the bits cleared: O(n/32)), else new.
func (sp *spare[S]) seenDense(n int) ([]int32, []uint64) {
	words := (2*n + 63) / 64
	if sp == nil || cap(sp.dense) < n || cap(sp.bits) < words {
		return make([]int32, n), make([]uint64, words)
	}
	bits := sp.bits[:words]
	clear(bits)
	dense := sp.dense[:n]
	sp.dense, sp.bits = nil, nil
	return dense, bits
}

// heapMemory is the items and positions of a new heap: the spare's,
// emptied, or none.
func (sp *spare[S]) heapMemory() ([]heapItem, []int32) {
	if sp == nil {
		return nil, nil
	}
	items, pos := sp.items, sp.pos
	sp.items, sp.pos = nil, nil
	return items, pos
}
