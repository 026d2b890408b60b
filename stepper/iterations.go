package stepper

// Iteration is one iteration of a search: ids and idastar make a new root
// for each (a new tree, ids from FirstID on); every other search has one.
type Iteration struct {
	Number    int `json:"number"`    // 1-based
	FirstID   int `json:"firstId"`   // its root's id
	Nodes     int `json:"nodes"`     // the ids it made: up to the next one's FirstID, or NodeEnd at the step asked for
	FirstStep int `json:"firstStep"` // the step that began it (0 for the first)
	LastStep  int `json:"lastStep"`  // its last step up to the step asked for
}

// iterTable is an engine that keeps a table of its iterations (the
// depth-first family, in every mode: journaled, Options.Forget, Linear and
// Checkpoint). The table holds one entry an iteration, in step order, the
// steps strictly increasing.
type iterTable interface {
	itersUpTo(k int) []dfIter
}

// Iterations lists the iterations begun by step k (clamped to 0 to
// Horizon()),
// read from the engine's table of iterations: the same list as reading
// IterStart(j) for every j from 0 to k and starting an iteration wherever
// it changes. The last one's LastStep is k and its Nodes NodeEnd(k) less
// its FirstID; an earlier one ends where the next begins. One iteration
// for a search without iterations. It moves nothing. O(iterations), not
// O(steps) (a search run by the fast path rebuilds its journal first, as
// Horizon does).
func (s *Search) Iterations(k int) []Iteration {
	d := s.delta()
	k = min(max(k, 0), d.horizon())
	tab := []dfIter{{}}
	if t, ok := d.(iterTable); ok {
		tab = t.itersUpTo(k)
	}
	its := make([]Iteration, len(tab))
	for i, it := range tab {
		its[i] = Iteration{Number: i + 1, FirstID: int(it.start), FirstStep: int(it.step)}
		if i > 0 {
			prev := &its[i-1]
			prev.LastStep, prev.Nodes = its[i].FirstStep-1, its[i].FirstID-prev.FirstID
		}
	}
	last := &its[len(its)-1]
	last.LastStep, last.Nodes = k, d.nodeEnd(k)-last.FirstID
	return its
}
