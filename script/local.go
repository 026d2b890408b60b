package script

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"go.starlark.net/starlark"

	"stepviz/stepper"
	"stepviz/stepper/local"
)

// Local is a local-search script: value(state), the cost to minimise (as
// n-queens' attacking pairs: hill climbing goes downhill in it), and
// neighbours(state), a list of (action, next_state) pairs in the
// problem's natural order; the start is initial(rng), drawn from the seed
// (the problem line's seed=S, default 1), or the global start; optionally
// random_neighbour(state, rng), one (action, next_state) for annealing
// (default: a uniformly random element of neighbours(state)), the global
// goal_value (a state whose value is at most it is a solution; without it
// there is no goal test, as for a tour) and format(state).
//
// A local.Problem's state is a slice of ints; here it is one int, the
// index of the script's state interned in the problem. The script's
// answers are kept per state for the problem's life (its budget of
// [SearchSteps] steps is shared by its searches). After the first failure
// every value is +Inf and no neighbour is listed, and Err reports it: the
// engine's status is then local.Failed. Safe for concurrent use; owner:
// whoever parsed it; quota: maxFamilyStates states.
type Local struct {
	sc      *Script
	spec    string
	seed    uint64
	fn      struct{ value, neighbours, initial, randomNeighbour, format *starlark.Function }
	start   starlark.Value
	goal    float64
	hasGoal bool

	mu      sync.Mutex
	sb      *sandbox
	ids     *starlark.Dict
	nodes   []localNode
	actions map[string]int
	anames  []string
	err     error
}

type localNode struct {
	state     starlark.Value
	h         float64 // NaN: not asked
	nbrs      []local.Move
	nbrsKnown bool
	name      string
	nameKnown bool
}

var _ local.Problem = (*Local)(nil)
var _ local.Failer = (*Local)(nil)
var _ local.Renewer = (*Local)(nil)

// startSeedStream is the second word of the PCG seeding the start, as
// the built-in queens seeds its own: queens.star with initial(rng)
// drawing rng.randrange(n) per column starts where queens N seed=S does.
const startSeedStream = 0x51ed

// NewLocal makes a local-search problem of a loaded script.
func NewLocal(sc *Script) (*Local, error) {
	k, err := kindOf(sc)
	if err != nil {
		return nil, err
	}
	if k != localScript {
		return nil, &Error{Where: sc.Name, Msg: "not a local-search problem: define value(state) and neighbours(state), and initial(rng) or start"}
	}
	l := &Local{sc: sc, spec: specLine(sc), seed: 1, sb: newSandbox(sc.Name, SearchSteps), ids: starlark.NewDict(64), actions: map[string]int{}}
	for _, f := range []struct {
		name, sig string
		n         int
		dst       **starlark.Function
	}{
		{"value", "value(state)", 1, &l.fn.value},
		{"neighbours", "neighbours(state)", 1, &l.fn.neighbours},
		{"initial", "initial(rng)", 1, &l.fn.initial},
		{"random_neighbour", "random_neighbour(state, rng)", 2, &l.fn.randomNeighbour},
		{"format", "format(state)", 1, &l.fn.format},
	} {
		if *f.dst, err = sc.functionN(f.name, f.n, f.sig); err != nil {
			return nil, err
		}
	}
	for _, p := range sc.Params {
		if p.Name == "seed" {
			n, isInt := p.Value.(starlark.Int)
			var s uint64
			exact := false
			if isInt {
				s, exact = n.Uint64()
			}
			if !exact {
				return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("seed=%s: write a whole number from 0", p.Text)}
			}
			l.seed = s
		}
	}
	if gv, ok := sc.globals["goal_value"]; ok {
		x, finite := number(gv)
		if !finite {
			return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("goal_value = %s: give a finite number (a state whose value is at most it is a solution)", short(gv))}
		}
		l.goal, l.hasGoal = x, true
	}
	start, hasStart := sc.globals["start"]
	switch {
	case l.fn.initial == nil && !hasStart:
		return nil, &Error{Where: sc.Name, Msg: "no start: define def initial(rng): (a random state drawn with rng.randrange(n)) or start = ..."}
	case !hasStart:
		l.mu.Lock()
		start = l.callInitial(rand.New(rand.NewPCG(l.seed, startSeedStream)))
		l.mu.Unlock()
		if l.err != nil {
			return nil, l.err
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, err := l.intern(start); err != nil {
		return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("the start %s: %v", short(start), err)}
	}
	l.start = start
	if l.h(0); l.err != nil {
		return nil, l.err
	}
	return l, nil
}

