package stepper

import "strconv"

// tieNote is what a tie reason is written from: the winner's key, how
// many open nodes it tied with, and what decided.
type tieNote struct {
	key     Key
	g       float64 // the winner's g
	ties    int32
	decided bool // the tie rule's key told the winner from a tied node
}

// tieReason records why the expanded node won, whose key is wk, over the
// open nodes it tied with (the event's Ties, which listTies handed out
// last, e.slabs.ties.last, e.ties.have of them): what tied, and
// the rule that decided. O(1), but for a step under the high-g or low-h
// rule that re-keyed an open node: then O(ties) (tieDecided). The
// sentence is written only when asked (Text).
func (e *engine[S]) tieReason(won int32, wk Key) Text {
	nt := tieNote{key: wk, ties: int32(e.ties.have)}
	if !e.o.Local && (e.o.Tie == TieHighG || e.o.Tie == TieLowH) {
		nt.decided = e.tieDecided(wk.Tie)
		nt.g = e.nodes.at(won).g
	}
	return e.reasons.text(e.o.Tie, e.o.Local, nt)
}

// appendTieReason writes the sentence of nt, under tie rule rule (local:
// local beam search's). O(1).
func appendTieReason(b []byte, rule TieRule, local bool, nt *tieNote) []byte {
	wk := nt.key
	if local {
		b = append(b, "layer "...)
		b = appendNumber(b, wk.Priority)
		b = append(b, " and f "...)
		b = appendNumber(b, wk.Tie)
	} else {
		b = append(b, "priority "...)
		b = appendNumber(b, wk.Priority)
	}
	b = append(b, " tied with "...)
	b = strconv.AppendInt(b, int64(nt.ties), 10)
	b = append(b, " open node"...)
	if nt.ties != 1 {
		b = append(b, 's')
	}
	b = append(b, "; "...)
	switch {
	case rule == TieHighG && nt.decided:
		b = append(b, "tie rule high-g: its g "...)
		b = appendNumber(b, nt.g)
		b = append(b, " is the largest"...)
	case rule == TieLowH && nt.decided:
		b = append(b, "tie rule low-h: its h "...)
		b = appendNumber(b, wk.Tie)
		b = append(b, " is the smallest"...)
	case rule == TieLIFO:
		b = append(b, "tie rule lifo: inserted last (seq "...)
		b = strconv.AppendInt(b, int64(wk.Seq), 10)
		b = append(b, ')')
	case rule == TieFIFO:
		b = append(b, "tie rule fifo: inserted first (seq "...)
		b = strconv.AppendInt(b, int64(wk.Seq), 10)
		b = append(b, ')')
	default:
		b = append(b, "tie rule "...)
		b = append(b, rule...)
		b = append(b, " left a tie, broken by insertion order: inserted first (seq "...)
		b = strconv.AppendInt(b, int64(wk.Seq), 10)
		b = append(b, ')')
	}
	return b
}

// tieDecided reports whether the tie rule's key told the winner, whose
// tie key is tie, from one of the nodes it tied with, by their keys now
// (local beam's tie key is part of what tied, so there it never decides).
// The list is in pop order, ascending by tie key, so when no node was
// re-keyed since it was listed (collectTies) its first and last key bound
// every other: O(1). Else O(ties), reading each node's key.
func (e *engine[S]) tieDecided(tie float64) bool {
	if e.o.Local {
		return false
	}
	h, _ := e.front.(*heapFrontier)
	if t := &e.ties; t.keyed && h != nil && h.tw != nil && h.tw.fixes == t.fixes {
		return t.firstTie != tie || t.lastTie != tie
	}
	return e.tieDecidedByKeys(h, tie)
}

