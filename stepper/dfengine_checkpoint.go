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
// Memory: at most maxCheckpoints+1 copies of the linear state, each
// O(depth · branching) nodes plus the table of iterations, whatever the
// number of steps. Time: a seek back costs at most K steps of search
// (K ≤ max(checkpointFirst, 2·furthest/maxCheckpoints)); going forward
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
	c.cps, c.succ, c.rank = nil, nil, nil
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

// restore moves the search to the last checkpoint at or before step k, or
// to step 0 if there is none. O(the nodes held).
func (e *dfEngine[S]) restore(k int) {
	i, _ := slices.BinarySearchFunc(e.cps, k+1, func(c *dfEngine[S], k int) int { return c.cur - k })
	if i == 0 {
		e.init()
		return
	}
	cps, every, succ, rank := e.cps, e.cpEvery, e.succ, e.rank
	*e = *cps[i-1].copyState()
	e.cps, e.cpEvery, e.succ, e.rank = cps, every, succ, rank
}

// seekCheckpointed is seek with checkpoints: O(K + the steps from the
// checkpoint restored, or the cursor, to k).
func (e *dfEngine[S]) seekCheckpointed(k int) int {
	if e.fast {
		e.init()
	}
	if k < e.cur || k > e.cur && len(e.cps) > 0 && e.cps[len(e.cps)-1].cur > e.cur {
		if c := e.lastCheckpointBefore(k); k < e.cur || c > e.cur {
			e.restore(k)
		}
	}
	for e.cur < k && !e.status.Done() {
		e.advance(nil)
	}
	return e.cur
}

// lastCheckpointBefore is the step of the last checkpoint at or before k,
// 0 if none.
func (e *dfEngine[S]) lastCheckpointBefore(k int) int {
	i, _ := slices.BinarySearchFunc(e.cps, k+1, func(c *dfEngine[S], k int) int { return c.cur - k })
	if i == 0 {
		return 0
	}
	return e.cps[i-1].cur
}

// checkpointCount is how many checkpoints the search keeps.
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
