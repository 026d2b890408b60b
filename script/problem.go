package script

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"go.starlark.net/starlark"

	"stepviz/stepper"
)

// Instance is a script problem as every front end holds one: a
// stepper.Instance of kind "script" that also knows its source.
type Instance struct {
	stepper.Instance
	sc      *Script
	start   starlark.Value
	isGoal  *starlark.Function
	succ    *starlark.Function
	format  *starlark.Function
	draw    *starlark.Function
	hs      []namedFunc
	hsLimit uint64
	memo    *memo // the answers every search shares (memo.go)
	// startText is the start as searches write it; shown maps the states
	// searches wrote back to their values, for Draw (draw.go).
	startText string
	shown     shown
}

// New loads a problem script and checks its interface: start (hashable),
// is_goal(s), successors(s), and optionally h_NAME(s), format(s), draw(s).
// name is the file or cell name errors and the problem line use.
func New(name, src string, params []Param) (*Instance, error) {
	sc, err := Load(name, src, params)
	if err != nil {
		return nil, err
	}
	return NewProblem(sc)
}

// NewProblem makes a problem of a loaded script.
func NewProblem(sc *Script) (*Instance, error) {
	if k, err := kindOf(sc); err != nil || k != problemScript {
		if err == nil {
			err = kindError(sc, k)
		}
		return nil, err
	}
	in := &Instance{sc: sc, hsLimit: SearchSteps}
	start, ok := sc.globals["start"]
	if !ok {
		return nil, &Error{Where: sc.Name, Msg: "no start state: define start = ... (an int, a string or a tuple of those)"}
	}
	if _, err := start.Hash(); err != nil {
		return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("start = %s is unhashable (%v): a state must be an int, a string, or a tuple of those", short(start), err)}
	}
	if textSize(start, maxStateText) > maxStateText {
		return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("start is a %s of more than %d characters as text; keep states small (a tuple of numbers or short strings)", start.Type(), maxStateText)}
	}
	in.start = start
	var err error
	for _, f := range []struct {
		name     string
		dst      **starlark.Function
		required bool
	}{{"is_goal", &in.isGoal, true}, {"successors", &in.succ, true}, {"format", &in.format, false}, {"draw", &in.draw, false}} {
		fn, err := sc.function(f.name)
		if err != nil {
			return nil, err
		}
		if fn == nil && f.required {
			return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("no %s: define def %s(s):", f.name, f.name)}
		}
		*f.dst = fn
	}
	if in.hs, err = sc.heuristicFuncs(); err != nil {
		return nil, err
	}
	var names []string
	for _, h := range in.hs {
		names = append(names, h.name)
	}
	if !slices.Contains(names, "zero") {
		names = append(names, "zero") // as every built-in kind has: A* is then uniform cost
	}
	in.memo = newMemo(start, len(in.hs))
	// the start as searches write it (a search's first Format), for drawing
	sp := in.newSpace()
	in.startText = sp.Format(0)
	if sp.err != nil {
		return nil, sp.err
	}
	in.Instance = stepper.NewCustom(stepper.Custom[int32]{
		KindName: "script", SpecLine: specLine(sc), HeuristicNames: names,
		New: func() (stepper.Problem[int32], []stepper.Heuristic[int32], error) {
			sp := in.newSpace()
			return sp, sp.heuristics(), nil
		},
	})
	return in, nil
}

// specLine is the problem line: script NAME name=value ...
func specLine(sc *Script) string {
	parts := []string{"script", sc.Name}
	for _, p := range sc.Params {
		parts = append(parts, p.Name+"="+p.Text)
	}
	return strings.Join(parts, " ")
}

// SetSearchSteps sets the budget of Starlark steps of each search on the
// instance (default [SearchSteps]); a server may lower it.
func (in *Instance) SetSearchSteps(n uint64) { in.hsLimit = n }

// Script returns the loaded script (its name, source and parameters).
func (in *Instance) Script() *Script { return in.sc }

// Source returns the script's file or cell name and its text: what a
// trace carries so that it can be rebuilt anywhere.
func (in *Instance) Source() (name, src string) { return in.sc.Name, in.sc.Source }

