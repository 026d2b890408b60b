package export

import (
	"io"
	"testing"

	"stepviz/stepper/game"
)

// BenchmarkGameSVGFan draws MCTS's tree (a root fanning out to every
// move, its labels placed), alpha-beta's deep in tic-tac-toe, connect
// four's (its windows beside boards spaced apart) and nim's (folded): one
// drawing a live step sends.
func BenchmarkGameSVGFan(b *testing.B) {
	for _, c := range []struct {
		name, problem, search string
		step                  int
	}{
		{"mcts-tictactoe", "tictactoe", "mcts iterations=300 seed=3", 300},
		{"mcts-nim", "nim 3,4,5", "mcts iterations=60 seed=1", 60},
		{"alphabeta-tictactoe", "tictactoe", "alphabeta", 5000},
		{"alphabeta-connect4", "connect4", "alphabeta depth=3", 30},
		{"alphabeta-nim", "nim 3,4,5", "alphabeta", 400},
	} {
		b.Run(c.name, func(b *testing.B) {
			g, err := game.ParseProblem(c.problem)
			if err != nil {
				b.Fatal(err)
			}
			o, err := game.ParseOptions(c.search)
			if err != nil {
				b.Fatal(err)
			}
			v, err := game.ViewAt(g, o, c.step)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := GameSVG(io.Discard, v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
