package stepper

// This file is the depth-first engine's side of a fast run: a problem
// that implements [FastRunner] (a puzzle of up to 4×4, package
// stepper/puzzle) runs IDA* or linear IDS to its end as a tight recursion
// of its own, storing nothing but the path, when [Search.Run] runs such a
// search from step 0 to its end with no events asked for. The engine then
// stands where stepping would have ended: the tree is the solution path
// (or the root), the counters those of every iteration.

// FastRunner is a problem that can run a depth-first search to its end
// faster than stepping.
type FastRunner interface {
	// RunFast runs the search r describes to its end and fills r's
	// results, which must be exactly those of stepping to the end
	// (counters, status, path, bounds). It reports false, leaving the
	// results unset, when it does not run that search (another
	// algorithm or heuristic) or when a stepped search would stop at
	// its node cap first.
	RunFast(r *FastRun) bool
}

// FastRun is one fast run: what the engine asks for and what the problem
// answers.
type FastRun struct {
	// Algorithm is IDAStar (with Heuristic) or IDS (a linear search).
	Algorithm Algorithm
	Heuristic string
	// Order sorts action codes into the options' successor order, in
	// place, and returns them.
	Order func(actions []int) []int
	// SkipParent: never regenerate the parent's state (parent=skip).
	SkipParent bool
	// Depth is IDS's depth cap, 0 for none; MaxHeld the number of nodes
	// at which a stepped linear search stops.
	Depth, MaxHeld int

	// Status is Solved, NoSolution or Cutoff; Counters those of every
	// iteration, Open at the end included.
	Status   Status
	Counters Counters
	// Path lists the actions from the start to the goal (Solved).
	Path []int
	// Later counts the children generated after the path's child at
	// each node of the path ([Search.GeneratedOneByOne]).
	Later int
	// Iterations is the number of iterations; Threshold the last one's
	// bound and Next the smallest f over it (+Inf for none), for IDA*;
	// Limit the last depth limit and IterCutoffs its cutoffs, for IDS.
	Iterations         int
	Threshold, Next    float64
	Limit, IterCutoffs int
	// LastNodes and LastClosed are the nodes the last iteration's tree
	// holds and its expansions.
	LastNodes, LastClosed int
}

// fastPath runs the search to its end through the problem's FastRunner if
// it has one that runs it, and reports whether it did.
func (e *dfEngine[S]) fastPath() bool {
	if e.cur != 0 || e.o.Parent == PathParent || e.o.Checkpoint { // the fast paths know no path check and lay no checkpoint
		return false
	}
	fr, ok := any(e.p).(FastRunner)
	if !ok {
		return false
	}
	r := &FastRun{Algorithm: e.o.Algorithm, SkipParent: e.o.Parent == SkipParent, Depth: e.o.Depth, Order: e.orderActions}
	switch {
	case e.o.Algorithm == IDAStar && e.h != nil:
		r.Heuristic = e.h.Name
	case e.o.Algorithm == IDS && e.o.Linear:
		r.MaxHeld = e.o.MaxNodes
		if per := e.bytesPerNode(); per > 0 && e.o.MaxBytes/per < int64(r.MaxHeld) {
			r.MaxHeld = int(e.o.MaxBytes/per) + 1 // held·per > MaxBytes from there
		}
	default:
		return false
	}
	if !fr.RunFast(r) {
		return false
	}
	e.iter = r.Iterations
	if r.Algorithm == IDAStar {
		e.threshold, e.next = r.Threshold, r.Next
	} else {
		e.limit, e.iterCut = r.Limit, r.IterCutoffs
	}
	e.standAt(r)
	e.fastNodes, e.fastClosed = r.LastNodes, r.LastClosed
	return true
}

// orderActions sorts action codes the way orderSuccessors sorts a full
// set of successors.
func (e *dfEngine[S]) orderActions(actions []int) []int {
	all := make([]Successor[S], len(actions))
	for i, a := range actions {
		all[i].Action = a
	}
	all = orderSuccessors(e.p, e.o.Order, &e.rank, all)
	for i, sc := range all {
		actions[i] = sc.Action
	}
	return actions
}

// standAt makes the engine stand where stepping would once a fast run
// ended: the tree is the solution path (or the root), each node's state
// reached from its parent by the path's action, its h the search's
// heuristic (0 without one) and f = g + h.
func (e *dfEngine[S]) standAt(r *FastRun) {
	hf := func(s S, g float64) (h, f float64) {
		if e.h != nil {
			h = e.h.Estimate(s)
		}
		return h, g + h
	}
	start := e.p.Start()
	e.topID = 0
	e.resetNodes()
	e.stack = e.stack[:0]
	h0, f0 := hf(start, 0)
	e.addNode(dfNode[S]{state: start, h: h0, f: f0, parent: -1, action: noAction, status: dsClosed, order: 1})
	if r.Status == Solved {
		cur, g := start, 0.0
		var buf []Successor[S]
		for i, a := range r.Path {
			buf = e.p.Successors(cur, buf[:0])
			for _, sc := range buf {
				if sc.Action == a {
					cur, g = sc.State, g+sc.Cost
					break
				}
			}
			hh, fv := hf(cur, g)
			e.addNode(dfNode[S]{state: cur, g: g, h: hh, f: fv, parent: int32(len(e.nodes) - 1),
				depth: int32(i + 1), action: uint16(a), status: dsClosed})
		}
		e.nodes[len(e.nodes)-1].status = dsGoal
		e.goal = int32(len(e.nodes) - 1)
	}
	e.status = r.Status
	e.cnt = r.Counters
	e.cur = r.Counters.Steps
	e.sel = int32(len(e.nodes) - 1)
	e.fast = true
	e.later = r.Later
	e.fastNodes, e.fastClosed = 0, 0
}
