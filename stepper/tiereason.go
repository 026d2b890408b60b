package stepper

import "strconv"

// tieReason says why the expanded node won, whose key is wk, beat the
// open nodes it tied with (e.tieBuf, listed by the step): what tied, and
// the rule that decided. It reads the tied nodes' tie keys from the
// frontier, not from their heuristics, and writes the sentence into the
// events' byte slab: O(ties), no allocation of its own.
func (e *engine[S]) tieReason(won int32, wk Key) string {
	b := e.slabs.text.space(tieReasonRoom + len(e.o.Tie))
	if e.o.Local {
		b = append(b, "layer "...)
		b = appendNumber(b, wk.Priority)
		b = append(b, " and f "...)
		b = appendNumber(b, wk.Tie)
	} else {
		b = append(b, "priority "...)
		b = appendNumber(b, wk.Priority)
	}
	b = append(b, " tied with "...)
	b = strconv.AppendInt(b, int64(len(e.tieBuf)), 10)
	b = append(b, " open node"...)
	if len(e.tieBuf) != 1 {
		b = append(b, 's')
	}
	b = append(b, "; "...)
	switch {
	case e.o.Tie == TieHighG && e.tieDecided(wk.Tie):
		b = append(b, "tie rule high-g: its g "...)
		b = appendNumber(b, e.nodes.at(won).g)
		b = append(b, " is the largest"...)
	case e.o.Tie == TieLowH && e.tieDecided(wk.Tie):
		b = append(b, "tie rule low-h: its h "...)
		b = appendNumber(b, wk.Tie)
		b = append(b, " is the smallest"...)
	case e.o.Tie == TieLIFO:
		b = append(b, "tie rule lifo: inserted last (seq "...)
		b = strconv.AppendInt(b, int64(wk.Seq), 10)
		b = append(b, ')')
	case e.o.Tie == TieFIFO:
		b = append(b, "tie rule fifo: inserted first (seq "...)
		b = strconv.AppendInt(b, int64(wk.Seq), 10)
		b = append(b, ')')
	default:
		b = append(b, "tie rule "...)
		b = append(b, e.o.Tie...)
		b = append(b, " left a tie, broken by insertion order: inserted first (seq "...)
		b = strconv.AppendInt(b, int64(wk.Seq), 10)
		b = append(b, ')')
	}
	return e.slabs.text.keep(b)
}

// tieReasonRoom bounds a tie reason's length but for the tie rule's name:
// the longest fixed text and three numbers.
const tieReasonRoom = 192

// tieDecided reports whether the tie rule's key told the winner, whose
// tie key is tie, from one of the nodes it tied with (local beam's tie key
// is part of what tied, so there it never decides).
func (e *engine[S]) tieDecided(tie float64) bool {
	if e.o.Local {
		return false
	}
	h, _ := e.front.(*heapFrontier)
	for _, t := range e.tieBuf {
		k := float64(0)
		if h != nil && int(t) < len(h.pos) && h.pos[t] >= 0 {
			k = h.items[h.pos[t]].tie // the node's key, kept up to date by fix
		} else {
			k = e.publicKey(t).Tie // no longer open (beam search pruned it)
		}
		if k != tie {
			return true
		}
	}
	return false
}
