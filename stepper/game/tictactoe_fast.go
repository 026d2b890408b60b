package game

import (
	"math"
	"math/bits"
)

// tttSearch is fastRun's recursion for tic-tac-toe without a depth cutoff
// or move ordering: valueEx with TicTacToe's Expand and Next written in,
// so that a node costs no call through an interface. Its rules and
// counters are valueEx's, one for one (TestRunMatchesSteps checks them
// against stepping).
type tttSearch struct {
	ab                    bool
	rootX                 bool    // X is MAX
	xWins                 float64 // the utility for MAX of a win by X
	limit                 int
	nodes, leaves, pruned int
	over                  bool
	best                  int
}

// runTicTacToe runs r's search on g with tttSearch and copies its
// counters and best move back to r; it returns the root's value.
func (r *fastSearch) runTicTacToe(g *TicTacToe) float64 {
	t := tttSearch{ab: r.ab, rootX: g.rootX, xWins: g.sign(true), limit: r.limit, best: -1}
	v := t.value(g.root, true, math.Inf(-1), math.Inf(1))
	r.nodes, r.leaves, r.pruned, r.over, r.best = t.nodes, t.leaves, t.pruned, t.over, t.best
	return v
}

func (t *tttSearch) value(s State, root bool, alpha, beta float64) float64 {
	t.nodes++
	x, o := uint64(s)&511, uint64(s)>>9&511
	switch {
	case tttWin()[x]:
		t.leaves++
		return t.xWins
	case tttWin()[o]:
		t.leaves++
		return -t.xWins
	case x|o == 511:
		t.leaves++
		return 0
	}
	cur := ^(x | o) & 511
	oToMove := s&tttOToMove != 0
	shift := uint(0)
	if oToMove {
		shift = 9
	}
	best, i := -1, 0
	var v float64
	if !oToMove == t.rootX {
		v = math.Inf(-1)
		for ; cur != 0; i++ {
			if t.over || t.nodes >= t.limit {
				t.over = true
				return 0
			}
			k := (s | State(cur&-cur)<<shift) ^ tttOToMove
			cur &= cur - 1
			if c := t.value(k, false, alpha, beta); c > v {
				v, best = c, i
				if t.ab && v >= beta {
					t.pruned += bits.OnesCount64(cur)
					break
				}
				alpha = max(alpha, v)
			}
		}
	} else {
		v = math.Inf(1)
		for ; cur != 0; i++ {
			if t.over || t.nodes >= t.limit {
				t.over = true
				return 0
			}
			k := (s | State(cur&-cur)<<shift) ^ tttOToMove
			cur &= cur - 1
			if c := t.value(k, false, alpha, beta); c < v {
				v, best = c, i
				if t.ab && v <= alpha {
					t.pruned += bits.OnesCount64(cur)
					break
				}
				beta = min(beta, v)
			}
		}
	}
	if root {
		t.best = best
	}
	return v
}
