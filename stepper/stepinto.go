package stepper

// StepInto performs exactly one expansion, as Step does, and writes its
// event into *ev instead of returning a new one; it returns false, and
// leaves *ev as it was, when the search is already done. It is for a
// consumer that reads each event once and keeps nothing of it (a trace
// written forward, a loop that counts), as io.Reader's Read fills the
// caller's buffer: the events it writes are equal to Step's, field for
// field.
//
// Ownership: *ev is the caller's, and StepInto may write into the memory
// of the slices it holds (today Children; the contract covers every slice
// of the event and every struct its pointers reach). So whatever the
// caller kept that shares that memory — ev.Children itself, a sub-slice
// of it, a pointer to one of its elements, ev.Deepening — is overwritten
// by the next call. Values copied out of the event stay valid: a Child or
// a NodeInfo copied, and every Text (a Text holds its own copy of what it
// is written from, whatever the search does next). A consumer that must
// keep an event whole calls Step, or copies the slices it keeps.
//
// Cost: as Step's, except that an event whose Children has the capacity
// for the step's children takes them there (cleared first, O(children))
// instead of from new memory: once the capacity has grown to the
// largest step's, a step allocates no children at all, which is most of
// what a stepped best-first search allocates beyond Run.
func (s *Search) StepInto(ev *Event) bool {
	if s.eng.state().Done() {
		return false
	}
	*ev = Event{Children: ev.Children[:0]}
	s.eng.advance(ev)
	s.eng.fill(ev)
	return true
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
