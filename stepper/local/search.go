package local

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
)

// Status is where a local search stands.
type Status string

// The statuses.
const (
	Running      Status = "running"
	Solved       Status = "solved"
	Stuck        Status = "stuck"         // at a local optimum or on a plateau past the sideways limit, no restart left
	LimitReached Status = "limit reached" // the steps, the schedule or the generations ran out
	Failed       Status = "failed"        // the problem (a script) failed: Why says why
)

// Failer is a problem that can fail during a search (a script's): once
// Err is not nil, the search ends with status Failed, the error its why.
type Failer interface{ Err() error }

// Renewer is a problem that can be had again as it was before any search:
// nothing asked, no failure. A problem that fails keeps its first failure
// for its life (a script's), so a search that must not inherit another's
// (an export's trial run before its replay) runs on a renewed problem.
type Renewer interface{ Renew() (Problem, error) }

// Renewed is p as it was before any search when p is a [Renewer], p
// itself otherwise.
func Renewed(p Problem) (Problem, error) {
	if r, ok := p.(Renewer); ok {
		return r.Renew()
	}
	return p, nil
}

// What says what a step did.
type What string

// The kinds of step.
const (
	Uphill     What = "uphill"     // to a better neighbour (h lower)
	Sideways   What = "sideways"   // to a neighbour as good, on a plateau
	Downhill   What = "downhill"   // annealing: to a worse neighbour, accepted by chance
	Rejected   What = "rejected"   // annealing: a worse neighbour, not taken
	Restart    What = "restart"    // a random restart after being stuck
	StuckHere  What = "stuck"      // no neighbour taken: the search ends here (or restarts next)
	Generation What = "generation" // one generation of the genetic algorithm
)

// Event is what one step did.
type Event struct {
	Step int    `json:"step"`
	What What   `json:"what"`
	Move string `json:"move,omitempty"`
	// From and H are h before and after the step.
	From float64 `json:"from"`
	H    float64 `json:"h"`
	// Considered counts the neighbours priced; BestH is the best of them.
	Considered int     `json:"considered,omitempty"`
	BestH      float64 `json:"bestH"`
	// T and P are annealing's temperature and the probability with which
	// a worse move was accepted.
	T     float64 `json:"t,omitempty"`
	P     float64 `json:"p,omitempty"`
	State string  `json:"state"`
	Why   string  `json:"why,omitempty"`
}

// Result is a local search's outcome.
type Result struct {
	Problem  string  `json:"problem"`
	Options  string  `json:"options"`
	Status   Status  `json:"status"`
	Steps    int     `json:"steps"`
	H        float64 `json:"h"`
	Restarts int     `json:"restarts"`
	State    string  `json:"state"`
	Why      string  `json:"why,omitempty"`
}

// Search is one local search, stepped one move at a time. It is not safe
// for concurrent use.
type Search struct {
	p        Problem
	o        Options
	rng      *rand.Rand
	s        []int
	h        float64
	status   Status
	why      string
	steps    int
	restarts int
	sideways int // consecutive sideways moves so far
	stuck    bool
	pop      [][]int // genetic: the population
	popH     []float64
	next     [][]int
}

// New starts a search from p's start state.
func New(p Problem, o Options) (*Search, error) {
	o, err := o.Normalize()
	if err != nil {
		return nil, err
	}
	q, isQueens := p.(*Queens)
	if o.Algorithm == Genetic && !isQueens {
		return nil, fmt.Errorf("genetic crosses states as strings of independent digits: it runs on queens, not on %s (a tour's halves do not make a tour)", p.Kind())
	}
	s := &Search{p: p, o: o, rng: rand.New(rand.NewPCG(o.Seed, 0xa11ce)), s: p.Start(), status: Running}
	s.h = p.H(s.s)
	if o.Algorithm == Genetic {
		s.pop = append(s.pop, s.s)
		for len(s.pop) < o.Population {
			s.pop = append(s.pop, q.Random(s.rng))
		}
		s.popH = make([]float64, len(s.pop))
		for i, x := range s.pop {
			s.popH[i] = p.H(x)
		}
		s.best()
	}
	if p.Goal(s.h) {
		s.status, s.why = Solved, "the start is a solution"
	}
	if f, ok := p.(Failer); ok && f.Err() != nil {
		return nil, f.Err()
	}
	return s, nil
}

