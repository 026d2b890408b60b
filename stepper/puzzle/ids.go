package puzzle

import (
	"stepviz/stepper"
)

// This file is IDS's fast path: a linear search (Options.Linear) run to
// its end with no events asked for, on a puzzle of up to 4×4, runs as a
// tight recursion over the packed board, storing nothing but the path, as
// ida.go does for IDA*. It follows the stepped loop's conventions
// exactly — the successor order, the parent rule, the goal test when a
// node is selected, a node at the depth limit selected and cut off, every
// child of an expansion generated and stacked, the next iteration one
// deeper after a cutoff, the depth cap ending in cutoff — so the counters,
// status and path are those of stepping to the end
// (TestIDSFastPathMatchesSteps). It also counts the nodes a stepped
// linear search would hold, and gives up, leaving the engine at step 0,
// where that search would stop at its node cap.

// idsFastPath runs IDS on pp to its end and reports whether it did.
func (pp *packedPuzzle) idsFastPath(r *stepper.FastRun) bool {
	f := pp.newFast(r)
	f.maxHeld = r.MaxHeld
	start := pp.start
	f.cnt = stepper.Counters{MaxOpen: 1}
	limit, iter := 0, 0
	status := stepper.Running
	for status == stepper.Running {
		iter++
		if iter > 1 {
			limit++
		}
		f.threshold = limit
		f.open, f.iterCut, f.iterExp, f.iterGen = 0, 0, 0, 0
		found := f.ids(start, blankOf(start), -1, 0, 1)
		switch {
		case f.aborted:
			return false
		case found:
			status = stepper.Solved
		case f.iterCut == 0:
			status = stepper.NoSolution
		case r.Depth > 0 && limit >= r.Depth:
			status = stepper.Cutoff
		}
	}
	r.Iterations, r.Limit, r.IterCutoffs = iter, limit, f.iterCut
	f.finish(r, status)
	r.LastNodes, r.LastClosed = 1+f.iterGen, f.iterExp
	return true
}

// ids selects board s at depth d, blank at b, reached by moving the blank
// from position from (-1 at the root), when a stepped linear search holds
// held nodes (the root and the children of each node above s). It reports
// whether the goal was found below s, appending the actions to f.path on
// the way back.
func (f *idaFast) ids(s uint64, b, from, d, held int) bool {
	f.cnt.Steps++
	if s == f.p.goal {
		return true
	}
	if d >= f.threshold {
		f.cnt.Cutoffs++
		f.iterCut++
		return false
	}
	f.cnt.Expanded++
	f.iterExp++
	var kids [4]struct {
		s        uint64
		to, slot int
	}
	n := 0
	for slot, to8 := range f.moves[b] {
		to := int(to8)
		if to < 0 || f.skip && to == from {
			continue
		}
		kids[n].s = slid(s, b, to, tileAt(s, to))
		kids[n].to, kids[n].slot = to, slot
		n++
	}
	f.cnt.Generated += n
	f.iterGen += n
	if held += n; held >= f.maxHeld {
		f.aborted = true
		return false
	}
	f.open += n
	if f.open > f.cnt.MaxOpen {
		f.cnt.MaxOpen = f.open
	}
	for i := range n {
		f.open--
		k := &kids[i]
		if f.ids(k.s, k.to, b, d+1, held) {
			f.path = append(f.path, f.acts[k.slot])
			f.later += n - i - 1
			return true
		}
		if f.aborted {
			return false
		}
	}
	return false
}
