package stepper

import "slices"

// StepInto performs exactly one expansion, as Step does, and writes its
// event into *ev instead of returning a new one; it returns false, and
// leaves *ev as it was, when the search is already done. It is for a
// consumer that reads each event once and keeps nothing of it (a trace
// written forward, a loop that counts), as io.Reader's Read fills the
// caller's buffer: the events it writes are equal to Step's, field for
// field.
//
// Ownership: *ev is the caller's, and StepInto may write into the memory
// of the slices it holds and of what its pointers reach (today Children,
// and the depth-first family's Deepening with its slices and bounds; the
// contract covers every slice and pointer of the event). So whatever the
// caller kept that shares that memory — ev.Children itself, a sub-slice
// of it, a pointer to one of its elements, ev.Deepening — is overwritten
// by the next call. Values copied out of the event stay valid: a Child or
// a NodeInfo copied, and every Text (a Text holds its own copy of what it
// is written from, whatever the search does next). A consumer that must
// keep an event whole calls Step, or copies the slices it keeps.
//
// Cost: as Step's, except that an event whose Children has the capacity
// for the step's children takes them there (cleared first, O(children))
// instead of from new memory, and a Deepening is written into the one the
// event holds: once the capacities have grown to the largest step's, a
// step allocates no children and no Deepening, which is most of what a
// stepped best-first search allocates beyond Run.
func (s *Search) StepInto(ev *Event) bool {
	if s.eng.state().Done() {
		return false
	}
	if ev.Deepening != nil {
		if r, ok := s.eng.(deepeningReuser); ok {
			r.reuseDeepening(ev.Deepening)
		}
	}
	*ev = Event{Children: ev.Children[:0]}
	s.eng.advance(ev)
	s.eng.fill(ev)
	return true
}

// deepeningReuser is an engine whose events carry a Deepening, which
// its next fill can write into (the depth-first family's): the
// Deepening struct, the capacity of its slices and its limit's and
// thresholds' memory.
type deepeningReuser interface {
	reuseDeepening(d *Deepening)
}

// eventChildren makes ev.Children n zero children for an engine's fill
// to write, in the memory ev.Children already has when its capacity holds
// n (an event that StepInto fills), and reports whether it did; with
// false, ev.Children is left for the engine to take from fresh memory (a
// Step's event holds none). O(n) clearing.
func eventChildren(ev *Event, n int) bool {
	if ev.Children == nil || cap(ev.Children) < n {
		return false
	}
	ev.Children = ev.Children[:n]
	clear(ev.Children)
	return true
}

// Clone returns a copy of ev that shares no memory with it: its slices
// (Children, Ties, Path) and what its pointers reach (Deepening with its
// slices and bounds, Bidirectional, Beam with its pruned list) are copied;
// Texts, which are values, are shared. It is how a consumer that steps
// with StepInto keeps one event past the next call. O(size of ev).
func (ev *Event) Clone() Event {
	c := *ev
	c.Children = slices.Clone(ev.Children)
	c.Ties = slices.Clone(ev.Ties)
	c.Path = slices.Clone(ev.Path)
	if d := ev.Deepening; d != nil {
		dc := *d
		dc.Limit = clonePtr(d.Limit)
		dc.Threshold, dc.NextThreshold = clonePtr(d.Threshold), clonePtr(d.NextThreshold)
		dc.FLimit, dc.SelectedF, dc.NextLimit = clonePtr(d.FLimit), clonePtr(d.SelectedF), clonePtr(d.NextLimit)
		dc.NextNode = clonePtr(d.NextNode)
		dc.Current, dc.FLimits, dc.Backups = slices.Clone(d.Current), slices.Clone(d.FLimits), slices.Clone(d.Backups)
		c.Deepening = &dc
	}
	if b := ev.Bidirectional; b != nil {
		bc := *b
		c.Bidirectional = &bc
	}
	if b := ev.Beam; b != nil {
		bc := *b
		bc.Pruned = slices.Clone(b.Pruned)
		c.Beam = &bc
	}
	return c
}

// clonePtr is a pointer to a copy of *p, or nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
