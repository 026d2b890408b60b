// Package hcheck answers "is my heuristic admissible? consistent?" for a
// problem instance: it explores the states reachable from the start
// ([stepper.ExploreStates]), computes the true cost to a goal h* by a
// backward uniform-cost search, and reports every state where h > h*, every
// edge where h(n) > c(n, n') + h(n'), and every goal where h != 0.
// [CheckHeuristicFacts] also keeps every explored state's facts so that a
// grader can verify a claimed counterexample.
package hcheck

import (
	"container/heap"
	"fmt"
	"io"
	"math"
	"sort"

	"stepviz/internal/words"
	"stepviz/stepper"
)

// DefaultCheckStates is how many states CheckHeuristic explores by
// default: the whole space of the 8-puzzle (181,440) fits, the 15-puzzle's
// does not.
const DefaultCheckStates = 200_000

// HeuristicCheck is the answer to "is my heuristic admissible? consistent?"
// over the states reachable from the start, or the first maxStates of them
// in breadth-first order when the space is bigger.
type HeuristicCheck struct {
	Heuristic string `json:"heuristic"`
	States    int    `json:"states"` // states explored
	Edges     int    `json:"edges"`  // successor edges among them
	// Complete is true when every reachable state was explored: h* is then
	// the true cost to the goal. Otherwise h* is the cheapest cost within
	// the explored states, an upper bound of the true one, so an h > h* is
	// a suspect rather than a proof.
	Complete bool `json:"complete"`
	// BudgetSpent is true when the problem's budget of work (a script's
	// Starlark steps) ran out before the bound on states was reached: the
	// states explored are the first ones reached, and Complete is false.
	BudgetSpent bool `json:"budgetSpent,omitempty"`
	Goals       int  `json:"goals"`
	// ToGoal counts the explored states with a path to a goal (finite h*).
	ToGoal int `json:"toGoal"`
	// Overestimates counts the states where h > h* (not admissible);
	// Worst lists the largest excesses first, at most MaxExamples.
	Overestimates int              `json:"overestimates"`
	Worst         []StateViolation `json:"worst,omitempty"`
	// Inconsistent counts the edges n → n' where h(n) > c(n, n') + h(n');
	// WorstEdges lists the largest gaps first.
	Inconsistent int             `json:"inconsistent"`
	WorstEdges   []EdgeViolation `json:"worstEdges,omitempty"`
	// GoalNotZero lists goal states where h != 0.
	GoalNotZero []StateViolation `json:"goalNotZero,omitempty"`
}

// MaxExamples bounds the examples a HeuristicCheck lists for each finding.
const MaxExamples = 5

// StateViolation is a state where h exceeds h* (or a goal where h != 0).
type StateViolation struct {
	State string  `json:"state"`
	H     float64 `json:"h"`
	HStar float64 `json:"hStar"`
}

// EdgeViolation is an edge where h(from) > cost + h(to).
type EdgeViolation struct {
	From   string  `json:"from"`
	Action string  `json:"action"`
	To     string  `json:"to"`
	Cost   float64 `json:"cost"`
	HFrom  float64 `json:"hFrom"`
	HTo    float64 `json:"hTo"`
}

// Admissible reports whether no explored state overestimates (and every
// goal has h = 0).
func (c *HeuristicCheck) Admissible() bool { return c.Overestimates == 0 && len(c.GoalNotZero) == 0 }

// Consistent reports whether no explored edge breaks h(n) <= c + h(n').
func (c *HeuristicCheck) Consistent() bool { return c.Inconsistent == 0 && len(c.GoalNotZero) == 0 }

// CheckHeuristic explores the states reachable from the start of inst
// (breadth first, at most maxStates; <= 0 means DefaultCheckStates),
// computes h* by a backward uniform-cost search from the goals over the
// explored edges, and reports every state where h > h*, every edge where
// h(n) > c(n, n') + h(n'), and every goal where h != 0. Cost: O(E log V)
// time and O(V + E) memory for V states and E edges explored.
func CheckHeuristic(inst stepper.Instance, h string, maxStates int) (*HeuristicCheck, error) {
	return checkHeuristic(inst, h, maxStates, nil)
}

