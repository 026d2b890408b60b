package script_test

import (
	"testing"

	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// BenchmarkScriptGame: alpha-beta (and minimax) on tic-tac-toe from the
// empty board, the Starlark game against the built-in: "first" loads the
// script and asks every question, "memo" searches a loaded game again
// (every answer kept), "builtin" is the built-in tictactoe.
func BenchmarkScriptGame(b *testing.B) {
	line := "script " + familyPath(b, "games", "tictactoe.star")
	for _, algo := range []game.Algorithm{game.AlphaBeta, game.Minimax} {
		run := func(b *testing.B, g game.Game) {
			b.Helper()
			s, err := game.New(g, game.Options{Algorithm: algo})
			if err != nil {
				b.Fatal(err)
			}
			if s.Run(0); s.Status() != game.Done {
				b.Fatal(s.Result())
			}
			b.ReportMetric(float64(s.Result().Nodes), "nodes/op")
		}
		parse := func(b *testing.B, l string) game.Game {
			b.Helper()
			g, err := game.ParseProblem(l)
			if err != nil {
				b.Fatal(err)
			}
			return g
		}
		b.Run(string(algo)+"/first", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				// a fresh load: the parse cache holds the last line, so vary it
				run(b, parse(b, line+" run="+itoa(i)))
			}
		})
		b.Run(string(algo)+"/memo", func(b *testing.B) {
			g := parse(b, line)
			run(b, g)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run(b, g)
			}
		})
		b.Run(string(algo)+"/builtin", func(b *testing.B) {
			g := parse(b, "tictactoe")
			for i := 0; i < b.N; i++ {
				run(b, g)
			}
		})
	}
}

// BenchmarkScriptLocal: hill climbing with 100 sideways moves and 10
// restarts on 8-queens, examples/local/queens.star (loaded afresh each
// time) against the built-in queens, which take the same steps.
func BenchmarkScriptLocal(b *testing.B) {
	for _, c := range []struct{ name, line string }{
		{"script", "script " + familyPath(b, "local", "queens.star") + " n=8 seed=5"},
		{"builtin", "queens 8 seed=5"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				line := c.line
				if c.name == "script" {
					line += " run=" + itoa(i)
				}
				p, err := local.ParseProblem(line)
				if err != nil {
					b.Fatal(err)
				}
				s, err := local.New(p, local.Options{Algorithm: local.HillClimb, Sideways: 100, Restarts: 10, Seed: 5})
				if err != nil {
					b.Fatal(err)
				}
				s.Run(0)
				b.ReportMetric(float64(s.Result().Steps), "steps/op")
			}
		})
	}
}