// space is one search's view of the problem: its own sandbox (its budget
// of steps) over a memo of the script's answers (memo.go), the instance's
// shared one unless that is full. A question the memo has answered costs
// no Starlark steps, so replaying steps (Seek) or searching the instance
// again never calls the script again; a search may therefore get further
// within its budget when an earlier search of the instance answered some
// of its questions.
type space struct {
	in  *Instance
	sb  *sandbox
	m   *memo
	err error
}

func (in *Instance) newSpace() *space {
	m := in.memo
	if m.size() >= memoStates {
		m = newMemo(in.start, len(in.hs))
	}
	sb := newSandbox(in.sc.Name, in.hsLimit)
	sb.twins, sb.compiled = in.sc.twins, in.sc.compiled
	return &space{in: in, sb: sb, m: m}
}

// Err is the first failure of the script in this search (stepper.Failer).
func (sp *space) Err() error { return sp.err }

func (sp *space) failed(err error) {
	if sp.err == nil {
		sp.err = err
	}
}

func (sp *space) Start() int32 { return 0 }

func (sp *space) IsGoal(s int32) bool {
	m := sp.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.goal[s] != 0 || sp.err != nil {
		return m.goal[s] == 2
	}
	v, err := sp.sb.call(sp.in.isGoal, m.states[s])
	if err != nil {
		sp.failed(err)
		return false
	}
	b, ok := v.(starlark.Bool)
	if !ok {
		sp.failed(sp.badResult(sp.in.isGoal, s, returned(v)+"; return True or False"))
		return false
	}
	m.goal[s] = 1
	if b {
		m.goal[s] = 2
	}
	return bool(b)
}

func (sp *space) Successors(s int32, buf []stepper.Successor[int32]) []stepper.Successor[int32] {
	m := sp.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.succ[s] == nil && sp.err == nil {
		list, err := sp.successors(s)
		if err != nil {
			sp.failed(err)
			return buf
		}
		m.succ[s] = list
	}
	return append(buf, m.succ[s]...)
}

// successors calls successors(s) and checks each item: (action, next) or
// (action, next, cost), action a string, next hashable, cost finite > 0.
// sp.m.mu held.
func (sp *space) successors(s int32) ([]stepper.Successor[int32], error) {
	fn := sp.in.succ
	v, err := sp.sb.call(fn, sp.m.states[s])
	if err != nil {
		return nil, err
	}
	var items starlark.Tuple // the items of a tuple, else nil and list
	var list *starlark.List
	switch l := v.(type) {
	case *starlark.List:
		list = l
	case starlark.Tuple:
		items = l
	default:
		return nil, sp.badResult(fn, s, returned(v)+"; return a list of (action, next_state, cost)")
	}
	n := len(items)
	if list != nil {
		n = list.Len()
	}
	out := make([]stepper.Successor[int32], 0, n)
	for i := range n {
		var it starlark.Value
		if list != nil {
			it = list.Index(i)
		} else {
			it = items[i]
		}
		bad := func(why string) error {
			return sp.badResult(fn, s, fmt.Sprintf("item %d, %s: %s", i, short(it), why))
		}
		t, ok := it.(starlark.Tuple)
		if !ok || len(t) < 2 || len(t) > 3 {
			return nil, bad("want a tuple (action, next_state) or (action, next_state, cost)")
		}
		a, ok := t[0].(starlark.String)
		if !ok {
			return nil, bad(fmt.Sprintf("the action is a %s; name it with a string", t[0].Type()))
		}
		cost := 1.0
		if len(t) == 3 {
			switch c := t[2].(type) {
			case starlark.Int:
				n, ok := c.Int64()
				if !ok {
					return nil, bad("the cost is too large")
				}
				cost = float64(n)
			case starlark.Float:
				cost = float64(c)
			default:
				return nil, bad(fmt.Sprintf("the cost is a %s; give a number > 0", t[2].Type()))
			}
			if !(cost > 0) || math.IsInf(cost, 0) || cost > 1e15 {
				return nil, bad(fmt.Sprintf("the cost %s is not a finite number > 0 (every step must cost something)", t[2]))
			}
		}
		id, err := sp.m.intern(t[1])
		if err != nil {
			return nil, bad(fmt.Sprintf("the next state %s is not a valid state (%v): use an int, a string or a tuple of those", short(t[1]), err))
		}
		code, ok := sp.m.action(string(a))
		if !ok {
			return nil, bad(fmt.Sprintf("more than %d distinct action names", stepper.MaxAction+1))
		}
		out = append(out, stepper.Successor[int32]{State: id, Action: code, Cost: cost})
	}
	return out, nil
}

