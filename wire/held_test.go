package wire

import (
	"testing"

	"stepviz/stepper"
)

// TestEncodeHeldSparse: the records of nodes held far apart (a path and
// its pending siblings, ids near ten million) cost a few bytes a node, the
// varints of the gaps between ids, never a function of the ids' size.
// HeldRecords answers a held id's record, and a parent's g and depth come
// from the message itself (one cost for every g).
func TestEncodeHeldSparse(t *testing.T) {
	for _, tc := range []struct {
		name  string
		first int
		gap   int
	}{
		{"consecutive from 0", 0, 1},
		{"near ten million", 9_999_000, 1},
		{"far apart", 9_000_000, 7919},
	} {
		var h HeldRecords
		parent := -1
		for i := range 60 {
			id := tc.first + i*tc.gap
			h.IDs = append(h.IDs, id)
			h.Recs = append(h.Recs, stepper.NodeRecord{Parent: parent, G: float64(i), Depth: i, Seq: id, Born: i, Cell: -1})
			parent = id
		}
		buf, costs := EncodeHeld(h, Format{Ext: true})
		if len(buf) > 60*12 || len(costs) != 1 {
			t.Errorf("%s: %d bytes for 60 records, %d costs; want a few bytes each and one cost", tc.name, len(buf), len(costs))
		}
		if r := h.Record(h.IDs[30]); r != h.Recs[30] {
			t.Errorf("%s: Record(%d) = %+v, want %+v", tc.name, h.IDs[30], r, h.Recs[30])
		}
	}
}
