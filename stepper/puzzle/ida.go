package puzzle

import (
	"math"
	"math/bits"

	"stepviz/stepper"
)

// This file is IDA*'s fast path: a search run to its end with no events
// asked for, on a puzzle of up to 4×4 with Manhattan distance, runs as a
// tight recursion over the packed board with the distance updated
// incrementally (one table lookup a move), storing nothing but the path.
// It follows the stepped loop's conventions exactly — the successor order,
// parent=skip, the goal test when a node is selected, every generated child
// counted, children over the threshold cut off and not selected — so the
// counters, status, path and thresholds are those of stepping to the end
// (TestIDAStarFastPathMatchesSteps). The engine asks for it through
// [stepper.FastRunner] and builds the path's nodes itself.

// idaFast is the state of one fast IDA* run.
type idaFast struct {
	p         *packedPuzzle
	moves     [16][4]int8 // for each blank position, the targets in the successor order (-1: none)
	acts      [4]uint16   // the action code of each slot
	skip      bool
	threshold int
	next      int
	cnt       stepper.Counters
	open      int
	path      []uint16 // actions, goal first
	later     int      // children generated after the path's child at each node of the path

	// IDS (ids.go)
	iterCut          int  // nodes at the depth limit in this iteration
	iterExp, iterGen int  // expansions and children in this iteration
	maxHeld          int  // a stepped linear search stops at this many nodes held
	aborted          bool // the stepped search would have stopped at its node cap
}

// RunFast runs IDA* with Manhattan distance, or a linear IDS, on the board
// to its end (see [stepper.FastRunner]); it runs no other search.
func (p *packedPuzzle) RunFast(r *stepper.FastRun) bool {
	switch {
	case r.Algorithm == stepper.IDAStar && r.Heuristic == hManhattan:
		p.idaFastPath(r)
		return true
	case r.Algorithm == stepper.IDS:
		return p.idsFastPath(r)
	}
	return false
}

var _ stepper.FastRunner = (*packedPuzzle)(nil)

// newFast prepares a fast run on pp: the successor order as slots.
func (pp *packedPuzzle) newFast(r *stepper.FastRun) *idaFast {
	f := &idaFast{p: pp, skip: r.SkipParent}
	acts := r.Order([]int{0, 1, 2, 3})
	for i, a := range acts {
		f.acts[i] = uint16(a)
	}
	for pos := range pp.geom.cells {
		for i, a := range f.acts {
			f.moves[pos][i] = pp.geom.next[pos][a]
		}
	}
	return f
}

// idaFastPath runs IDA* with Manhattan distance on pp to its end.
func (pp *packedPuzzle) idaFastPath(r *stepper.FastRun) {
	f := pp.newFast(r)
	start := pp.start
	h := int(pp.manhattan(start))
	f.threshold = h
	f.cnt = stepper.Counters{MaxOpen: 1}
	iter := 0
	status := stepper.NoSolution
	var steps0, cut0 int // the counters when the last iteration began
	for {
		iter++
		f.next = math.MaxInt
		f.open = 0
		steps0, cut0 = f.cnt.Steps, f.cnt.Cutoffs
		if f.search(start, blankOf(start), -1, 0, h, 0) {
			status = stepper.Solved
			break
		}
		if f.next == math.MaxInt {
			break
		}
		f.threshold = f.next
	}
	// each iteration selects every node it expands, the goal too; each
	// child it generates is selected, cut off or left open at the end,
	// and only the solving iteration leaves any open
	goal := 0
	if status == stepper.Solved {
		goal = 1
	}
	f.cnt.Expanded = f.cnt.Steps - goal
	f.cnt.Generated = f.cnt.Steps - iter + f.cnt.Cutoffs + f.open
	r.Iterations, r.Threshold = iter, float64(f.threshold)
	r.Next = math.Inf(1)
	if f.next != math.MaxInt {
		r.Next = float64(f.next)
	}
	f.finish(r, status)
	// the counters of the tree stepping holds at the end: the last
	// iteration's root and every child it generated, its expansions
	r.LastNodes = 1 + (f.cnt.Steps - steps0 - 1) + (f.cnt.Cutoffs - cut0) + f.open
	r.LastClosed = f.cnt.Steps - steps0 - goal
}

// finish writes the run's status, counters and path into r.
func (f *idaFast) finish(r *stepper.FastRun, status stepper.Status) {
	r.Status = status
	r.Counters = f.cnt
	r.Counters.Open = f.open
	r.Later = f.later
	if status == stepper.Solved {
		r.Path = make([]int, len(f.path))
		for i, a := range f.path {
			r.Path[len(f.path)-1-i] = int(a)
		}
	}
}

// search selects board s (f = g + h <= threshold), blank at b, reached by
// moving the blank from position from (-1 at the root), while open
// children wait on the path above it. It reports whether the goal was
// found below s, appending the actions to f.path on the way back.
//
// It counts only the selections and cutoffs; idaFastPath derives the
// expansions and children from them. A node costs no memory beyond its
// frame: the children's slots and h values are bit sets and packed bytes
// in registers, and a kept child's board is rebuilt when it is selected.
func (f *idaFast) search(s uint64, b, from, g, h, open int) bool {
	f.cnt.Steps++
	if s == f.p.goal {
		f.open = open
		return true
	}
	if !f.skip {
		from = -1 // no target is -1: the parent is generated too
	}
	// every child is generated here, as stepping does, before the first
	// is selected; hs holds each kept child's h, 8 bits a slot (a
	// Manhattan distance on up to 4×4 is below 256)
	var gen, keep uint
	var hs uint64
	moves := &f.moves[b&15]
	for slot, to8 := range moves {
		to := int(to8)
		if to < 0 || to == from {
			continue
		}
		gen |= 1 << slot
		t := tileAt(s, to)
		nh := h - int(f.p.dist[t][to&15]) + int(f.p.dist[t][b&15])
		if nf := g + 1 + nh; nf > f.threshold {
			if nf < f.next {
				f.next = nf
			}
			continue
		}
		keep |= 1 << slot
		hs |= uint64(nh) << (8 * slot)
	}
	n := bits.OnesCount(keep)
	f.cnt.Cutoffs += bits.OnesCount(gen) - n
	if open += n; open > f.cnt.MaxOpen {
		f.cnt.MaxOpen = open
	}
	for k := keep; k != 0; k &= k - 1 {
		slot := bits.TrailingZeros(k) & 3
		open--
		to := int(moves[slot])
		if f.search(slid(s, b, to, tileAt(s, to)), to, b, g+1, int(hs>>(8*slot)&255), open) {
			f.path = append(f.path, f.acts[slot])
			f.later += bits.OnesCount(gen >> (slot + 1))
			return true
		}
	}
	return false
}