// badResult is an *Error for a call that returned something it must not.
// sp.m.mu held.
func (sp *space) badResult(fn *starlark.Function, s int32, msg string) error {
	return &Error{Where: sp.in.sc.Name, Pos: fn.Position().String(), Func: fn.Name() + "(" + short(sp.m.states[s]) + ")", Msg: msg}
}

func (sp *space) Format(s int32) string {
	m := sp.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if txt, ok := m.formats[s]; ok {
		return txt
	}
	txt := defaultFormat(m.states[s])
	if fn := sp.in.format; fn != nil && sp.err == nil {
		v, err := sp.sb.call(fn, m.states[s])
		if err != nil {
			sp.failed(err)
		} else if str, ok := v.(starlark.String); ok {
			txt = string(str)
		} else {
			sp.failed(sp.badResult(fn, s, returned(v)+"; return a string"))
		}
	}
	if sp.err == nil {
		m.formats[s] = txt // a text made after a failure is the default one, not the script's
	}
	if sp.in.draw != nil {
		sp.in.shown.remember(txt, m.states[s])
	}
	return txt
}

// defaultFormat writes a state without format(s): a string as itself,
// anything else as Starlark writes it ("(3, 3, 1)").
func defaultFormat(v starlark.Value) string {
	if s, ok := v.(starlark.String); ok {
		return string(s)
	}
	return v.String()
}

func (sp *space) ActionName(code int) string {
	m := sp.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if code < 0 || code >= len(m.anames) {
		return ""
	}
	return m.anames[code]
}

func (sp *space) heuristics() []stepper.Heuristic[int32] {
	out := make([]stepper.Heuristic[int32], len(sp.in.hs))
	zero := true
	for i, h := range sp.in.hs {
		i, fn := i, h.fn
		out[i] = stepper.Heuristic[int32]{Name: h.name, Admissible: true, Estimate: func(s int32) float64 {
			return sp.estimate(i, fn, s)
		}}
		zero = zero && h.name != "zero"
	}
	if zero {
		out = append(out, stepper.Heuristic[int32]{Name: "zero", Admissible: true, Estimate: func(int32) float64 { return 0 }})
	}
	return out
}

// estimate is h_NAME(s): a finite number >= 0, cached per state.
func (sp *space) estimate(i int, fn *starlark.Function, s int32) float64 {
	m := sp.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if c := m.hcache[i][s]; !math.IsNaN(c) {
		return c
	}
	if sp.err != nil {
		return 0
	}
	h, err := sp.callH(fn, m.states[s])
	if err != nil {
		sp.failed(err)
		return 0
	}
	m.hcache[i][s] = h
	return h
}

// callH calls a heuristic and checks its value: an int or a float, finite
// and >= 0.
func (sp *space) callH(fn *starlark.Function, state starlark.Value) (float64, error) {
	return callHeuristic(sp.sb, fn, state)
}

func callHeuristic(sb *sandbox, fn *starlark.Function, state starlark.Value) (float64, error) {
	v, err := sb.call(fn, state)
	if err != nil {
		return 0, err
	}
	var h float64
	switch x := v.(type) {
	case starlark.Int:
		n, _ := x.Int64()
		h = float64(n)
	case starlark.Float:
		h = float64(x)
	default:
		return 0, &Error{Where: sb.where, Pos: fn.Position().String(), Func: fn.Name() + "(" + short(state) + ")", Msg: returned(v) + "; return a number >= 0"}
	}
	if !(h >= 0) || math.IsInf(h, 0) {
		return 0, &Error{Where: sb.where, Pos: fn.Position().String(), Func: fn.Name() + "(" + short(state) + ")", Msg: fmt.Sprintf("returned %s; a heuristic is a finite number >= 0", v)}
	}
	return h, nil
}

// returned says what a function returned that it should not have, for
// messages: "returned string \"three\"", or for None, what a student
// most likely did (a path through the function ends without a return).
func returned(v starlark.Value) string {
	if v == starlark.None {
		return "returned None, as a function does when it ends without a return"
	}
	return fmt.Sprintf("returned %s %s", v.Type(), short(v))
}

// short writes a value cut to 60 bytes, for messages.
func short(v starlark.Value) string {
	s := boundedText(v, 60)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
