package script

import (
	"fmt"
	"math"
	"sync"

	"go.starlark.net/starlark"

	"stepviz/stepper/game"
)

// MaxGameMoves bounds the actions of one position.
const MaxGameMoves = 4096

// maxFamilyStates bounds the distinct states a game or a local-search
// problem interns (each is kept, frozen, with the script's answers about
// it, for the problem's life). A variable so that a test can lower it.
var maxFamilyStates = 1 << 18

// Game is a game script (aima-python's Game): the global initial, and
// to_move(state), actions(state), result(state, action),
// utility(state, player), is_terminal(state), optionally eval(state) (the
// estimate for MAX at a depth cutoff) and format(state). MAX is the player
// to_move(initial) returns; every other player is MIN. A script that
// defines chances(state) has chance nodes: a position where it returns a
// non-empty list of (outcome, probability, next_state) is a throw.
//
// The script's answers are kept per state (a state is interned as a
// game.State, its index), so a position is asked each question once for
// the game's life, whatever searches run on it: its budget of
// [SearchSteps] Starlark steps is the game's, shared by its searches.
// After the first failure every position is a terminal of utility 0 (the
// search ends soon) and Err reports the failure: the engine's status is
// then game.Failed. Safe for concurrent use; owner: whoever parsed it;
// quota: maxFamilyStates positions.
type Game struct {
	sc   *Script
	spec string
	fn   struct{ toMove, actions, result, utility, isTerminal, eval, format, chances *starlark.Function }

	mu    sync.Mutex
	sb    *sandbox
	ids   *starlark.Dict // state -> starlark.Int index into nodes
	nodes []gameNode
	max   starlark.Value // MAX, the player to move at initial
	err   error
}

// gameNode is what the script said about one state; each field is filled
// on its first question.
type gameNode struct {
	state     starlark.Value
	turn      int8 // 0 not asked, 1 MAX, 2 MIN
	chance    int8 // 0 not asked, 1 a decision node, 2 a chance node
	probs     []float64
	term      int8 // 0 not asked, 1 no, 2 yes
	util      float64
	moves     []starlark.Value // nil: not asked
	names     []string
	kids      []int32 // -1: not asked
	eval      float64 // NaN: not asked
	name      string
	nameKnown bool
}

var _ game.Game = (*Game)(nil)
var _ game.Failer = (*Game)(nil)
var _ game.Renewer = (*Game)(nil)

