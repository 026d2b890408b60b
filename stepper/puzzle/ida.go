package puzzle

import (
	"math"

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
	var gen0, exp0 int // the counters when the last iteration began
	for {
		iter++
		f.next = math.MaxInt
		f.open = 0
		gen0, exp0 = f.cnt.Generated, f.cnt.Expanded
		if f.search(start, blankOf(start), -1, 0, h) {
			status = stepper.Solved
			break
		}
		if f.next == math.MaxInt {
			break
		}
		f.threshold = f.next
	}
	r.Iterations, r.Threshold = iter, float64(f.threshold)
	r.Next = math.Inf(1)
	if f.next != math.MaxInt {
		r.Next = float64(f.next)
	}
	f.finish(r, status)
	// the counters of the tree stepping holds at the end: the last
	// iteration's root and every child it generated, its expansions
	r.LastNodes, r.LastClosed = 1+f.cnt.Generated-gen0, f.cnt.Expanded-exp0
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
// moving the blank from position from (-1 at the root). It reports whether
// the goal was found below s, appending the actions to f.path on the way
// back.
func (f *idaFast) search(s uint64, b, from, g, h int) bool {
	f.cnt.Steps++
	if s == f.p.goal {
		return true
	}
	f.cnt.Expanded++
	var kids [4]struct {
		s         uint64
		to, h, gi int
		slot      int
	}
	n, ng := 0, 0
	for slot, to8 := range f.moves[b] {
		to := int(to8)
		if to < 0 || f.skip && to == from {
			continue
		}
		t := tileAt(s, to)
		nh := h - int(f.p.dist[t][to]) + int(f.p.dist[t][b])
		f.cnt.Generated++
		ng++
		if nf := g + 1 + nh; nf > f.threshold {
			f.cnt.Cutoffs++
			if nf < f.next {
				f.next = nf
			}
			continue
		}
		kids[n].s = slid(s, b, to, t)
		kids[n].to, kids[n].h, kids[n].slot, kids[n].gi = to, nh, slot, ng-1
		n++
	}
	f.open += n
	if f.open > f.cnt.MaxOpen {
		f.cnt.MaxOpen = f.open
	}
	for i := range n {
		f.open--
		k := &kids[i]
		if f.search(k.s, k.to, b, g+1, k.h) {
			f.path = append(f.path, f.acts[k.slot])
			f.later += ng - k.gi - 1
			return true
		}
	}
	return false
}
