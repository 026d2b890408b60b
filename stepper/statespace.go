package stepper

import "stepviz/internal/usererr"

// StateSpace is the part of an instance's state space reachable from its
// start, explored breadth first, with one heuristic's value at every state.
// States are numbered in the order reached; state 0 is the start. It is
// what a heuristic checker (package stepper/hcheck) reads.
type StateSpace struct {
	Heuristic string
	// Complete is true when every reachable state was explored; otherwise
	// edges to states beyond the bound are left out.
	Complete bool
	// Out lists each state's successor edges, in the problem's order.
	Out [][]SpaceEdge
	// H is the heuristic's value and Goal the goal test at each state.
	H    []float64
	Goal []bool
	// Format writes state i as the problem writes states; ActionName names
	// an action code.
	Format     func(i int) string
	ActionName func(action int) string
}

// SpaceEdge is one successor edge of a StateSpace.
type SpaceEdge struct {
	To, Action int32
	Cost       float64
}

// explorer is the engine's side of ExploreStates.
type explorer interface {
	explore(maxStates int) (*StateSpace, error)
}

// ExploreStates explores the states reachable from the start of inst,
// breadth first, at most maxStates of them (> 0), and evaluates heuristic
// h (the instance's default when "") at each. Cost: O(V + E) time and
// memory for V states and E edges explored, plus V heuristic calls.
func ExploreStates(inst Instance, h string, maxStates int) (*StateSpace, error) {
	if maxStates <= 0 {
		return nil, usererr.Errorf("stepper", "explore at least one state (asked for %d)", maxStates)
	}
	o, err := Options{Algorithm: AStar, Heuristic: h}.Normalize()
	if err != nil {
		return nil, err
	}
	eng, err := inst.Engine(o)
	if err != nil {
		return nil, err
	}
	x, ok := eng.(explorer)
	if !ok {
		return nil, usererr.Errorf("stepper", "cannot explore the states of a %s problem", inst.Kind())
	}
	return x.explore(maxStates)
}

func (e *engine[S]) explore(maxStates int) (*StateSpace, error) {
	sp := &StateSpace{Heuristic: e.h.Name, Complete: true, ActionName: e.p.ActionName}
	index := map[S]int32{}
	var states []S
	add := func(s S) int32 {
		if id, ok := index[s]; ok {
			return id
		}
		id := int32(len(states))
		index[s] = id
		states = append(states, s)
		sp.Out = append(sp.Out, nil)
		return id
	}
	add(e.p.Start())
	var buf []Successor[S]
	for next := 0; next < len(states); next++ {
		buf = e.p.Successors(states[next], buf[:0])
		if err := e.failure(); err != nil {
			return nil, err
		}
		for _, sc := range buf {
			if _, known := index[sc.State]; !known && len(states) >= maxStates {
				sp.Complete = false
				continue
			}
			to := add(sc.State)
			sp.Out[next] = append(sp.Out[next], SpaceEdge{To: to, Action: int32(sc.Action), Cost: sc.Cost})
		}
	}
	sp.H = make([]float64, len(states))
	sp.Goal = make([]bool, len(states))
	for i, s := range states {
		sp.Goal[i] = e.p.IsGoal(s)
		sp.H[i] = e.h.Estimate(s)
	}
	if err := e.failure(); err != nil {
		return nil, err
	}
	sp.Format = func(i int) string { return e.p.Format(states[i]) }
	return sp, nil
}
