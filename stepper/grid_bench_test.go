package stepper

import "testing"

// BenchmarkScenArena2 runs all 910 rows of arena2.map.scen with A* octile
// (8 moves, unit costs, no corner cutting): the target is under 2 s
// per run. It reports rows, expansions and mismatches per run.
func BenchmarkScenArena2(b *testing.B) {
	sc := scenLoad(b, "arena2.map.scen")
	o, err := ParseOptions("astar h=octile")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var sum ScenSummary
	for b.Loop() {
		res, err := sc.Run(ScenConfig{Options: o})
		if err != nil {
			b.Fatal(err)
		}
		sum = SummarizeScen(res)
	}
	if sum.Mismatches != 0 {
		b.Fatalf("%d of %d rows mismatch", sum.Mismatches, sum.Rows)
	}
	b.ReportMetric(float64(sum.Rows), "rows/op")
	b.ReportMetric(float64(sum.Expanded), "expanded/op")
}

// BenchmarkGridSuccessors measures one expansion's successor generation on
// an open 8-connected map cell.
func BenchmarkGridSuccessors(b *testing.B) {
	sc := scenLoad(b, "arena2.map.scen")
	g, err := sc.Grid(0, ScenConfig{})
	if err != nil {
		b.Fatal(err)
	}
	p := newGridProblem(g)
	buf := make([]Successor[gridCell], 0, 8)
	s := p.Start()
	for b.Loop() {
		buf = p.Successors(s, buf[:0])
	}
}
