package game

import (
	"fmt"
	"math"
	"sort"
)

// Search is one game search, stepped one node visit at a time. It is not
// safe for concurrent use.
type Search struct {
	g      Game
	o      Options
	status Status
	steps  int
	nodes  int
	leaves int
	pruned int
	stack  []frame
	value  float64
	best   string
	mcts   *mcts
}

// frame is a node on the current path. moves is reused from visit to
// visit of the same depth, so a search allocates O(depth · branching).
type frame struct {
	s           State
	turn        Turn
	leaf        bool
	id, depth   int
	v           float64
	alpha, beta float64
	moves       []Move
	next        int // the next child to visit
	best        int // the best child so far, -1
	cut         bool
}

// New starts a search of g. It fails when the algorithm cannot search g
// (minimax and alpha-beta on a game with chance nodes).
func New(g Game, o Options) (*Search, error) {
	o, err := o.Normalize()
	if err != nil {
		return nil, err
	}
	if g.HasChance() && o.Algorithm != Expectiminimax {
		return nil, fmt.Errorf("%s cannot search chance nodes: use expectiminimax", o.Algorithm)
	}
	s := &Search{g: g, o: o, status: Running}
	if o.Algorithm == MCTS {
		s.mcts = newMCTS(g, o)
	}
	return s, nil
}

// Game is the game searched; Options the normalized options.
func (s *Search) Game() Game       { return s.g }
func (s *Search) Options() Options { return s.o }

// Status is where the search stands.
func (s *Search) Status() Status { return s.status }

// Result is the outcome so far (final once Status is not Running).
func (s *Search) Result() Result {
	r := Result{Problem: s.g.Spec(), Options: s.o.String(), Status: s.status,
		Value: s.value, Best: s.best, Nodes: s.nodes, Leaves: s.leaves, Pruned: s.pruned, Steps: s.steps}
	if s.mcts != nil {
		r.Nodes, r.Leaves = s.mcts.nodeCount(), s.mcts.playouts
		r.Value, r.Best = s.mcts.decision()
	}
	if f, ok := s.g.(Failer); ok && f.Err() != nil {
		r.Error = f.Err().Error()
	}
	return r
}

// Step takes one step and returns its event; false when the search is
// already over. Cost: O(moves) for a Down (the child's moves generated),
// O(1) for an Up; an MCTS iteration O(depth · moves).
func (s *Search) Step() (Event, bool) {
	if s.status != Running {
		return Event{}, false
	}
	var ev Event
	s.advance(&ev)
	s.checkFailed()
	return ev, true
}

// Failer is a game that can fail during a search (a script's game): once
// Err is not nil, the search ends with status Failed and Result.Error.
type Failer interface{ Err() error }

// Renewer is a game that can be had again as it was before any search:
// nothing asked, no failure. A game that fails keeps its first failure
// for its life (a script's), so a search that must not inherit another's
// (an export's trial run before its replay) runs on a renewed game.
type Renewer interface{ Renew() (Game, error) }

// Renewed is g as it was before any search when g is a [Renewer], g
// itself otherwise.
func Renewed(g Game) (Game, error) {
	if r, ok := g.(Renewer); ok {
		return r.Renew()
	}
	return g, nil
}

func (s *Search) checkFailed() {
	if f, ok := s.g.(Failer); ok && f.Err() != nil {
		s.status = Failed
	}
}

// Run steps until the search is over, or max steps (max ≤ 0: no bound),
// without building events. From step 0 to the end, minimax, alpha-beta
// and expectiminimax recurse instead of stepping (fast.go), with the same
// counters and result; a game that may fail (a [Failer], a script's) is
// stepped, so that its first failure ends the search at the step it
// happened, as stepping it does.
func (s *Search) Run(max int) Status {
	_, mayFail := s.g.(Failer)
	if max <= 0 && !mayFail && s.fastRun() {
		s.checkFailed()
		return s.status
	}
	for i := 0; (max <= 0 || i < max) && s.status == Running; i++ {
		s.advance(nil)
		s.checkFailed()
	}
	return s.status
}

func (s *Search) advance(ev *Event) {
	s.steps++
	if ev != nil {
		ev.Step = s.steps
	}
	if s.mcts != nil {
		s.mcts.iterate(ev)
		if s.mcts.iterations >= s.o.Iterations || s.mcts.solved() {
			s.status = Done
		}
		return
	}
	if len(s.stack) == 0 {
		s.push(s.g.Root(), -1, math.Inf(-1), math.Inf(1), ev)
		if ev != nil {
			ev.What, ev.Parent = Visit, -1
		}
		return
	}
	top := &s.stack[len(s.stack)-1]
	if !top.leaf && !top.cut && top.next < len(top.moves) {
		m := top.moves[top.next]
		top.next++
		if s.nodes >= s.o.MaxNodes {
			s.status = LimitReached
			s.steps--
			return
		}
		child := s.g.Result(top.s, m)
		s.push(child, top.id, top.alpha, top.beta, ev)
		if ev != nil {
			parent := &s.stack[len(s.stack)-2]
			ev.What, ev.Parent, ev.Move = Down, parent.id, s.g.MoveName(parent.s, m)
		}
		return
	}
	s.up(ev)
}

