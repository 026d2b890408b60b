package game

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestAIMATicTacToe checks minimax and alpha-beta against aima-python's
// games.py (minmax_decision, alpha_beta_search) on 300 random tic-tac-toe
// positions (testdata/aima-games-tictactoe.csv, made by
// tools/aima_games_tictactoe.py; testdata/SOURCES.md): the value for the
// player to move, the move each returns (both take the first best move in
// row-major order, as ours do), and the set of best moves, which this test
// derives by searching the position after each move.
func TestAIMATicTacToe(t *testing.T) {
	f, err := os.Open(testenv.Data(t, "aima-games-tictactoe.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "board,") {
			continue
		}
		c := strings.Split(line, ",")
		if len(c) != 6 {
			t.Fatalf("bad row %q", line)
		}
		rows++
		want, _ := strconv.ParseFloat(c[2], 64)
		wantBest := strings.Fields(c[5])
		g, err := ParseTicTacToe([]string{c[0]})
		if err != nil {
			t.Fatalf("%s: %v", c[0], err)
		}
		for _, algo := range []struct {
			name, move string
		}{{"minimax", c[3]}, {"alphabeta", c[4]}, {"alphabeta order=eval", ""}} {
			o, _ := ParseOptions(algo.name)
			s, _ := New(g, o)
			s.Run(0)
			r := s.Result()
			if r.Value != want || (algo.move != "" && r.Best != algo.move) || !slices.Contains(wantBest, r.Best) {
				t.Errorf("%s %s: value %g best %s; aima-python: value %g, move %s, best moves %v", c[0], algo.name, r.Value, r.Best, want, algo.move, wantBest)
			}
		}
		var best []string
		var buf []Move
		for _, m := range g.Moves(g.Root(), buf) {
			child := g.Result(g.Root(), m)
			v, over := g.Terminal(child)
			if !over {
				cg, _ := ParseTicTacToe([]string{g.StateName(child)})
				s, _ := New(cg, Options{Algorithm: AlphaBeta})
				s.Run(0)
				v = -s.Result().Value
			}
			if v == want {
				best = append(best, g.MoveName(g.Root(), m))
			}
		}
		if !slices.Equal(best, wantBest) {
			t.Errorf("%s: best moves %v, aima-python's %v", c[0], best, wantBest)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows != 300 {
		t.Fatalf("%d positions, want 300", rows)
	}
}