func checkHeuristic(inst stepper.Instance, h string, maxStates int, keep *HeuristicFacts) (*HeuristicCheck, error) {
	if maxStates <= 0 {
		maxStates = DefaultCheckStates
	}
	sp, err := stepper.ExploreStates(inst, h, maxStates)
	if err != nil {
		return nil, err
	}
	return check(sp, keep), nil
}

func check(sp *stepper.StateSpace, keep *HeuristicFacts) *HeuristicCheck {
	rep := &HeuristicCheck{Heuristic: sp.Heuristic, Complete: sp.Complete, BudgetSpent: sp.BudgetSpent, States: len(sp.Out)}
	out := sp.Out
	for _, es := range out {
		rep.Edges += len(es)
	}
	// h* by a backward uniform-cost search from every goal.
	in := make([][]stepper.SpaceEdge, len(out)) // in[v]: edges u -> v, stored as (u, cost)
	for u, es := range out {
		for _, ed := range es {
			in[ed.To] = append(in[ed.To], stepper.SpaceEdge{To: int32(u), Action: ed.Action, Cost: ed.Cost})
		}
	}
	hstar := make([]float64, len(out))
	pq := &distHeap{}
	for i := range out {
		hstar[i] = math.Inf(1)
		if sp.Goal[i] {
			hstar[i] = 0
			heap.Push(pq, distItem{int32(i), 0})
			rep.Goals++
		}
	}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(distItem)
		if it.d > hstar[it.id] {
			continue
		}
		for _, ed := range in[it.id] {
			if d := it.d + ed.Cost; d < hstar[ed.To] {
				hstar[ed.To] = d
				heap.Push(pq, distItem{ed.To, d})
			}
		}
	}
	hv := sp.H
	if keep != nil {
		keep.keep(rep, len(out), sp.Format, hv, hstar, out, sp.ActionName)
	}
	const eps = 1e-9
	for i := range out {
		if math.IsInf(hstar[i], 1) {
			continue
		}
		rep.ToGoal++
		if hstar[i] == 0 && hv[i] != 0 {
			rep.GoalNotZero = append(rep.GoalNotZero, StateViolation{State: sp.Format(i), H: hv[i], HStar: 0})
		}
		if hv[i] > hstar[i]+eps {
			rep.Overestimates++
			rep.Worst = append(rep.Worst, StateViolation{State: sp.Format(i), H: hv[i], HStar: hstar[i]})
		}
		for _, ed := range out[i] {
			if hv[i] > ed.Cost+hv[ed.To]+eps {
				rep.Inconsistent++
				rep.WorstEdges = append(rep.WorstEdges, EdgeViolation{From: sp.Format(i), Action: sp.ActionName(int(ed.Action)),
					To: sp.Format(int(ed.To)), Cost: ed.Cost, HFrom: hv[i], HTo: hv[ed.To]})
			}
		}
	}
	sort.SliceStable(rep.Worst, func(a, b int) bool {
		return rep.Worst[a].H-rep.Worst[a].HStar > rep.Worst[b].H-rep.Worst[b].HStar
	})
	sort.SliceStable(rep.WorstEdges, func(a, b int) bool {
		x, y := rep.WorstEdges[a], rep.WorstEdges[b]
		return x.HFrom-x.Cost-x.HTo > y.HFrom-y.Cost-y.HTo
	})
	rep.Worst = rep.Worst[:min(len(rep.Worst), MaxExamples)]
	rep.WorstEdges = rep.WorstEdges[:min(len(rep.WorstEdges), MaxExamples)]
	rep.GoalNotZero = rep.GoalNotZero[:min(len(rep.GoalNotZero), MaxExamples)]
	return rep
}

type distItem struct {
	id int32
	d  float64
}

