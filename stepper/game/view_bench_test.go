package game

import "testing"

// BenchmarkViewRows steps alpha-beta on a tic-tac-toe position to its end
// through a Viewer, making each step's Row (what the per-step exports
// print), against the bare engine's Step on the same search.
func BenchmarkViewRows(b *testing.B) {
	g, _ := ParseProblem("tictactoe X...O....")
	o, _ := ParseOptions("alphabeta")
	for _, tc := range []struct {
		name string
		rows bool
	}{{"engine-step", false}, {"viewer-row", true}} {
		b.Run(tc.name, func(b *testing.B) {
			steps := 0
			for range b.N {
				if !tc.rows {
					s, _ := New(g, o)
					for {
						if _, ok := s.Step(); !ok {
							break
						}
						steps++
					}
					continue
				}
				v, _ := NewViewer(g, o)
				for {
					if _, ok := v.Step(); !ok {
						break
					}
					_ = v.Row()
					steps++
				}
			}
			b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// BenchmarkViewAtEnd is the cost of one whole View (the tree with its
// ranges and texts) at the end of alpha-beta on a tic-tac-toe position.
func BenchmarkViewAtEnd(b *testing.B) {
	g, _ := ParseProblem("tictactoe X...O....")
	o, _ := ParseOptions("alphabeta")
	v, _ := NewViewer(g, o)
	for {
		if _, ok := v.Step(); !ok {
			break
		}
	}
	b.ResetTimer()
	for range b.N {
		_ = v.View()
	}
	b.ReportMetric(float64(len(v.nodes)), "nodes")
}
