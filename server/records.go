package server

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"slices"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	codec "stepviz/wire"
)

// Packed node records: what state, move and step messages carry instead of
// NodeInfo (docs/protocol.md, "Node records"). Records are in ascending id
// order; each field is a varint relative to the previous record, so a run
// of siblings costs a few bytes a node:
//
//	uvarint  id - previous id - 1            (previous id starts at -1)
//	byte     flags: bits 0-2 base fate (0 open, 1 ignored-closed,
//	         2 ignored-open, 3 depth-limit, 4 goal found on generation,
//	         5 open whose pop at order is a cutoff),
//	         bit 3 goal pop, bit 4 has order, bit 5 born differs,
//	         bit 6 g raw, bit 7 depth explicit
//	zigzag   parent - previous parent        (previous parent starts at -1)
//	g        bit 6: 8 bytes float64 little-endian; else uvarint i, and
//	         g = g(parent) + costs[i], g(parent) as the client holds it
//	         once the whole message is applied
//	uvarint  depth                           (bit 7; else depth(parent)+1)
//	zigzag   order - previous order          (bit 4; previous starts at 0)
//	uvarint  born - previous born            (bit 5; previous starts at 0)
//	zigzag   (id - seq) - previous (id - seq) (base fate open only; else
//	         seq is -1; previous starts at 0)
//	zigzag   cell - previous cell            (grid and graph only; previous
//	         starts at 0)
//	8 bytes  F, float64 little-endian         (ext records with ext bit 5)
//
// When hello.problem.ext is set (the depth-first iterative, bidirectional
// and lazy searches: extRecords), every record carries one more byte, ext,
// right after flags, and flags' bits 0-2 are 0: ext bits 0-2 are the full
// base fate (stepper.BaseFate, 0-7), bit 3 cutoff pop, bit 4 backward
// (the goal's tree of a bidirectional search), bit 5 F follows (RBFS's
// stored f; absent means 0), bit 6 stale pop (selected after its state
// was expanded, and discarded).
//
// The encoder checks g(parent) + costs[i] == g exactly in float64 (the
// same arithmetic in JavaScript), so a decoded g is bit for bit the
// engine's; costs holds at most maxCosts values, and anything else is sent
// raw.

const (
	flagGoalPop   = codec.FlagGoalPop
	flagOrder     = codec.FlagOrder
	flagBorn      = codec.FlagBorn
	flagGRaw      = codec.FlagGRaw
	flagDepthRaw  = codec.FlagDepthRaw
	fateMask      = codec.FateMask
	fateCutoffPop = codec.FateCutoffPop
	extCutoffPop  = codec.ExtCutoffPop
	extBackward   = codec.ExtBackward
	extF          = codec.ExtF
	extStalePop   = codec.ExtStalePop
	maxCosts      = 250
	recordsHeader = 4 // a binary frame starts with the JSON header's length
)

// recordSource is where an encoder reads the records it packs: a search
// at the step the message shows.
type recordSource interface {
	Record(id int) stepper.NodeRecord
}

// recEncoder packs records; the zero value is not ready, use newRecEncoder.
type recEncoder struct {
	src   recordSource
	cells bool
	// ext: every record carries the ext byte (and F when set)
	ext   bool
	buf   []byte
	costs []float64
	index map[float64]int
	// the client's g and depth of the nodes this message restates, and a
	// cache of others read from src
	gd map[int]gd
	// dense holds the g and depth of ids 0..len(dense)-1 when the message
	// packs every node from 0 (a state): no map work per node.
	dense []gd

	prevID, prevParent, prevOrder, prevBorn, prevSeqOff, prevCell int
}

type gd struct {
	g     float64
	depth int
}

func newRecEncoder(src recordSource, f recFormat) *recEncoder {
	return &recEncoder{src: src, cells: f.cells, ext: f.ext, index: map[float64]int{}, gd: map[int]gd{}, prevID: -1, prevParent: -1}
}

// recFormat is what a session's records carry beyond the common fields,
// fixed by its hello.problem: a cell (grid and graph), the ext byte.
type recFormat struct{ cells, ext bool }

// formatOf is the record format of a session's problem.
func formatOf(info ProblemInfo) recFormat { return recFormat{hasCells(info.Kind), info.Ext} }

// extRecords reports whether a search's records need the ext byte: any
// algorithm but the best-first ones that protocol v2 first carried (the
// depth-first iterative family's cutoffs, RBFS's F and forgotten nodes,
// the bidirectional backward tree, beam's pruned nodes), and a lazy
// frontier's stale pops.
func extRecords(o stepper.Options) bool {
	switch o.Algorithm {
	case stepper.BFS, stepper.DFS, stepper.DLS, stepper.UCS, stepper.Greedy, stepper.AStar, stepper.WAStar:
		return o.Lazy
	}
	return true
}

