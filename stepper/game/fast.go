package game

import (
	"math"
	"math/bits"
)

// fastRun searches the whole tree recursively, without events, when Run
// is asked to go to the end from step 0: the counters, value and best
// move are exactly those of stepping (two steps per node), at the speed
// of a plain recursive search. It reports false, and leaves the search at
// step 0, when the node limit would cut the search off: stepping then
// stops exactly where the limit falls.
func (s *Search) fastRun() bool {
	if s.mcts != nil || s.steps != 0 {
		return false
	}
	r := fastSearch{best: -1, g: s.g, depth: s.o.Depth, order: s.o.OrderEval, ab: s.o.Algorithm == AlphaBeta, limit: s.o.MaxNodes}
	var v float64
	if ttt, ok := s.g.(*TicTacToe); ok && r.depth == 0 && !r.order {
		v = r.runTicTacToe(ttt)
	} else if ex, ok := s.g.(Expander); ok && !s.g.HasChance() && !r.order {
		v = r.valueEx(ex, s.g.Root(), 0, math.Inf(-1), math.Inf(1))
	} else {
		v = r.value(s.g.Root(), 0, math.Inf(-1), math.Inf(1))
	}
	if r.over {
		return false
	}
	s.nodes, s.leaves, s.pruned, s.steps = r.nodes, r.leaves, r.pruned, 2*r.nodes
	s.value, s.status = v, Done
	if r.best >= 0 {
		moves := r.rootMoves
		if moves == nil {
			moves = s.g.Moves(s.g.Root(), nil)
		}
		s.best = s.g.MoveName(s.g.Root(), moves[r.best])
	}
	return true
}

// fastSearch is the recursion of fastRun; its rules are those of push and
// up in search.go, one for one.
type fastSearch struct {
	g                     Game
	depth                 int
	order, ab             bool
	limit                 int
	nodes, leaves, pruned int
	bufs                  [][]Move
	over                  bool // the node limit was reached
	best                  int  // the root's best move, an index into rootMoves (nil: the natural order)
	rootMoves             []Move
}

func (r *fastSearch) value(st State, d int, alpha, beta float64) float64 {
	r.nodes++
	if u, over := r.g.Terminal(st); over {
		r.leaves++
		return u
	}
	if r.depth > 0 && d >= r.depth {
		r.leaves++
		return r.g.Eval(st)
	}
	for len(r.bufs) <= d {
		r.bufs = append(r.bufs, nil)
	}
	moves := r.g.Moves(st, r.bufs[d][:0])
	r.bufs[d] = moves
	turn := r.g.Turn(st)
	if r.order && turn != Chance {
		orderMoves(r.g, st, turn, moves)
	}
	v, best := 0.0, -1
	switch turn {
	case Max:
		v = math.Inf(-1)
	case Min:
		v = math.Inf(1)
	}
	for i, m := range moves {
		if r.nodes >= r.limit {
			r.over = true
		}
		if r.over {
			return 0
		}
		x := r.value(r.g.Result(st, m), d+1, alpha, beta)
		cut := false
		switch turn {
		case Max:
			if x > v {
				v, best = x, i
			}
			if r.ab {
				cut = v >= beta
				alpha = max(alpha, v)
			}
		case Min:
			if x < v {
				v, best = x, i
			}
			if r.ab {
				cut = v <= alpha
				beta = min(beta, v)
			}
		case Chance:
			v += r.g.Prob(st, m) * x
		}
		if cut {
			r.pruned += len(moves) - i - 1
			break
		}
	}
	if d == 0 {
		r.best, r.rootMoves = best, moves
	}
	return v
}

// Expander is implemented by a game that can visit a position's children
// without listing them: fastRun then makes one call a node and one a child
// visited, instead of Terminal, Turn, Moves and a Result for every child,
// and never generates the children alpha-beta prunes. Expand says who is
// to move at s and whether (with what utility for MAX) the game is over,
// and returns a cursor over s's moves: a set of bits, one a move left, in
// the order of Moves (0: none); Next returns the position after the
// cursor's first move and the cursor over the rest.
type Expander interface {
	Expand(s State) (cursor uint64, turn Turn, utility float64, over bool)
	Next(s State, cursor uint64) (State, uint64)
}

// valueEx is value for an Expander without move ordering or chance nodes.
// The node limit is checked before each child, as stepping does.
func (r *fastSearch) valueEx(ex Expander, st State, d int, alpha, beta float64) float64 {
	r.nodes++
	cur, turn, u, over := ex.Expand(st)
	if over {
		r.leaves++
		return u
	}
	if r.depth > 0 && d >= r.depth {
		r.leaves++
		return r.g.Eval(st)
	}
	ab, isMax := r.ab, turn == Max
	best, v := -1, math.Inf(1)
	if isMax {
		v = math.Inf(-1)
	}
	// one loop for MAX and MIN: each child's value is compared, and the
	// window narrowed or cut, the way the node's turn says
	for i := 0; cur != 0; i++ {
		if r.nodes >= r.limit {
			r.over = true
		}
		if r.over {
			return 0
		}
		var k State
		k, cur = ex.Next(st, cur)
		x := r.valueEx(ex, k, d+1, alpha, beta)
		if isMax && x > v || !isMax && x < v {
			v, best = x, i
			if ab && (isMax && v >= beta || !isMax && v <= alpha) {
				r.pruned += bits.OnesCount64(cur)
				break
			}
			if isMax {
				alpha = max(alpha, v)
			} else {
				beta = min(beta, v)
			}
		}
	}
	if d == 0 {
		r.best = best
	}
	return v
}