// NewGame makes a game of a loaded game script, asking to_move(initial)
// who MAX is.
func NewGame(sc *Script) (*Game, error) {
	k, err := kindOf(sc)
	if err != nil {
		return nil, err
	}
	if k != gameScript {
		return nil, &Error{Where: sc.Name, Msg: "not a game: define to_move(state), actions(state), result(state, action), utility(state, player) and is_terminal(state)"}
	}
	g := &Game{sc: sc, spec: specLine(sc), sb: newSandbox(sc.Name, SearchSteps), ids: starlark.NewDict(64)}
	for _, f := range []struct {
		name, sig string
		n         int
		dst       **starlark.Function
	}{
		{"to_move", "to_move(state)", 1, &g.fn.toMove},
		{"actions", "actions(state)", 1, &g.fn.actions},
		{"result", "result(state, action)", 2, &g.fn.result},
		{"utility", "utility(state, player)", 2, &g.fn.utility},
		{"is_terminal", "is_terminal(state)", 1, &g.fn.isTerminal},
		{"eval", "eval(state)", 1, &g.fn.eval},
		{"format", "format(state)", 1, &g.fn.format},
		{"chances", "chances(state)", 1, &g.fn.chances},
	} {
		if *f.dst, err = sc.functionN(f.name, f.n, f.sig); err != nil {
			return nil, err
		}
	}
	initial, ok := sc.globals["initial"]
	if !ok {
		return nil, &Error{Where: sc.Name, Msg: "no initial state: define initial = ... (the position searched; a hashable value such as a tuple)"}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, err := g.intern(initial); err != nil {
		return nil, &Error{Where: sc.Name, Msg: fmt.Sprintf("initial = %s: %v", short(initial), err)}
	}
	v, err := g.sb.call(g.fn.toMove, initial)
	if err != nil {
		return nil, err
	}
	v.Freeze()
	g.max = v
	return g, nil
}

// intern returns v's index, adding it (frozen) if it is new. g.mu held.
func (g *Game) intern(v starlark.Value) (int32, error) {
	if textSize(v, maxStateText) > maxStateText {
		return 0, fmt.Errorf("a state of more than %d characters as text; keep states small (a tuple of numbers or short strings)", maxStateText)
	}
	got, found, err := g.ids.Get(v)
	if err != nil {
		return 0, fmt.Errorf("%v: a state must be hashable (an int, a string, or a tuple of those; not a list or dict)", err)
	}
	if found {
		id, _ := got.(starlark.Int).Int64()
		return int32(id), nil
	}
	if len(g.nodes) >= maxFamilyStates {
		return 0, fmt.Errorf("more than %d distinct positions: search with a depth cutoff (depth=D and eval(state)) or a smaller game", maxFamilyStates)
	}
	v.Freeze()
	id := int32(len(g.nodes))
	if err := g.ids.SetKey(v, starlark.MakeInt(int(id))); err != nil {
		return 0, err
	}
	g.nodes = append(g.nodes, gameNode{state: v, eval: math.NaN()})
	return id, nil
}

// Renew is a new game of the same script and parameters, nothing asked and
// no failure (game.Renewer).
func (g *Game) Renew() (game.Game, error) { return NewGame(g.sc) }

// Err is the script's first failure, if any (game.Failer).
func (g *Game) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// bad records a failure: a call's error, or a result the contract refuses.
func (g *Game) bad(err error) {
	if g.err == nil {
		g.err = err
	}
}

func (g *Game) badResult(fn *starlark.Function, args []starlark.Value, msg string) {
	g.bad(&Error{Where: g.sc.Name, Pos: fn.Position().String(), Func: fn.Name() + "(" + argText(args) + ")", Msg: msg})
}

// call calls fn unless the game has failed; ok is false when it fails.
func (g *Game) call(fn *starlark.Function, args ...starlark.Value) (starlark.Value, bool) {
	if g.err != nil {
		return nil, false
	}
	v, err := g.sb.call(fn, args...)
	if err != nil {
		g.bad(err)
		return nil, false
	}
	return v, true
}

func (g *Game) node(s game.State) *gameNode {
	if int(s) >= len(g.nodes) {
		return &g.nodes[0]
	}
	return &g.nodes[s]
}

// Kind is "script"; Spec the problem line.
func (g *Game) Kind() string { return "script" }
func (g *Game) Spec() string { return g.spec }

// Script is the loaded script.
func (g *Game) Script() *Script { return g.sc }

// Root is initial.
func (g *Game) Root() game.State { return 0 }

// Turn is MAX when to_move(state) equals to_move(initial).
func (g *Game) Turn(s game.State) game.Turn {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.isChance(s) {
		return game.Chance
	}
	n := g.node(s)
	if n.turn == 0 {
		v, ok := g.call(g.fn.toMove, n.state)
		if !ok {
			return game.Max
		}
		eq, err := starlark.Equal(v, g.max)
		if err != nil {
			g.badResult(g.fn.toMove, []starlark.Value{n.state}, fmt.Sprintf("returned %s, which cannot be compared with %s, the player at initial: return a player such as \"X\" or 1", short(v), short(g.max)))
			return game.Max
		}
		n.turn = 2
		if eq {
			n.turn = 1
		}
	}
	if n.turn == 1 {
		return game.Max
	}
	return game.Min
}

// Terminal asks is_terminal(state), then utility(state, MAX).
func (g *Game) Terminal(s game.State) (float64, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := g.node(s)
	if n.term == 0 && g.err == nil {
		v, ok := g.call(g.fn.isTerminal, n.state)
		if !ok {
			return 0, true
		}
		b, isBool := v.(starlark.Bool)
		if !isBool {
			g.badResult(g.fn.isTerminal, []starlark.Value{n.state}, returned(v)+"; return True or False")
			return 0, true
		}
		if b {
			u, ok := g.call(g.fn.utility, n.state, g.max)
			if !ok {
				return 0, true
			}
			x, finite := number(u)
			if !finite {
				g.badResult(g.fn.utility, []starlark.Value{n.state, g.max}, returned(u)+"; return a finite number, the utility for the player")
				return 0, true
			}
			n.util, n.term = x, 2
		} else {
			n.term = 1
		}
	}
	if g.err != nil {
		return 0, true
	}
	return n.util, n.term == 2
}

// Moves lists actions(state): move i is the i-th action.
func (g *Game) Moves(s game.State, buf []game.Move) []game.Move {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.isChance(s) && g.node(s).moves == nil && !g.listMoves(g.node(s)) {
		return buf
	}
	n := g.node(s)
	for i := range n.moves {
		buf = append(buf, game.Move(i))
	}
	return buf
}

// listMoves asks actions(state). g.mu held.
func (g *Game) listMoves(n *gameNode) bool {
	v, ok := g.call(g.fn.actions, n.state)
	if !ok {
		return false
	}
	args := []starlark.Value{n.state}
	list, ok := items(v)
	if !ok {
		g.badResult(g.fn.actions, args, returned(v)+"; return a list of actions")
		return false
	}
	if len(list) > MaxGameMoves {
		g.badResult(g.fn.actions, args, fmt.Sprintf("returned %d actions; at most %d are searched", len(list), MaxGameMoves))
		return false
	}
	v.Freeze()
	n.moves = append(make([]starlark.Value, 0, len(list)), list...)
	n.names = make([]string, len(list))
	n.kids = make([]int32, len(list))
	for i, a := range list {
		n.names[i] = actionName(a)
		n.kids[i] = -1
	}
	return true
}

// Result asks result(state, action).
func (g *Game) Result(s game.State, m game.Move) game.State {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.isChance(s) && g.node(s).moves == nil && !g.listMoves(g.node(s)) {
		return s
	}
	n := g.node(s)
	if int(m) >= len(n.moves) {
		return s
	}
	if k := n.kids[m]; k >= 0 {
		return game.State(k)
	}
	v, ok := g.call(g.fn.result, n.state, n.moves[m])
	if !ok {
		return s
	}
	id, err := g.intern(v)
	if err != nil {
		g.badResult(g.fn.result, []starlark.Value{n.state, n.moves[m]}, fmt.Sprintf("returned %s: %v", short(v), err))
		return s
	}
	n = g.node(s) // intern may have moved the nodes
	n.kids[m] = id
	return game.State(id)
}

// Prob is the outcome's probability at a chance node, else 0.
func (g *Game) Prob(s game.State, m game.Move) float64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.isChance(s) || int(m) >= len(g.node(s).probs) {
		return 0
	}
	return g.node(s).probs[m]
}

