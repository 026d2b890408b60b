package stepper

// stepTies is what a step found of the open nodes that tie with the node
// it selected, for its event: the frontier's answer (frontier.ties),
// and what the last event's Ties let the next answer keep.
type stepTies struct {
	buf  []int32 // the ids the frontier appended
	kept int     // how many of the last list's ids, from its second, come first
	// have is the length of the last list handed out (tieLog.last), if
	// it is the answer to the frontier's last call; else 0
	have int
	// keyed: the frontier listed the whole list (kept 0) in pop order,
	// under the high-g or low-h rule, and firstTie and lastTie are the
	// tie keys its first and last had then, when the heap had made fixes
	// re-keys: the least and the largest of the list's (tieDecided)
	keyed             bool
	firstTie, lastTie float64
	fixes             uint64
}

// collectTies lists the open nodes that tie with id, the node just
// selected, for the event: those of the same priority; for local beam,
// whose key is (layer, f), those of the same layer and f. Only the event
// made from this step keeps its list (listTies): a step without one, or
// an event never filled, leaves have 0, and the frontier then lists from
// the start.
func (e *engine[S]) collectTies(ev *Event, id int32) {
	t := &e.ties
	have := t.have
	t.buf, t.kept, t.have = t.buf[:0], 0, 0
	if ev == nil || e.noTies {
		return
	}
	k, ok := e.front.lastPopped()
	if !ok {
		k = e.nodeKey(id)
	}
	t.buf, t.kept, ev.TieCount = e.front.ties(k, e.o.Local, t.buf, MaxTies, have)
	t.keyed = false
	if len(t.buf) > 0 && t.kept == 0 && !e.o.Local && (e.o.Tie == TieHighG || e.o.Tie == TieLowH) {
		if h, ok := e.front.(*heapFrontier); ok && h.tw != nil {
			t.firstTie = h.items[h.pos[t.buf[0]]].tie
			t.lastTie = h.items[h.pos[t.buf[len(t.buf)-1]]].tie
			t.fixes, t.keyed = h.tw.fixes, true
		}
	}
}

// listTies is the event's Ties from what collectTies found, nil if none.
// O(ids the frontier appended) when it kept the rest, else as tieLog.list.
func (e *engine[S]) listTies() []int {
	t := &e.ties
	if len(t.buf) == 0 && t.kept == 0 {
		return nil
	}
	l := e.slabs.ties.extend(t.kept, t.buf)
	t.have = len(l)
	return l
}
