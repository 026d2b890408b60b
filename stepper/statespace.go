package stepper

import (
	"errors"

	"stepviz/internal/usererr"
)

// StateSpace is the part of an instance's state space reachable from its
// start, explored breadth first, with one heuristic's value at every state.
// States are numbered in the order reached; state 0 is the start. It is
// what a heuristic checker (package stepper/hcheck) reads.
type StateSpace struct {
	Heuristic string
	// Complete is true when every reachable state was explored; otherwise
	// edges to states beyond the bound are left out.
	Complete bool
	// BudgetSpent is true when the problem's budget of work (a script's
	// steps) ran out before the bound was reached: the states explored are
	// then the first ones reached, and the last of them may lack some or
	// all of their edges.
	BudgetSpent bool
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

// budgetSpender is an error that may say that a problem's budget of work
// ran out (a script's steps) rather than that the problem is wrong.
type budgetSpender interface{ BudgetSpent() bool }

// explorer is the engine's side of ExploreStates.
type explorer interface {
	explore(maxStates int) (*StateSpace, error)
}

// ExploreStates explores the states reachable from the start of inst,
// breadth first, at most maxStates of them (> 0), and evaluates heuristic
// h (the instance's default when "") at each. When the problem's budget of
// work runs out first, it returns the states reached so far with
// BudgetSpent set; any other failure of the problem or of h is an error.
// Cost: O(V + E) time and memory for V states and E edges explored, plus
// V heuristic calls.
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
	// add numbers s, with its goal test and h; false when the problem or
	// the heuristic failed there (s is then left out).
	add := func(s S) (int32, bool) {
		if id, ok := index[s]; ok {
			return id, true
		}
		goal, h := e.p.IsGoal(s), e.h.Estimate(s)
		if e.failure() != nil {
			return 0, false
		}
		id := int32(len(states))
		index[s] = id
		states = append(states, s)
		sp.Out = append(sp.Out, nil)
		sp.Goal = append(sp.Goal, goal)
		sp.H = append(sp.H, h)
		return id, true
	}
	sp.Format = func(i int) string { return e.p.Format(states[i]) }
	// stopped ends the exploration at a failure: an error, unless the
	// failure is a spent budget, which ends it where it got to.
	stopped := func() (*StateSpace, error) {
		err := e.failure()
		var b budgetSpender
		if len(states) == 0 || !errors.As(err, &b) || !b.BudgetSpent() {
			return nil, err
		}
		sp.Complete, sp.BudgetSpent = false, true
		return sp, nil
	}
	if _, ok := add(e.p.Start()); !ok {
		return stopped()
	}
	var buf []Successor[S]
	for next := 0; next < len(states); next++ {
		buf = e.p.Successors(states[next], buf[:0])
		if e.failure() != nil {
			return stopped()
		}
		for _, sc := range buf {
			if _, known := index[sc.State]; !known && len(states) >= maxStates {
				sp.Complete = false
				continue
			}
			to, ok := add(sc.State)
			if !ok {
				return stopped()
			}
			sp.Out[next] = append(sp.Out[next], SpaceEdge{To: to, Action: int32(sc.Action), Cost: sc.Cost})
		}
	}
	return sp, nil
}
