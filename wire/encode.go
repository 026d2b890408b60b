package wire

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"slices"

	"stepviz/stepper"
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
// and lazy searches: ExtRecords), every record carries one more byte, ext,
// right after flags, and flags' bits 0-2 are 0: ext bits 0-2 are the full
// base fate (stepper.BaseFate, 0-7), bit 3 cutoff pop, bit 4 backward
// (the goal's tree of a bidirectional search), bit 5 F follows (RBFS's
// stored f; absent means 0), bit 6 stale pop (selected after its state
// was expanded, and discarded).
//
// The encoder checks g(parent) + costs[i] == g exactly in float64 (the
// same arithmetic in JavaScript), so a decoded g is bit for bit the
// engine's; costs holds at most maxCosts values, and anything else is sent
// raw. static/model.js (decodeRecords) is the one decoder.

const (
	maxCosts = 250
	// FrameHeader is the bytes before a binary frame's JSON header: its
	// length, little endian.
	FrameHeader = 4
)

// RecordSource is where an encoder reads the records it packs: a search
// at the step the message shows.
type RecordSource interface {
	Record(id int) stepper.NodeRecord
}

// Format is what a search's records carry beyond the common fields, fixed
// by its hello.problem: a cell (grid and graph), the ext byte.
type Format struct{ Cells, Ext bool }

// FormatOf is the record format of a search described by info.
func FormatOf(info ProblemInfo) Format { return Format{HasCells(info.Kind), info.Ext} }

// HasCells reports whether records of a problem kind carry a cell.
func HasCells(kind string) bool { return kind == "grid" || kind == "graph" }

// ExtRecords reports whether a search's records need the ext byte: any
// algorithm but the best-first ones (the depth-first iterative family's
// cutoffs, RBFS's F and forgotten nodes, the bidirectional backward tree,
// beam's pruned nodes), and a lazy frontier's stale pops.
func ExtRecords(o stepper.Options) bool {
	switch o.Algorithm {
	case stepper.BFS, stepper.DFS, stepper.DLS, stepper.UCS, stepper.Greedy, stepper.AStar, stepper.WAStar:
		return o.Lazy
	}
	return true
}

// Encoder packs records; the zero value is not ready, use NewEncoder.
type Encoder struct {
	src   RecordSource
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

// NewEncoder starts an empty message whose records' parents are read from
// src when the message does not restate them.
func NewEncoder(src RecordSource, f Format) *Encoder {
	return &Encoder{src: src, cells: f.Cells, ext: f.Ext, index: map[float64]int{}, gd: map[int]gd{}, prevID: -1, prevParent: -1}
}

// Bytes is the packed records so far; Costs the table their g refer to.
func (w *Encoder) Bytes() []byte    { return w.buf }
func (w *Encoder) Costs() []float64 { return w.costs }

// parentGD is the g and depth the client will hold for node id once the
// message is applied: the record's at the message's step.
func (w *Encoder) parentGD(id int) gd {
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

// Add packs node id's record; ids must ascend. O(1) amortized.
func (w *Encoder) Add(id int, r stepper.NodeRecord) {
	if id == len(w.dense) && id == w.prevID+1 && (id == 0 || w.dense != nil) {
		w.dense = append(w.dense, gd{r.G, r.Depth})
	} else {
		w.gd[id] = gd{r.G, r.Depth}
	}
	var flags, ext byte
	if w.ext {
		ext = byte(r.Fate) & FateMask
		if r.CutoffPop {
			ext |= ExtCutoffPop
		}
		if r.Backward {
			ext |= ExtBackward
		}
		if r.F != 0 {
			ext |= ExtF
		}
		if r.StalePop {
			ext |= ExtStalePop
		}
	} else {
		flags = byte(r.Fate) & FateMask
		if r.CutoffPop && r.Fate == stepper.BaseOpen {
			flags = FateCutoffPop
		}
	}
	if r.GoalPop {
		flags |= FlagGoalPop
	}
	if r.Order > 0 {
		flags |= FlagOrder
	}
	if r.Born != w.prevBorn {
		flags |= FlagBorn
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
		flags |= FlagGRaw
	}
	if !depthStd {
		flags |= FlagDepthRaw
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
	if ext&ExtF != 0 {
		w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(r.F))
	}
	w.prevID, w.prevParent = id, r.Parent
}

// AddIDs packs the records of ids (sorted and deduplicated here), read
// from the source.
func (w *Encoder) AddIDs(ids []int) {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		w.Add(id, w.src.Record(id))
	}
}

// EncodeState packs every record of recs (ids 0..len(recs)-1): a state
// message's records. O(len(recs)).
func EncodeState(recs []stepper.NodeRecord, f Format) ([]byte, []float64) {
	enc := NewEncoder(sliceSource(recs), f)
	enc.dense = make([]gd, 0, len(recs))
	for id, r := range recs {
		enc.Add(id, r)
	}
	return enc.buf, enc.costs
}

type sliceSource []stepper.NodeRecord

func (s sliceSource) Record(id int) stepper.NodeRecord { return s[id] }

// Frame is a binary message: the JSON header's length (4 bytes, little
// endian), the header, then the packed records. It fails only when the
// header cannot be written as JSON.
func Frame(header any, recs []byte) ([]byte, error) {
	h, err := json.Marshal(header)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, FrameHeader+len(h)+len(recs))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(h)))
	out = append(out, h...)
	return append(out, recs...), nil
}

// HeldRecords are the records of the nodes a search holds (HeldIDs):
// ids ascending, Recs[i] the record of IDs[i].
type HeldRecords struct {
	IDs  []int
	Recs []stepper.NodeRecord
}

// Record is node id's record, which must be held. O(log held).
func (h HeldRecords) Record(id int) stepper.NodeRecord {
	i, ok := slices.BinarySearch(h.IDs, id)
	if !ok {
		return stepper.NodeRecord{Parent: -1, Seq: -1, Cell: -1}
	}
	return h.Recs[i]
}

// EncodeHeld packs the records of h, a state or move message with Held
// set. O(held · log held), whatever the ids' size.
func EncodeHeld(h HeldRecords, f Format) ([]byte, []float64) {
	enc := NewEncoder(h, f)
	for i, id := range h.IDs {
		enc.Add(id, h.Recs[i])
	}
	return enc.buf, enc.costs
}