// Problem is the problem searched; Options the normalized options.
func (s *Search) Problem() Problem { return s.p }
func (s *Search) Options() Options { return s.o }

// Status is where the search stands.
func (s *Search) Status() Status { return s.status }

// State is the current state (the best individual for genetic); the
// caller must not change it.
func (s *Search) State() []int { return s.s }

// Result is the outcome so far.
func (s *Search) Result() Result {
	return Result{Problem: s.p.Spec(), Options: s.o.String(), Status: s.status, Steps: s.steps,
		H: s.h, Restarts: s.restarts, State: s.p.StateName(s.s), Why: s.why}
}

// Step takes one step and returns its event; false when the search is
// over. Cost: hill climbing prices every neighbour (n-queens O(n³), a tour
// O(n²)); stochastic hill climbing the same; annealing one neighbour;
// genetic one generation, O(population · n²).
func (s *Search) Step() (Event, bool) {
	if s.status != Running {
		return Event{}, false
	}
	var ev Event
	s.advance(&ev)
	ev.State = s.p.StateName(s.s)
	return ev, true
}

// Run steps until the search is over, or max steps (max ≤ 0: no bound).
func (s *Search) Run(max int) Status {
	for i := 0; (max <= 0 || i < max) && s.status == Running; i++ {
		s.advance(nil)
	}
	return s.status
}

func (s *Search) advance(ev *Event) {
	if ev == nil {
		ev = &Event{}
	}
	s.steps++
	ev.Step, ev.From = s.steps, s.h
	switch s.o.Algorithm {
	case HillClimb, Stochastic:
		s.climb(ev)
	case Anneal:
		s.anneal(ev)
	case Genetic:
		s.generation(ev)
	}
	ev.H = s.h
	if s.status == Running && s.p.Goal(s.h) {
		s.status, s.why = Solved, "h = 0: a solution"
	}
	if s.status == Running && s.steps >= s.o.MaxSteps {
		s.status, s.why = LimitReached, "maxsteps="+strconv.Itoa(s.o.MaxSteps)+" steps taken"
	}
	if f, ok := s.p.(Failer); ok && f.Err() != nil {
		s.status, s.why = Failed, f.Err().Error()
		ev.Why = s.why
	}
	if s.status != Running && ev.Why == "" {
		ev.Why = s.why
	}
}

const eps = 1e-9

// climb is one step of hill climbing: steepest ascent takes the best
// neighbour (ties broken uniformly at random), stochastic a uniformly
// random better one. After a step that finds nothing to take, the next is
// a restart if any is left.
func (s *Search) climb(ev *Event) {
	if s.stuck {
		s.stuck, s.sideways = false, 0
		s.restarts++
		s.s = s.p.Random(s.rng)
		s.h = s.p.H(s.s)
		ev.What, ev.Why = Restart, fmt.Sprintf("restart %d of %d", s.restarts, s.o.Restarts)
		return
	}
	var best Move
	bestH, ties, better := math.Inf(1), 0, 0
	stochastic := s.o.Algorithm == Stochastic
	s.p.Neighbours(s.s, s.h, func(m Move, h float64) {
		ev.Considered++
		if stochastic {
			bestH = min(bestH, h)
			if h < s.h-eps {
				better++
				if s.rng.IntN(better) == 0 {
					best = m
				}
			}
			return
		}
		switch {
		case h < bestH-eps:
			best, bestH, ties = m, h, 1
		case h <= bestH+eps:
			ties++
			if s.rng.IntN(ties) == 0 {
				best = m
			}
		}
	})
	ev.BestH = bestH
	switch {
	case stochastic && better > 0, !stochastic && bestH < s.h-eps:
		s.take(best, ev, Uphill)
		s.sideways = 0
		return
	case !stochastic && bestH <= s.h+eps && s.sideways < s.o.Sideways:
		s.take(best, ev, Sideways)
		s.sideways++
		return
	}
	ev.What = StuckHere
	switch {
	case bestH <= s.h+eps && !stochastic:
		ev.Why = fmt.Sprintf("on a plateau: the best neighbour's h is %s, as good, and %d sideways moves are used up", fmtH(bestH), s.o.Sideways)
	default:
		ev.Why = fmt.Sprintf("at a local minimum: no neighbour is better than h = %s", fmtH(s.h))
	}
	if s.restarts < s.o.Restarts {
		s.stuck = true
		return
	}
	s.status, s.why = Stuck, ev.Why
}