// push visits a node: it is generated, valued if a leaf, and its moves
// listed otherwise.
func (s *Search) push(st State, parent int, alpha, beta float64, ev *Event) {
	d := len(s.stack)
	if d == cap(s.stack) {
		s.stack = append(s.stack, frame{})[:d]
	}
	s.stack = s.stack[:d+1]
	f := &s.stack[d]
	*f = frame{s: st, id: s.nodes, depth: d, alpha: alpha, beta: beta, best: -1, moves: f.moves[:0], turn: s.g.Turn(st)}
	s.nodes++
	cutoff := false
	if u, over := s.g.Terminal(st); over {
		f.leaf, f.v = true, u
	} else if s.o.Depth > 0 && d >= s.o.Depth {
		f.leaf, f.v, cutoff = true, s.g.Eval(st), true
	}
	if f.leaf {
		s.leaves++
	} else {
		f.moves = s.g.Moves(st, f.moves)
		switch f.turn {
		case Max:
			f.v = math.Inf(-1)
		case Min:
			f.v = math.Inf(1)
		}
		if s.o.OrderEval && f.turn != Chance {
			orderMoves(s.g, st, f.turn, f.moves)
		}
	}
	if ev != nil {
		ev.Node, ev.Depth, ev.State, ev.Turn = f.id, d, s.g.StateName(st), f.turn
		ev.Leaf, ev.Cutoff = f.leaf, cutoff
		if f.leaf {
			ev.Value = Bound(f.v)
		}
		if s.o.Algorithm == AlphaBeta {
			ev.Alpha, ev.Beta = Bound(alpha), Bound(beta)
		}
	}
}

// orderMoves sorts the moves at st best first for the player to move by
// the evaluation of the position each leads to (stable: ties keep the
// natural order). O(moves · log moves) plus one Result and Eval a move.
func orderMoves(g Game, st State, turn Turn, moves []Move) {
	keys := make([]float64, len(moves))
	for i, m := range moves {
		c := g.Result(st, m)
		if u, over := g.Terminal(c); over {
			keys[i] = u
		} else {
			keys[i] = g.Eval(c)
		}
		if turn == Max {
			keys[i] = -keys[i]
		}
	}
	sort.Stable(byKey{moves, keys})
}

type byKey struct {
	m []Move
	k []float64
}

func (b byKey) Len() int           { return len(b.m) }
func (b byKey) Less(i, j int) bool { return b.k[i] < b.k[j] }
func (b byKey) Swap(i, j int) {
	b.m[i], b.m[j] = b.m[j], b.m[i]
	b.k[i], b.k[j] = b.k[j], b.k[i]
}

// up pops the top node and backs its value up into its parent.
func (s *Search) up(ev *Event) {
	n := len(s.stack) - 1
	c := &s.stack[n]
	x := c.v
	if ev != nil {
		ev.What, ev.Node, ev.Depth, ev.State, ev.Turn, ev.Value = Up, c.id, c.depth, s.g.StateName(c.s), c.turn, Bound(x)
		ev.Parent = -1
	}
	s.stack = s.stack[:n]
	if n == 0 {
		s.value, s.status = x, Done
		if c.best >= 0 {
			s.best = s.g.MoveName(c.s, c.moves[c.best])
		}
		if ev != nil {
			ev.ParentValue = Bound(x)
		}
		return
	}
	p := &s.stack[n-1]
	idx := p.next - 1
	changed := false
	ab := s.o.Algorithm == AlphaBeta
	switch p.turn {
	case Max:
		if x > p.v {
			p.v, p.best, changed = x, idx, true
		}
		if ab {
			if p.v >= p.beta {
				p.cut = true
			}
			p.alpha = max(p.alpha, p.v)
		}
	case Min:
		if x < p.v {
			p.v, p.best, changed = x, idx, true
		}
		if ab {
			if p.v <= p.alpha {
				p.cut = true
			}
			p.beta = min(p.beta, p.v)
		}
	case Chance:
		if idx == 0 {
			p.v = 0
		}
		p.v += s.g.Prob(p.s, p.moves[idx]) * x
	}
	if p.cut {
		s.pruned += len(p.moves) - p.next
	}
	if ev != nil {
		ev.Parent, ev.ParentValue, ev.BestChanged = p.id, Bound(p.v), changed
		if ab {
			ev.Alpha, ev.Beta = Bound(p.alpha), Bound(p.beta)
		}
		if p.cut {
			for _, m := range p.moves[p.next:] {
				ev.Pruned = append(ev.Pruned, s.g.MoveName(p.s, m))
			}
			ev.Why = fmt.Sprintf("β ≤ α: %s ≤ %s", fmtNum(p.beta), fmtNum(p.alpha))
		}
	}
}

func fmtNum(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+∞"
	case math.IsInf(x, -1):
		return "−∞"
	}
	return fmt.Sprintf("%g", x)
}
