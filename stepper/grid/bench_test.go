package grid

import (
	"container/heap"
	"math"
	"runtime"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/internal/cpuratio"
)

// BenchmarkScenArena2 runs all 910 rows of arena2.map.scen with A* octile
// (8 moves, unit costs, no corner cutting), one row after another, as
// `stepviz scen` does (duplicates=drop): the target is under 2 s
// per run. It reports rows, expansions and mismatches per run.
func BenchmarkScenArena2(b *testing.B) {
	sc := scenLoad(b, "arena2.map.scen")
	o, err := stepper.ParseOptions("astar h=octile duplicates=drop")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var sum ScenSummary
	cpu0 := cpuratio.ProcessCPU()
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
	b.ReportMetric((cpuratio.ProcessCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
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
	buf := make([]stepper.Successor[gridCell], 0, 8)
	s := p.Start()
	for b.Loop() {
		buf = p.Successors(s, buf[:0])
	}
}

// BenchmarkScenArena2Minimal runs the same 910 rows with a minimal
// hand-written A* (a map of g values and container/heap, no events, no
// tree, no journal) on the same successor function, as a yardstick for the
// engine's overhead: compare its ns/op with BenchmarkScenArena2's.
func BenchmarkScenArena2Minimal(b *testing.B) { benchArena2With(b, minimalAStar) }

// benchArena2With runs search, a hand-written A*, on arena2's 910 rows
// with the grid's first heuristic, checking each row's cost against the
// scenario's optimum.
func benchArena2With(b *testing.B, search func(p *gridProblem, h func(gridCell) float64) (cost float64, expanded int)) {
	b.Helper()
	sc := scenLoad(b, "arena2.map.scen")
	grids := make([]*gridProblem, len(sc.Rows))
	for i := range sc.Rows {
		g, err := sc.Grid(i, ScenConfig{})
		if err != nil {
			b.Fatal(err)
		}
		grids[i] = newGridProblem(g)
	}
	b.ReportAllocs()
	expanded := 0
	cpu0 := cpuratio.ProcessCPU()
	for b.Loop() {
		expanded = 0
		for i, p := range grids {
			cost, n := search(p, gridHeuristics(p.g)[0].Estimate)
			expanded += n
			if math.Abs(cost-sc.Rows[i].Optimal) > 1e-6 {
				b.Fatalf("row %d: cost %v, optimal %v", i, cost, sc.Rows[i].Optimal)
			}
		}
	}
	b.ReportMetric((cpuratio.ProcessCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(expanded), "expanded/op")
}

type minimalItem struct {
	f, g float64
	s    gridCell
	seq  int
}

type minimalHeap []minimalItem

func (h minimalHeap) Len() int { return len(h) }
func (h minimalHeap) Less(i, j int) bool {
	if h[i].f != h[j].f {
		return h[i].f < h[j].f
	}
	return h[i].seq < h[j].seq
}
func (h minimalHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *minimalHeap) Push(x any)   { *h = append(*h, x.(minimalItem)) }
func (h *minimalHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// minimalAStar is textbook A* with lazy deletion: a state may be pushed
// again when a cheaper g is found, and stale entries are skipped on pop.
func minimalAStar(p *gridProblem, h func(gridCell) float64) (cost float64, expanded int) {
	g := map[gridCell]float64{p.Start(): 0}
	closed := map[gridCell]bool{}
	open := &minimalHeap{{f: h(p.Start()), s: p.Start()}}
	seq := 0
	var buf []stepper.Successor[gridCell]
	for open.Len() > 0 {
		it := heap.Pop(open).(minimalItem)
		if closed[it.s] {
			continue
		}
		if p.IsGoal(it.s) {
			return it.g, expanded
		}
		closed[it.s] = true
		expanded++
		buf = p.Successors(it.s, buf[:0])
		for _, sc := range buf {
			ng := it.g + sc.Cost
			if old, ok := g[sc.State]; ok && old <= ng {
				continue
			}
			g[sc.State] = ng
			seq++
			heap.Push(open, minimalItem{f: ng + h(sc.State), g: ng, s: sc.State, seq: seq})
		}
	}
	return math.Inf(1), expanded
}

// BenchmarkScenArena2Dense is the minimal A* with the map replaced by
// arrays indexed by cell (g, closed), the lower bound of what a grid search
// costs here: the gap to BenchmarkScenArena2Minimal is the price of hashing
// states.
func BenchmarkScenArena2Dense(b *testing.B) { benchArena2With(b, denseAStar) }

func denseAStar(p *gridProblem, h func(gridCell) float64) (cost float64, expanded int) {
	n := p.g.w * p.g.h
	g := make([]float64, n)
	for i := range g {
		g[i] = math.Inf(1)
	}
	closed := make([]bool, n)
	g[p.Start()] = 0
	open := &minimalHeap{{f: h(p.Start()), s: p.Start()}}
	seq := 0
	var buf []stepper.Successor[gridCell]
	for open.Len() > 0 {
		it := heap.Pop(open).(minimalItem)
		if closed[it.s] {
			continue
		}
		if p.IsGoal(it.s) {
			return it.g, expanded
		}
		closed[it.s] = true
		expanded++
		buf = p.Successors(it.s, buf[:0])
		for _, sc := range buf {
			ng := it.g + sc.Cost
			if g[sc.State] <= ng {
				continue
			}
			g[sc.State] = ng
			seq++
			heap.Push(open, minimalItem{f: ng + h(sc.State), g: ng, s: sc.State, seq: seq})
		}
	}
	return math.Inf(1), expanded
}

// BenchmarkScenArena2Workers2 is BenchmarkScenArena2 with two rows at a
// time (ScenConfig.Workers), as `stepviz scen` may run them on two cores.
func BenchmarkScenArena2Workers2(b *testing.B) {
	sc := scenLoad(b, "arena2.map.scen")
	b.ReportAllocs()
	cpu0 := cpuratio.ProcessCPU()
	for b.Loop() {
		res, err := sc.Run(ScenConfig{Workers: 2})
		if err != nil {
			b.Fatal(err)
		}
		if s := SummarizeScen(res); s.Mismatches != 0 {
			b.Fatalf("%d mismatches", s.Mismatches)
		}
	}
	b.ReportMetric((cpuratio.ProcessCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkMazeRowsRatio runs every 8th row of arena2.map.scen (114 rows)
// through Scenario.Run, as stepviz scen does (forward only, duplicates
// dropped), and through denseAStar, the tight hand-written A* on the same
// successor function, in turns; ratio is the median CPU time of the first
// over the second's (target <= 1.15). It reports the bytes Scenario.Run
// allocates per row too.
func BenchmarkMazeRowsRatio(b *testing.B) {
	sc := scenLoad(b, "arena2.map.scen").Sample(8)
	o, err := stepper.ParseOptions("astar h=octile duplicates=drop")
	if err != nil {
		b.Fatal(err)
	}
	grids := make([]*gridProblem, len(sc.Rows))
	for i := range sc.Rows {
		g, err := sc.Grid(i, ScenConfig{})
		if err != nil {
			b.Fatal(err)
		}
		grids[i] = newGridProblem(g)
	}
	var allocated uint64
	eng, dense := cpuratio.PairedCPU(b, func() {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		res, err := sc.Run(ScenConfig{Options: o})
		if err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		allocated = m1.TotalAlloc - m0.TotalAlloc
		if s := SummarizeScen(res); s.Mismatches != 0 {
			b.Fatalf("%d of %d rows mismatch", s.Mismatches, s.Rows)
		}
	}, func() {
		for i, p := range grids {
			if cost, _ := denseAStar(p, gridHeuristics(p.g)[0].Estimate); math.Abs(cost-sc.Rows[i].Optimal) > 1e-6 {
				b.Fatalf("row %d: cost %v, optimal %v", i, cost, sc.Rows[i].Optimal)
			}
		}
	})
	cpuratio.ReportRatio(b, "engine", "dense", eng, dense)
	b.ReportMetric(float64(allocated)/float64(len(sc.Rows)), "engine-B/row")
}