func (s *Search) take(m Move, ev *Event, what What) {
	s.h = s.p.MoveH(s.s, s.h, m)
	s.p.Apply(s.s, m)
	ev.What, ev.Move = what, s.p.MoveName(m)
}

// anneal is one step of simulated annealing (AIMA Fig. 4.5): a random
// neighbour, taken if better, else with probability e^(−Δh/T).
func (s *Search) anneal(ev *Event) {
	t := s.o.sched(s.steps - 1)
	ev.T = t
	if t <= 0 {
		ev.What = StuckHere
		s.status, s.why = LimitReached, fmt.Sprintf("the schedule reached T = 0 at t = %d", s.steps-1)
		return
	}
	m := s.p.RandomMove(s.s, s.rng)
	h := s.p.MoveH(s.s, s.h, m)
	ev.Considered, ev.BestH = 1, h
	switch {
	case h < s.h-eps:
		s.take(m, ev, Uphill)
	case h <= s.h+eps:
		s.take(m, ev, Sideways)
	default:
		p := math.Exp((s.h - h) / t)
		ev.P = p
		if s.rng.Float64() < p {
			s.take(m, ev, Downhill)
		} else {
			ev.What, ev.Move = Rejected, s.p.MoveName(m)
		}
	}
}

// generation is one generation of the genetic algorithm (AIMA 4e Fig.
// 4.8): each child is the crossover, at a uniform cut, of two parents
// chosen with probability proportional to their fitness (the pairs of
// queens not attacking each other), then with probability Mutation one
// random column gets a random row. The current state is the best
// individual.
func (s *Search) generation(ev *Event) {
	n := len(s.s)
	maxPairs := float64(n * (n - 1) / 2)
	total := 0.0
	for _, h := range s.popH {
		total += maxPairs - h
	}
	pick := func() []int {
		x := s.rng.Float64() * total
		for i, h := range s.popH {
			x -= maxPairs - h
			if x < 0 {
				return s.pop[i]
			}
		}
		return s.pop[len(s.pop)-1]
	}
	if len(s.next) != len(s.pop) {
		s.next = make([][]int, len(s.pop))
		for i := range s.next {
			s.next[i] = make([]int, n)
		}
	}
	for i := range s.next {
		x, y := pick(), pick()
		c := 1 + s.rng.IntN(n-1)
		copy(s.next[i], x[:c])
		copy(s.next[i][c:], y[c:])
		if s.rng.Float64() < s.o.Mutation {
			s.next[i][s.rng.IntN(n)] = s.rng.IntN(n)
		}
	}
	s.pop, s.next = s.next, s.pop
	for i, x := range s.pop {
		s.popH[i] = s.p.H(x)
	}
	s.best()
	ev.What, ev.Considered, ev.BestH = Generation, len(s.pop), s.h
	if s.steps >= s.o.Generations && !s.p.Goal(s.h) {
		s.status, s.why = LimitReached, fmt.Sprintf("%d generations without a solution", s.o.Generations)
	}
}

// best makes the population's best individual (the first of the best)
// the current state, as a copy.
func (s *Search) best() {
	b := 0
	for i, h := range s.popH {
		if h < s.popH[b] {
			b = i
		}
	}
	s.s, s.h = append([]int(nil), s.pop[b]...), s.popH[b]
}

func fmtH(h float64) string { return strconv.FormatFloat(h, 'g', 6, 64) }
