package stepper

// heldLister is the depth-first engine's list of the nodes it holds.
type heldLister interface {
	heldIDs(dst []int) ([]int, bool)
}

// HeldIDs appends to dst the ids of the nodes the search holds, ascending,
// and reports true, for the depth-first family in the linear mode
// (Options.Linear or Checkpoint): the root and the children of each
// expanded node on the current path (RBFS: its frames' children), the
// nodes whose Record and Node are known; every other id below NodeEnd is
// dropped. Any other search holds every id below NodeEnd: dst comes back
// as it was, with false. O(the nodes held).
func (s *Search) HeldIDs(dst []int) ([]int, bool) {
	if d, ok := s.eng.(heldLister); ok {
		return d.heldIDs(dst)
	}
	return dst, false
}

func (e *dfEngine[S]) heldIDs(dst []int) ([]int, bool) {
	if !e.o.Linear || e.fast {
		return dst, false
	}
	e.eachHeldAfter(-1, func(id int32, _ *dfNode[S]) { dst = append(dst, int(id)) })
	return dst, true
}
