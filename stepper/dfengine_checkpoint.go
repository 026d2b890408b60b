package stepper

import "slices"

// This file is the depth-first family's seekable bounded mode
// (Options.Checkpoint), for callers that step back and forth (the live
// server, the notebook) on searches too long to journal. The search runs
// in the linear mode (dfengine_linear.go: the path and its pending
// siblings, no journal of past steps) and keeps checkpoints: copies of
// the whole engine at steps that are multiples of an interval K. K starts
// at checkpointFirst and doubles, dropping every other checkpoint,
// whenever there would be more than maxCheckpoints, so the checkpoints
// are exactly the multiples of K up to the furthest step reached (step 0
// is init). Seek to step k restores the last checkpoint at or before k
// (when k is behind the cursor, or a checkpoint lies between the cursor
// and k) and steps forward, building no event, to k.
//
// Going back, it lays besides up to maxCheckpoints local checkpoints
// between the checkpoint restored and the step sought (seekCheckpointed).
//
// Memory: at most 2·maxCheckpoints+1 copies of the linear state, each
// O(depth · branching) nodes plus the table of iterations, whatever the
// number of steps. Time: a seek back costs at most K steps of search
// (K ≤ max(checkpointFirst, 2·furthest/maxCheckpoints)), a step back
// after it about K/64; going forward
// costs the steps crossed. Every event, status, counter, path, iteration,
// bound and node held at a step is what the journaled search gives there:
// a step's state depends only on the steps before it, and a checkpoint is
// that state.

const (
	// maxCheckpoints bounds the checkpoints a search keeps.
	maxCheckpoints = 64
	// checkpointFirst is the first interval between checkpoints.
	checkpointFirst = 64
)

// checkpointed reports whether the search keeps checkpoints.
func (e *dfEngine[S]) checkpointed() bool { return e.o.Checkpoint }

// copyState is a copy of e's state that shares no slice with it, and no
// checkpoint. O(the nodes held + one step's journal + iterations).
func (e *dfEngine[S]) copyState() *dfEngine[S] {
	c := *e
	c.cps, c.local, c.succ, c.rank = nil, nil, nil, nil
	c.nodes = slices.Clone(e.nodes)
	c.stack = slices.Clone(e.stack)
	c.frames = cloneFrames(e.frames)
	c.notes, c.backs = slices.Clone(e.notes), slices.Clone(e.backs)
	c.recs, c.scs, c.ops, c.kind = slices.Clone(e.recs), slices.Clone(e.scs), slices.Clone(e.ops), slices.Clone(e.kind)
	c.flog, c.blog = cloneFrames(e.flog), slices.Clone(e.blog)
	c.dx = deltaIndex{base: e.dx.base} // rebuilt lazily
	c.blocks, c.iters = slices.Clone(e.blocks), slices.Clone(e.iters)
	return &c
}

func cloneFrames(fs []rbfsFrame) []rbfsFrame {
	if fs == nil {
		return nil
	}
	c := make([]rbfsFrame, len(fs))
	for i, f := range fs {
		c[i] = cloneFrame(f)
	}
	return c
}

// checkpoint keeps the state at the cursor if it is a multiple of the
// interval past the last checkpoint, thinning the checkpoints when there
// are too many. Called after each step searched (not replayed). O(1)
// amortised, plus copyState when it keeps one.
func (e *dfEngine[S]) checkpoint() {
	if e.cpEvery == 0 {
		e.cpEvery = checkpointFirst
	}
	if e.cur%e.cpEvery != 0 || len(e.cps) > 0 && e.cps[len(e.cps)-1].cur >= e.cur {
		return
	}
	e.cps = append(e.cps, e.copyState())
	if len(e.cps) > maxCheckpoints {
		e.cpEvery *= 2
		e.cps = slices.DeleteFunc(e.cps, func(c *dfEngine[S]) bool { return c.cur%e.cpEvery != 0 })
	}
}

// latest is the last checkpoint at or before step k in cps, nil if none.
// O(log checkpoints).
func latest[S comparable](cps []*dfEngine[S], k int) *dfEngine[S] {
	i, _ := slices.BinarySearchFunc(cps, k+1, func(c *dfEngine[S], k int) int { return c.cur - k })
	if i == 0 {
		return nil
	}
	return cps[i-1]
}

// restore moves the search to checkpoint c, or to step 0 if c is nil.
// O(the nodes held).
func (e *dfEngine[S]) restore(c *dfEngine[S]) {
	if c == nil {
		e.init()
		return
	}
	cps, local, every, succ, rank := e.cps, e.local, e.cpEvery, e.succ, e.rank
	*e = *c.copyState()
	e.cps, e.local, e.cpEvery, e.succ, e.rank = cps, local, every, succ, rank
}

// seekCheckpointed is seek with checkpoints. It starts from the cursor or
// the latest checkpoint at or before k, whichever is later, and searches
// forward to k. Going back from a checkpoint of the even spacing it lays
// local checkpoints on the way, at most maxCheckpoints at a spacing of a
// 64th of the distance, which replace the earlier ones: a lecturer's
// steps back one at a time then cost O(K/64) steps each, not O(K).
// O(the steps searched).
func (e *dfEngine[S]) seekCheckpointed(k int) int {
	if e.fast {
		e.init()
	}
	from := e.cur
	if k < e.cur {
		from = -1
	}
	c, l := latest(e.cps, k), latest(e.local, k)
	var every int
	switch {
	case l != nil && l.cur > from && (c == nil || l.cur >= c.cur):
		e.restore(l)
	case c != nil && c.cur > from || from < 0:
		e.restore(c)
		if d := k - e.cur; d > 2*checkpointFirst {
			clear(e.local)
			every, e.local = max(d/maxCheckpoints, 1), e.local[:0]
		}
	}
	for e.cur < k && !e.status.Done() {
		e.advance(nil)
		if every > 0 && e.cur%every == 0 && e.cur < k {
			e.local = append(e.local, e.copyState())
		}
	}
	return e.cur
}

// checkpointCount is how many checkpoints of the even spacing the search
// keeps (the local ones are as many at most).
func (e *dfEngine[S]) checkpointCount() int { return len(e.cps) }

// nodesHeld is the nodes the search stores: in the linear mode those held
// and its checkpoints', else NodeCount's.
func (e *dfEngine[S]) nodesHeld() int {
	if !e.o.Linear {
		return e.nodeCount()
	}
	n := len(e.nodes)
	for _, c := range e.cps {
		n += len(c.nodes)
	}
	for _, c := range e.local {
		n += len(c.nodes)
	}
	return n
}

// NodesHeld is how many nodes the search stores, what a memory budget
// counts: NodeCount, except for the depth-first family with
// Options.Linear or Checkpoint, where it is the nodes held now and in the
// checkpoints, O(depth · branching · checkpoints). O(checkpoints).
func (s *Search) NodesHeld() int {
	if d, ok := s.eng.(interface{ nodesHeld() int }); ok {
		return d.nodesHeld()
	}
	return s.NodeCount()
}
