package session

import (
	"stepviz/stepper"
	codec "stepviz/wire"
)

// headKey is an open node's sort key as the messages carry it (wire).
type headKey = codec.HeadKey

// headCache is the live search's head at one step: a search is
// deterministic, so the head at a step never changes.
type headCache struct {
	step int
	ids  []int
	// held is stepHeadKeys' set of the ids a client holds the keys of,
	// kept so that a step clears it instead of making a new one.
	held map[int]bool
}

// stepHeadKeys are the keys a step message adds for a client that held
// every key of the head before the step (stepMsg.HeadKeys): those of the
// head's nodes that were not in the previous head, or whose records the
// step restates, and that are not children the step left open (their keys
// are in stepMsg.Keys). When the previous head is not known, every head
// node's key. O(len(head) + len(restated)).
func (h *hub) stepHeadKeys(ev stepper.Event, head, restated []int) map[int]headKey {
	prev := h.heads.held
	if prev == nil {
		prev = make(map[int]bool, 2*headSize)
	}
	clear(prev)
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
	h.heads = headCache{step: ev.Step, ids: head, held: prev}
	o := h.search.Options()
	var out map[int]headKey
	for _, id := range head {
		if prev[id] {
			continue
		}
		if out == nil {
			out = map[int]headKey{}
		}
		out[id] = codec.KeyOfOpen(o, h.search.Node(id))
	}
	return out
}
