package server

import (
	"math"

	"stepviz/stepper"
)

// headKey is an open node's sort key as state, move and step messages
// carry it beside the head: [priority, tie], ∞ as null; the key's
// insertion number is the node's record's seq. What the priority and the
// tie are (f, RBFS's stored F, local beam's layer; -g, h, f) the family
// description says (hello.problem.family.key), so the page shows each
// open node's key, and the f it holds, as sent, never as recomputed.
type headKey [2]stepper.Bound

// keyOfOpen is open node n's key in a search with options o. O(1).
func keyOfOpen(o stepper.Options, n stepper.NodeInfo) headKey {
	k := openKey(o, n)
	return headKey{finiteOrInf(k.Priority), finiteOrInf(k.Tie)}
}

// finiteOrInf is x as a Bound; NaN, which no key holds, as ∞.
func finiteOrInf(x float64) stepper.Bound {
	if math.IsNaN(x) {
		return stepper.Bound(math.Inf(1))
	}
	return stepper.Bound(x)
}

// headKeys are the keys of the head's nodes in s at its step, in the
// head's order (View.HeadKeys). O(len(head)).
func headKeys(s *stepper.Search, head []int) []headKey {
	o := s.Options()
	out := make([]headKey, len(head))
	for i, id := range head {
		out[i] = keyOfOpen(o, s.Node(id))
	}
	return out
}

// headCache is the live search's head at one step: a search is
// deterministic, so the head at a step never changes.
type headCache struct {
	step int
	ids  []int
}

// stepHeadKeys are the keys a step message adds for a client that held
// every key of the head before the step (StepMsg.HeadKeys): those of the
// head's nodes that were not in the previous head, or whose records the
// step restates, and that are not children the step left open (their keys
// are in StepMsg.Keys). When the previous head is not known, every head
// node's key. O(len(head) + len(restated)).
func (h *hub) stepHeadKeys(ev stepper.Event, head, restated []int) map[int]headKey {
	prev := map[int]bool{}
	if h.heads.ids != nil && h.heads.step == ev.Step-1 {
		for _, id := range h.heads.ids {
			prev[id] = true
		}
		for _, id := range restated {
			delete(prev, id)
		}
		for _, c := range ev.Children {
			if c.ID >= 0 && c.Status == stepper.NodeOpen {
				prev[c.ID] = true
			}
		}
	}
	h.heads = headCache{step: ev.Step, ids: head}
	o := h.search.Options()
	var out map[int]headKey
	for _, id := range head {
		if prev[id] {
			continue
		}
		if out == nil {
			out = map[int]headKey{}
		}
		out[id] = keyOfOpen(o, h.search.Node(id))
	}
	return out
}
