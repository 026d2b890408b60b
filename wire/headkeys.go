package wire

import (
	"math"

	"stepviz/stepper"
)

// HeadKey is an open node's sort key as state, move and step messages
// carry it beside the head: [priority, tie], ∞ as null; the key's
// insertion number is the node's record's seq. What the priority and the
// tie are (f, RBFS's stored F, local beam's layer; -g, h, f) the family
// description says (hello.problem.family.key), so the page shows each
// open node's key, and the f it holds, as sent, never as recomputed.
type HeadKey [2]stepper.Bound

// KeyOfOpen is open node n's key in a search with options o. O(1).
func KeyOfOpen(o stepper.Options, n stepper.NodeInfo) HeadKey {
	k := stepper.OpenKey(o, n)
	return HeadKey{finiteOrInf(k.Priority), finiteOrInf(k.Tie)}
}

// finiteOrInf is x as a Bound; NaN, which no key holds, as ∞.
func finiteOrInf(x float64) stepper.Bound {
	if math.IsNaN(x) {
		return stepper.Bound(math.Inf(1))
	}
	return stepper.Bound(x)
}

// HeadKeys are the keys of the head's nodes in s at its step, in the
// head's order (View.HeadKeys). O(len(head)).
func HeadKeys(s *stepper.Search, head []int) []HeadKey {
	o := s.Options()
	out := make([]HeadKey, len(head))
	for i, id := range head {
		out[i] = KeyOfOpen(o, s.Node(id))
	}
	return out
}