// parentGD is the g and depth the client will hold for node id once the
// message is applied: the record's at the message's step.
func (w *recEncoder) parentGD(id int) gd {
	if id < len(w.dense) {
		return w.dense[id]
	}
	if v, ok := w.gd[id]; ok {
		return v
	}
	r := w.src.Record(id)
	v := gd{r.G, r.Depth}
	w.gd[id] = v
	return v
}

// add packs node id's record; ids must ascend.
func (w *recEncoder) add(id int, r stepper.NodeRecord) {
	if id == len(w.dense) && id == w.prevID+1 && (id == 0 || w.dense != nil) {
		w.dense = append(w.dense, gd{r.G, r.Depth})
	} else {
		w.gd[id] = gd{r.G, r.Depth}
	}
	var flags, ext byte
	if w.ext {
		ext = byte(r.Fate) & fateMask
		if r.CutoffPop {
			ext |= extCutoffPop
		}
		if r.Backward {
			ext |= extBackward
		}
		if r.F != 0 {
			ext |= extF
		}
		if r.StalePop {
			ext |= extStalePop
		}
	} else {
		flags = byte(r.Fate) & fateMask
		if r.CutoffPop && r.Fate == stepper.BaseOpen {
			flags = fateCutoffPop
		}
	}
	if r.GoalPop {
		flags |= flagGoalPop
	}
	if r.Order > 0 {
		flags |= flagOrder
	}
	if r.Born != w.prevBorn {
		flags |= flagBorn
	}
	costIdx, depthStd := -1, false
	if r.Parent >= 0 {
		p := w.parentGD(r.Parent)
		depthStd = r.Depth == p.depth+1
		c := r.G - p.g
		if i, ok := w.index[c]; ok && p.g+w.costs[i] == r.G {
			costIdx = i
		} else if !ok && len(w.costs) < maxCosts && p.g+c == r.G && !math.IsNaN(c) {
			costIdx = len(w.costs)
			w.index[c] = costIdx
			w.costs = append(w.costs, c)
		}
	}
	if costIdx < 0 {
		flags |= flagGRaw
	}
	if !depthStd {
		flags |= flagDepthRaw
	}
	w.buf = binary.AppendUvarint(w.buf, uint64(id-w.prevID-1))
	w.buf = append(w.buf, flags)
	if w.ext {
		w.buf = append(w.buf, ext)
	}
	w.buf = binary.AppendVarint(w.buf, int64(r.Parent-w.prevParent))
	if costIdx < 0 {
		w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(r.G))
	} else {
		w.buf = binary.AppendUvarint(w.buf, uint64(costIdx))
	}
	if !depthStd {
		w.buf = binary.AppendUvarint(w.buf, uint64(r.Depth))
	}
	if r.Order > 0 {
		w.buf = binary.AppendVarint(w.buf, int64(r.Order-w.prevOrder))
		w.prevOrder = r.Order
	}
	if r.Born != w.prevBorn {
		w.buf = binary.AppendUvarint(w.buf, uint64(r.Born-w.prevBorn))
		w.prevBorn = r.Born
	}
	if r.Fate == stepper.BaseOpen {
		off := id - r.Seq
		w.buf = binary.AppendVarint(w.buf, int64(off-w.prevSeqOff))
		w.prevSeqOff = off
	}
	if w.cells {
		w.buf = binary.AppendVarint(w.buf, int64(r.Cell-w.prevCell))
		w.prevCell = r.Cell
	}
	if ext&extF != 0 {
		w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(r.F))
	}
	w.prevID, w.prevParent = id, r.Parent
}

// addIDs packs the records of ids (sorted and deduplicated here).
func (w *recEncoder) addIDs(ids []int) {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		w.add(id, w.src.Record(id))
	}
}

// frame is a binary message: the JSON header's length (4 bytes, little
// endian), the header, then the packed records.
func frame(header any, recs []byte) []byte {
	h, err := json.Marshal(header)
	if err != nil {
		h = encode(errorMsg("", "cannot encode message: "+usererr.Text(err)))
	}
	out := make([]byte, 0, recordsHeader+len(h)+len(recs))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(h)))
	out = append(out, h...)
	return append(out, recs...)
}

// hasCells reports whether records of a problem kind carry a cell.
func hasCells(kind string) bool { return kind == "grid" || kind == "graph" }