// tieDecidedByKeys is tieDecided reading every listed node's key. O(ties).
func (e *engine[S]) tieDecidedByKeys(h *heapFrontier, tie float64) bool {
	for _, t := range e.slabs.ties.last[:e.ties.have] {
		k := float64(0)
		if h != nil && int(t) < len(h.pos) && h.pos[t] >= 0 {
			k = h.items[h.pos[t]].tie // the node's key, kept up to date by fix
		} else {
			k = e.publicKey(int32(t)).Tie // no longer open (beam search pruned it)
		}
		if k != tie {
			return true
		}
	}
	return false
}

// tieRuleCodes are the tie rules a reasonCell names by index; fifo and
// lifo come first (seqReasonCell).
var tieRuleCodes = [...]TieRule{TieFIFO, TieLIFO, TieHighG, TieLowH}

// reasonChunkLen is how many notes a chunk of tie reasons holds: one
// allocation every reasonChunkLen reasons.
const reasonChunkLen = 128

// reasonCell is one note of a chunk, which a Text refers to, with the tie
// rule it is written under as an index in tieRuleCodes: a chunk holds no
// pointer, so the collector neither scans it nor guards writes to it.
type reasonCell struct {
	note  tieNote
	rule  uint8
	local bool
}

func (c *reasonCell) appendText(dst []byte) []byte {
	return appendTieReason(dst, tieRuleCodes[c.rule], c.local, &c.note)
}

// seqReasonCell is a note under the fifo or lifo rule outside local beam,
// whose sentence says only the priority, the count and the insertion
// number: a smaller cell for the most common rules.
type seqReasonCell struct {
	prio      float64
	seq, ties int32
	lifo      bool
}

func (c *seqReasonCell) appendText(dst []byte) []byte {
	rule := TieFIFO
	if c.lifo {
		rule = TieLIFO
	}
	nt := tieNote{key: Key{Priority: c.prio, Seq: int(c.seq)}, ties: c.ties}
	return appendTieReason(dst, rule, false, &nt)
}

// ruleReason is the note of a tie reason under a rule tieRuleCodes does
// not list, which validated options never hold: one allocation each.
type ruleReason struct {
	note  tieNote
	rule  TieRule
	local bool
}

func (r *ruleReason) appendText(dst []byte) []byte {
	return appendTieReason(dst, r.rule, r.local, &r.note)
}

// reasonTexts hands out the Texts of tie reasons, filling chunks in turn.
type reasonTexts struct {
	chunk *[reasonChunkLen]reasonCell
	n     int
	seqs  *[reasonChunkLen]seqReasonCell
	seqN  int
	rule  TieRule // the rule code was looked up for
	code  int     // rule's index in tieRuleCodes, -1 if none
	known bool    // code is rule's
}

// text is the Text of the tie reason nt under rule (local: local beam's).
// O(1).
func (rt *reasonTexts) text(rule TieRule, local bool, nt tieNote) Text {
	if !rt.known || rule != rt.rule {
		rt.rule, rt.code, rt.known = rule, -1, true
		for i, r := range tieRuleCodes {
			if r == rule {
				rt.code = i
			}
		}
	}
	switch {
	case rt.code < 0:
		return Text{src: &ruleReason{note: nt, rule: rule, local: local}}
	case !local && (rt.code == 0 || rt.code == 1) && nt.key.Seq == int(int32(nt.key.Seq)):
		if rt.seqs == nil || rt.seqN == reasonChunkLen {
			rt.seqs, rt.seqN = new([reasonChunkLen]seqReasonCell), 0
		}
		c := &rt.seqs[rt.seqN]
		c.prio, c.seq, c.ties, c.lifo = nt.key.Priority, int32(nt.key.Seq), nt.ties, rt.code == 1
		rt.seqN++
		return Text{src: c}
	}
	if rt.chunk == nil || rt.n == reasonChunkLen {
		rt.chunk, rt.n = new([reasonChunkLen]reasonCell), 0
	}
	c := &rt.chunk[rt.n]
	c.note, c.rule, c.local = nt, uint8(rt.code), local
	rt.n++
	return Text{src: c}
}
