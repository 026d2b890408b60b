package game

import (
	"math"
	"math/bits"
	"testing"
	"time"
)

// plainAB is a plain hand-written alpha-beta on tic-tac-toe (AIMA Fig.
// 5.7, fail-hard as there: a node returns as soon as v ≥ β or v ≤ α),
// in the same representation and move order as the engine, counting the
// nodes it generates: the yardstick for the engine's speed.
type plainAB struct{ nodes int }

func (p *plainAB) value(x, o uint64, xToMove, maxIsX bool, alpha, beta float64) float64 {
	p.nodes++
	switch {
	case tttWin()[x]:
		if maxIsX {
			return 1
		}
		return -1
	case tttWin()[o]:
		if maxIsX {
			return -1
		}
		return 1
	case x|o == 511:
		return 0
	}
	maxTurn := xToMove == maxIsX
	v := math.Inf(1)
	if maxTurn {
		v = math.Inf(-1)
	}
	for free := ^(x | o) & 511; free != 0; free &= free - 1 {
		bit := uint64(1) << bits.TrailingZeros64(free)
		var c float64
		if xToMove {
			c = p.value(x|bit, o, false, maxIsX, alpha, beta)
		} else {
			c = p.value(x, o|bit, true, maxIsX, alpha, beta)
		}
		if maxTurn {
			v = max(v, c)
			if v >= beta {
				return v
			}
			alpha = max(alpha, v)
		} else {
			v = min(v, c)
			if v <= alpha {
				return v
			}
			beta = min(beta, v)
		}
	}
	return v
}

// TestPlainAlphaBetaAgrees: the yardstick generates exactly the engine's
// nodes, so the benchmark compares like with like.
func TestPlainAlphaBetaAgrees(t *testing.T) {
	for _, board := range []string{".........", "X...O....", "XO.X..O..", "XO.X....."} {
		g, _ := ParseTicTacToe([]string{board})
		s, _ := New(g, Options{Algorithm: AlphaBeta})
		s.Run(0)
		var p plainAB
		x, o := uint64(g.root)&511, uint64(g.root)>>9&511
		v := p.value(x, o, tttXToMove(g.root), g.rootX, math.Inf(-1), math.Inf(1))
		if r := s.Result(); r.Nodes != p.nodes || r.Value != v {
			t.Errorf("%s: engine %d nodes value %g, plain %d nodes value %g", board, r.Nodes, r.Value, p.nodes, v)
		}
	}
}

// BenchmarkAlphaBetaTicTacToe runs alpha-beta on tic-tac-toe from the
// empty board as `stepviz solve` does (New, then Run to the end) and the
// plain recursion in the same loop; it reports the engine's nodes/s and
// its time as a multiple of the plain one's.
func BenchmarkAlphaBetaTicTacToe(b *testing.B) {
	g, _ := ParseTicTacToe(nil)
	var engine, plain time.Duration
	nodes := 0
	for b.Loop() {
		t0 := time.Now()
		s, _ := New(g, Options{Algorithm: AlphaBeta})
		s.Run(0)
		t1 := time.Now()
		var p plainAB
		p.value(0, 0, true, true, math.Inf(-1), math.Inf(1))
		t2 := time.Now()
		engine += t1.Sub(t0)
		plain += t2.Sub(t1)
		nodes += s.Result().Nodes
		if s.Result().Nodes != p.nodes {
			b.Fatalf("engine %d nodes, plain %d", s.Result().Nodes, p.nodes)
		}
	}
	b.ReportMetric(float64(nodes)/engine.Seconds(), "nodes/s")
	b.ReportMetric(float64(engine)/float64(plain), "×plain")
}
