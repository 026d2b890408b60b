package stepper

import "math"

// This file is IDA*'s fast path: a search run to its end with no events
// asked for, on a puzzle of up to 4×4 with Manhattan distance, runs as a
// tight recursion over the packed board with the distance updated
// incrementally (one table lookup a move), storing nothing but the path.
// It follows the stepped loop's conventions exactly — the successor order,
// parent=skip, the goal test when a node is selected, every generated child
// counted, children over the threshold cut off and not selected — so the
// counters, status, path and thresholds are those of stepping to the end
// (TestIDAStarFastPathMatchesSteps).

// idaFast is the state of one fast IDA* run.
type idaFast struct {
	p         *packedPuzzle
	moves     [16][4]int8 // for each blank position, the targets in the successor order (-1: none)
	acts      [4]uint16   // the action code of each slot
	skip      bool
	threshold int
	next      int
	cnt       Counters
	open      int
	path      []uint16 // actions, goal first
	later     int      // children generated after the path's child at each node of the path

	// IDS (idsfast.go)
	iterCut          int  // nodes at the depth limit in this iteration
	iterExp, iterGen int  // expansions and children in this iteration
	maxHeld          int  // a stepped linear search stops at this many nodes held
	aborted          bool // the stepped search would have stopped at its node cap
}

// fastPath runs IDA* to its end if the problem and options allow it and
// reports whether it did.
func (e *dfEngine[S]) fastPath() bool {
	if e.cur != 0 || e.o.Parent == PathParent || e.o.Checkpoint { // the fast paths know no path check and lay no checkpoint
		return false
	}
	pp, ok := any(e.p).(*packedPuzzle)
	if !ok {
		return false
	}
	switch {
	case e.o.Algorithm == IDAStar && e.h != nil && e.h.Name == hManhattan:
		return e.idaFastPath(pp)
	case e.o.Algorithm == IDS && e.o.Linear:
		return e.idsFastPath(pp)
	}
	return false
}

// newFast prepares a fast run on pp: the successor order as slots.
func (e *dfEngine[S]) newFast(pp *packedPuzzle) *idaFast {
	f := &idaFast{p: pp, skip: e.o.Parent == SkipParent}
	// the successor order as slots: sort the four action codes the way
	// orderSuccessors sorts a full set of successors
	all := make([]Successor[S], 4)
	for a := range all {
		all[a].Action = a
	}
	all = orderSuccessors(e.p, e.o.Order, &e.rank, all)
	for i, sc := range all {
		f.acts[i] = uint16(sc.Action)
	}
	for pos := range pp.geom.cells {
		for i, a := range f.acts {
			f.moves[pos][i] = pp.geom.next[pos][a]
		}
	}
	return f
}

// idaFastPath runs IDA* with Manhattan distance on pp to its end.
func (e *dfEngine[S]) idaFastPath(pp *packedPuzzle) bool {
	f := e.newFast(pp)
	start := pp.start
	h := int(pp.manhattan(start))
	f.threshold = h
	f.cnt = Counters{MaxOpen: 1}
	iter := 0
	status := NoSolution
	var gen0, exp0 int // the counters when the last iteration began
	for {
		iter++
		f.next = math.MaxInt
		f.open = 0
		gen0, exp0 = f.cnt.Generated, f.cnt.Expanded
		if f.search(start, blankOf(start), -1, 0, h) {
			status = Solved
			break
		}
		if f.next == math.MaxInt {
			break
		}
		f.threshold = f.next
	}
	e.iter, e.threshold = iter, float64(f.threshold)
	e.next = math.Inf(1)
	if f.next != math.MaxInt {
		e.next = float64(f.next)
	}
	defer func() {
		// the counters of the tree stepping holds at the end: the last
		// iteration's root and every child it generated, its expansions
		e.fastNodes, e.fastClosed = 1+f.cnt.Generated-gen0, f.cnt.Expanded-exp0
	}()
	e.standAt(f, status, func(s uint64, g float64) (h, fv float64) {
		h = float64(pp.manhattan(s))
		return h, g + h
	})
	return true
}

// standAt makes the engine stand where stepping would once a fast run on
// a puzzle ended with status: the tree is the solution path (or the
// root), the counters those of every iteration. hf gives a path node's h
// and f.
func (e *dfEngine[S]) standAt(f *idaFast, status Status, hf func(s uint64, g float64) (h, fv float64)) {
	pp := f.p
	start := pp.start
	e.topID = 0
	e.resetNodes()
	e.stack = e.stack[:0]
	h0, f0 := hf(start, 0)
	e.addNode(dfNode[S]{state: any(start).(S), h: h0, f: f0, parent: -1, action: noAction, status: dsClosed, order: 1})
	if status == Solved {
		cur := start
		for i := len(f.path) - 1; i >= 0; i-- {
			a := int(f.path[i])
			b := blankOf(cur)
			to := pp.geom.next[b][a]
			shift := 4 * uint(to)
			t := (cur >> shift) & 15
			cur = cur&^(15<<shift) | t<<(4*uint(b))
			g := float64(len(f.path) - i)
			hh, fv := hf(cur, g)
			e.addNode(dfNode[S]{state: any(cur).(S), g: g, h: hh, f: fv, parent: int32(len(e.nodes) - 1),
				depth: int32(g), action: uint16(a), status: dsClosed})
		}
		e.nodes[len(e.nodes)-1].status = dsGoal
		e.goal = int32(len(e.nodes) - 1)
	}
	e.status = status
	e.cnt = f.cnt
	e.cnt.Open = f.open
	e.cur = f.cnt.Steps
	e.sel = int32(len(e.nodes) - 1)
	e.fast = true
	e.later = f.later
	e.fastNodes, e.fastClosed = 0, 0
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
		shift := 4 * uint(to)
		t := (s >> shift) & 15
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
		kids[n].s = s&^(15<<shift) | t<<(4*uint(b))
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
