package stepper

import (
	"math"
	"testing"
)

// openGrid is a w×w 4-connected grid with no walls, from corner to corner:
// a synthetic problem for measuring the engine's own cost per node.
type openGrid struct{ w int }

func (g *openGrid) Start() int        { return 0 }
func (g *openGrid) IsGoal(s int) bool { return s == g.w*g.w-1 }
func (g *openGrid) Successors(s int, buf []Successor[int]) []Successor[int] {
	x, y := s%g.w, s/g.w
	if y > 0 {
		buf = append(buf, Successor[int]{State: s - g.w, Action: 0, Cost: 1})
	}
	if x+1 < g.w {
		buf = append(buf, Successor[int]{State: s + 1, Action: 1, Cost: 1})
	}
	if y+1 < g.w {
		buf = append(buf, Successor[int]{State: s + g.w, Action: 2, Cost: 1})
	}
	if x > 0 {
		buf = append(buf, Successor[int]{State: s - 1, Action: 3, Cost: 1})
	}
	return buf
}
func (g *openGrid) Format(s int) string     { return "" }
func (g *openGrid) ActionName(a int) string { return [...]string{"N", "E", "S", "W"}[a] }
func (g *openGrid) Kind() string            { return "grid" }
func (g *openGrid) Spec() string            { return "open grid" }
func (g *openGrid) Heuristics() []string    { return []string{"manhattan"} }
func (g *openGrid) Engine(o Options) (Engine, error) {
	goal := g.w*g.w - 1
	hs := []Heuristic[int]{{Name: "manhattan", Admissible: true, Estimate: func(s int) float64 {
		return math.Abs(float64(s%g.w-goal%g.w)) + math.Abs(float64(s/g.w-goal/g.w))
	}}}
	return newEngine[int](g, hs, o)
}

// BenchmarkEngineUCS measures the engine alone: UCS over a 300×300 open
// grid expands all 90,000 cells.
func BenchmarkEngineUCS(b *testing.B) {
	g := &openGrid{w: 300}
	for b.Loop() {
		s := mustSearch(b, g, "ucs")
		if s.Run(0) != Solved {
			b.Fatal("not solved")
		}
	}
}

// BenchmarkSeekOpenGrid seeks between far-apart steps of a UCS search of
// about 90,000 steps.
func BenchmarkSeekOpenGrid(b *testing.B) {
	g := &openGrid{w: 300}
	s := mustSearch(b, g, "ucs")
	s.Run(0)
	last := s.StepCount()
	targets := []int{last / 2, last, 1, last * 3 / 4, last / 4}
	i := 0
	for b.Loop() {
		s.Seek(targets[i%len(targets)])
		i++
	}
	b.ReportMetric(float64(last), "steps")
}