// callInitial is initial(rng), or nil after a failure. l.mu held.
func (l *Local) callInitial(r *rand.Rand) starlark.Value {
	if l.err != nil {
		return nil
	}
	v, err := l.sb.call(l.fn.initial, rngValue{r})
	if err != nil {
		l.bad(err)
		return nil
	}
	return v
}

func (l *Local) intern(v starlark.Value) (int32, error) {
	if textSize(v, maxStateText) > maxStateText {
		return 0, fmt.Errorf("a state of more than %d characters as text; keep states small (a tuple of numbers)", maxStateText)
	}
	got, found, err := l.ids.Get(v)
	if err != nil {
		return 0, fmt.Errorf("%v: a state must be hashable (an int, a string, or a tuple of those; not a list or dict)", err)
	}
	if found {
		id, _ := got.(starlark.Int).Int64()
		return int32(id), nil
	}
	if len(l.nodes) >= maxFamilyStates {
		return 0, fmt.Errorf("more than %d distinct states: lower maxsteps or the restarts", maxFamilyStates)
	}
	v.Freeze()
	id := int32(len(l.nodes))
	if err := l.ids.SetKey(v, starlark.MakeInt(int(id))); err != nil {
		return 0, err
	}
	l.nodes = append(l.nodes, localNode{state: v, h: math.NaN()})
	return id, nil
}

func (l *Local) bad(err error) {
	if l.err == nil {
		l.err = err
	}
}

func (l *Local) badResult(fn *starlark.Function, args []starlark.Value, msg string) {
	l.bad(&Error{Where: l.sc.Name, Pos: fn.Position().String(), Func: fn.Name() + "(" + argText(args) + ")", Msg: msg})
}

// Renew is a new problem of the same script and parameters, nothing asked
// and no failure (local.Renewer).
func (l *Local) Renew() (local.Problem, error) { return NewLocal(l.sc) }

// Err is the script's first failure, if any (local.Failer).
func (l *Local) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

func (l *Local) id(s []int) int32 {
	if len(s) != 1 || s[0] < 0 || s[0] >= len(l.nodes) {
		return 0
	}
	return int32(s[0])
}

// Kind is "script"; Spec the problem line.
func (l *Local) Kind() string { return "script" }
func (l *Local) Spec() string { return l.spec }

// Script is the loaded script.
func (l *Local) Script() *Script { return l.sc }

// Start is the start state (initial(rng) from the seed, or start).
func (l *Local) Start() []int { return []int{0} }

// Random is initial(rng) from r: a restart. A script with start alone
// has nothing random to restart from, and fails saying so.
func (l *Local) Random(r *rand.Rand) []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fn.initial == nil {
		l.bad(&Error{Where: l.sc.Name, Msg: "a restart needs a random state: define def initial(rng): instead of start"})
		return []int{0}
	}
	v := l.callInitial(r)
	if v == nil {
		return []int{0}
	}
	id, err := l.intern(v)
	if err != nil {
		l.badResult(l.fn.initial, []starlark.Value{rngValue{r}}, fmt.Sprintf("returned %s: %v", short(v), err))
		return []int{0}
	}
	return []int{int(id)}
}

// H is value(state).
func (l *Local) H(s []int) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.h(l.id(s))
}

// h is value(state) of state id, cached. l.mu held.
func (l *Local) h(id int32) float64 {
	if l.err != nil {
		return math.Inf(1)
	}
	n := &l.nodes[id]
	if !math.IsNaN(n.h) {
		return n.h
	}
	v, err := l.sb.call(l.fn.value, n.state)
	if err != nil {
		l.bad(err)
		return math.Inf(1)
	}
	x, finite := number(v)
	if !finite {
		l.badResult(l.fn.value, []starlark.Value{n.state}, returned(v)+"; return a finite number, the cost to minimise")
		return math.Inf(1)
	}
	l.nodes[id].h = x
	return x
}

// Goal is value ≤ goal_value when the script sets goal_value.
func (l *Local) Goal(h float64) bool { return l.hasGoal && h <= l.goal+1e-9 }

// Neighbours lists neighbours(state) in the script's order, each with its
// value.
func (l *Local) Neighbours(s []int, _ float64, visit func(local.Move, float64)) {
	l.mu.Lock()
	id := l.id(s)
	moves := l.neighbours(id)
	hs := make([]float64, len(moves))
	for i, m := range moves {
		hs[i] = l.h(int32(m.B))
	}
	if l.err != nil {
		moves = nil
	}
	l.mu.Unlock()
	for i, m := range moves {
		visit(m, hs[i])
	}
}