type distHeap []distItem

func (h distHeap) Len() int           { return len(h) }
func (h distHeap) Less(i, j int) bool { return h[i].d < h[j].d }
func (h distHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *distHeap) Push(x any)        { *h = append(*h, x.(distItem)) }
func (h *distHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// StateInequality writes the admissibility test at a state with its
// numbers, in the words of every report and grade: "h = 6 > h* = 5.414"
// (rel ">" for a state that overestimates, "<=" for one that does not).
func StateInequality(h, hStar float64, rel string) string {
	return fmt.Sprintf("h = %s %s h* = %s", stepper.FormatNumber(h), rel, stepper.FormatNumber(hStar))
}

// EdgeInequality writes the consistency test of an edge n -> n' with its
// numbers, in the words of every report and grade:
// "h(n) = 3 > c(n, n') + h(n') = 1.414 + 1" (rel ">" for an edge that
// breaks it, "<=" for one that keeps it).
func EdgeInequality(hFrom, cost, hTo float64, rel string) string {
	return fmt.Sprintf("h(n) = %s %s c(n, n') + h(n') = %s + %s", stepper.FormatNumber(hFrom), rel, stepper.FormatNumber(cost), stepper.FormatNumber(hTo))
}

// WriteText writes the report for people: the verdicts, then the worst
// examples of each finding.
func (c *HeuristicCheck) WriteText(w io.Writer) {
	scope := fmt.Sprintf("all %d reachable states", c.States)
	switch {
	case c.BudgetSpent:
		scope = fmt.Sprintf("the first %d states reached (breadth first) before the script's budget of Starlark steps ran out (h* is the cheapest cost within them: a violation is a suspect, not a proof; faster successors and h let the check go further)", c.States)
	case !c.Complete:
		scope = fmt.Sprintf("the first %d states reached (breadth first; the space is bigger, so h* is the cheapest cost within them: a violation is a suspect, not a proof)", c.States)
	}
	fmt.Fprintf(w, "heuristic %s over %s, %s, %s, %s\n", c.Heuristic, scope, words.Count(c.Edges, "edge", "edges"), words.Count(c.Goals, "goal state", "goal states"), words.Count(c.ToGoal, "state that reaches a goal", "states that reach a goal"))
	verdict := func(ok bool) string {
		if ok {
			return "yes"
		}
		return "NO"
	}
	fmt.Fprintf(w, "admissible  %s: %s where h > h*\n", verdict(c.Admissible()), words.Count(c.Overestimates, "state", "states"))
	for _, v := range c.Worst {
		fmt.Fprintf(w, "  %s  %s\n", v.State, StateInequality(v.H, v.HStar, ">"))
	}
	if c.Overestimates > 0 {
		fmt.Fprintln(w, "  (h must never exceed h*, the cheapest cost from the state to a goal: lower h there)")
	}
	goalWhy := ""
	if len(c.GoalNotZero) > 0 {
		goalWhy = "h(goal) is not 0 (below); "
	}
	fmt.Fprintf(w, "consistent  %s: %s%s where h(n) > c(n, n') + h(n')\n", verdict(c.Consistent()), goalWhy, words.Count(c.Inconsistent, "edge", "edges"))
	for _, v := range c.WorstEdges {
		fmt.Fprintf(w, "  %s -%s-> %s  %s\n", v.From, v.Action, v.To, EdgeInequality(v.HFrom, v.Cost, v.HTo, ">"))
	}
	if c.Inconsistent > 0 {
		fmt.Fprintln(w, "  (h may fall along an edge by at most the edge's cost c(n, n'); where it falls more, A* can expand a state before its cheapest path is known)")
	}
	if len(c.GoalNotZero) > 0 {
		fmt.Fprintf(w, "h(goal) must be 0, but is not at:\n")
		for _, v := range c.GoalNotZero {
			fmt.Fprintf(w, "  %s  h = %s\n", v.State, stepper.FormatNumber(v.H))
		}
	}
}