// HasChance reports whether the script defines chances(state).
func (g *Game) HasChance() bool { return g.fn.chances != nil }

// isChance asks chances(state) once, and at a chance node keeps its
// outcomes as the node's moves. g.mu held.
func (g *Game) isChance(s game.State) bool {
	n := g.node(s)
	if g.fn.chances == nil || n.chance == 1 || g.err != nil {
		return false
	}
	if n.chance == 2 {
		return true
	}
	fn, args := g.fn.chances, []starlark.Value{n.state}
	v, ok := g.call(fn, n.state)
	if !ok {
		return false
	}
	list, ok := items(v)
	if !ok {
		g.badResult(fn, args, returned(v)+"; return a list of (outcome, probability, next_state), empty at a decision node")
		return false
	}
	if len(list) == 0 {
		g.node(s).chance = 1
		return false
	}
	if len(list) > MaxGameMoves {
		g.badResult(fn, args, fmt.Sprintf("returned %d outcomes; at most %d are searched", len(list), MaxGameMoves))
		return false
	}
	v.Freeze()
	var (
		moves []starlark.Value
		names []string
		kids  []int32
		probs []float64
		total float64
	)
	for i, it := range list {
		t, ok := it.(starlark.Tuple)
		if !ok || len(t) != 3 {
			g.badResult(fn, args, fmt.Sprintf("item %d, %s: want (outcome, probability, next_state)", i, short(it)))
			return false
		}
		p, finite := number(t[1])
		if !finite || p <= 0 || p > 1 {
			g.badResult(fn, args, fmt.Sprintf("item %d: the probability %s is not a number in (0, 1]", i, short(t[1])))
			return false
		}
		id, err := g.intern(t[2])
		if err != nil {
			g.badResult(fn, args, fmt.Sprintf("item %d: the next state %s: %v", i, short(t[2]), err))
			return false
		}
		moves, names, kids, probs = append(moves, t[0]), append(names, actionName(t[0])), append(kids, id), append(probs, p)
		total += p
	}
	if math.Abs(total-1) > 1e-6 {
		g.badResult(fn, args, fmt.Sprintf("the probabilities add up to %g, not 1", total))
		return false
	}
	n = g.node(s) // intern may have moved the nodes
	n.chance, n.moves, n.names, n.kids, n.probs = 2, moves, names, kids, probs
	return true
}

// Eval asks eval(state); a search that needs it (a depth cutoff,
// order=eval) on a script without it fails saying so.
func (g *Game) Eval(s game.State) float64 {
	if u, over := g.Terminal(s); over {
		return u
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	n := g.node(s)
	if g.err != nil {
		return 0
	}
	if !math.IsNaN(n.eval) {
		return n.eval
	}
	if g.fn.eval == nil {
		g.bad(&Error{Where: g.sc.Name, Msg: "the search evaluates positions (a depth cutoff or order=eval) but the script defines no eval(state): define def eval(state): returning an estimate of the utility for MAX"})
		return 0
	}
	v, ok := g.call(g.fn.eval, n.state)
	if !ok {
		return 0
	}
	x, finite := number(v)
	if !finite {
		g.badResult(g.fn.eval, []starlark.Value{n.state}, returned(v)+"; return a finite number, the estimate for MAX")
		return 0
	}
	n.eval = x
	return x
}

// MoveName is the action as a string is written (a string as itself).
func (g *Game) MoveName(s game.State, m game.Move) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.isChance(s) && g.node(s).moves == nil && !g.listMoves(g.node(s)) {
		return "?"
	}
	n := g.node(s)
	if int(m) >= len(n.names) {
		return "?"
	}
	return n.names[m]
}

// StateName is format(state), or the state as Starlark writes it.
func (g *Game) StateName(s game.State) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := g.node(s)
	if n.nameKnown {
		return n.name
	}
	txt := defaultFormat(n.state)
	if g.fn.format != nil {
		v, ok := g.call(g.fn.format, n.state)
		if !ok {
			return txt
		}
		str, isStr := v.(starlark.String)
		if !isStr {
			g.badResult(g.fn.format, []starlark.Value{n.state}, returned(v)+"; return a string")
			return txt
		}
		txt = string(str)
	}
	n.name, n.nameKnown = txt, true
	return txt
}