// neighbours asks neighbours(state) once per state. l.mu held.
func (l *Local) neighbours(id int32) []local.Move {
	if l.nodes[id].nbrsKnown || l.err != nil {
		return l.nodes[id].nbrs
	}
	state := l.nodes[id].state
	args := []starlark.Value{state}
	v, err := l.sb.call(l.fn.neighbours, state)
	if err != nil {
		l.bad(err)
		return nil
	}
	list, ok := items(v)
	if !ok {
		l.badResult(l.fn.neighbours, args, returned(v)+"; return a list of (action, next_state)")
		return nil
	}
	out := make([]local.Move, 0, len(list))
	for i, it := range list {
		m, ok := l.pair(l.fn.neighbours, args, i, it)
		if !ok {
			return nil
		}
		out = append(out, m)
	}
	l.nodes[id].nbrs, l.nodes[id].nbrsKnown = out, true
	return out
}

// pair checks one (action, next_state) and interns it as a move: A the
// action's code, B the next state's id. l.mu held.
func (l *Local) pair(fn *starlark.Function, args []starlark.Value, i int, it starlark.Value) (local.Move, bool) {
	t, ok := it.(starlark.Tuple)
	if !ok || len(t) != 2 {
		l.badResult(fn, args, fmt.Sprintf("item %d, %s: want a pair (action, next_state)", i, short(it)))
		return local.Move{}, false
	}
	id, err := l.intern(t[1])
	if err != nil {
		l.badResult(fn, args, fmt.Sprintf("item %d: the next state %s: %v", i, short(t[1]), err))
		return local.Move{}, false
	}
	name := actionName(t[0])
	code, ok := l.actions[name]
	if !ok {
		if len(l.anames) > stepper.MaxAction {
			l.badResult(fn, args, fmt.Sprintf("more than %d distinct action names", stepper.MaxAction+1))
			return local.Move{}, false
		}
		code = len(l.anames)
		l.actions[name] = code
		l.anames = append(l.anames, name)
	}
	return local.Move{A: code, B: int(id)}, true
}

// MoveH is the value of the state m leads to.
func (l *Local) MoveH(_ []int, _ float64, m local.Move) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if m.B < 0 || m.B >= len(l.nodes) {
		return math.Inf(1)
	}
	return l.h(int32(m.B))
}

// RandomMove is random_neighbour(state, rng), or a uniformly random one
// of neighbours(state); at a state without neighbours, a move that stays.
func (l *Local) RandomMove(s []int, r *rand.Rand) local.Move {
	l.mu.Lock()
	defer l.mu.Unlock()
	id := l.id(s)
	stay := local.Move{A: -1, B: int(id)}
	if l.err != nil {
		return stay
	}
	if fn := l.fn.randomNeighbour; fn != nil {
		args := []starlark.Value{l.nodes[id].state, rngValue{r}}
		v, err := l.sb.call(fn, args...)
		if err != nil {
			l.bad(err)
			return stay
		}
		m, ok := l.pair(fn, args, 0, v)
		if !ok {
			return stay
		}
		return m
	}
	moves := l.neighbours(id)
	if len(moves) == 0 {
		return stay
	}
	return moves[r.IntN(len(moves))]
}

// Apply moves to the neighbour.
func (l *Local) Apply(s []int, m local.Move) {
	if len(s) == 1 && m.B >= 0 {
		s[0] = m.B
	}
}

// MoveName is the action's name ("stay" for a move that stays).
func (l *Local) MoveName(m local.Move) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if m.A < 0 || m.A >= len(l.anames) {
		return "stay"
	}
	return l.anames[m.A]
}

// StateName is format(state), or the state as Starlark writes it.
func (l *Local) StateName(s []int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := &l.nodes[l.id(s)]
	if n.nameKnown {
		return n.name
	}
	txt := defaultFormat(n.state)
	if fn := l.fn.format; fn != nil && l.err == nil {
		v, err := l.sb.call(fn, n.state)
		if err != nil {
			l.bad(err)
			return txt
		}
		str, ok := v.(starlark.String)
		if !ok {
			l.badResult(fn, []starlark.Value{n.state}, returned(v)+"; return a string")
			return txt
		}
		txt = string(str)
	}
	n.name, n.nameKnown = txt, true
	return txt
}
