package puzzle

import (
	"container/heap"
	"math/rand"
	"runtime"
	"testing"
	"time"

	"stepviz/stepper"
)

// The engine's speed and memory on puzzles, against a minimal A* written
// the way a textbook would: a map from state to node, container/heap with
// decrease-key (heap.Fix), no events, no journal. Both share the problem's
// state packing (one uint64 a board), successor function and Manhattan
// distance, so the difference is the engine's own overhead.
//
//	go test -run '^$' -bench Puzzle -benchmem ./stepper/

// hardEight is one of the two boards 31 moves from 123456780.
const hardEight = "puzzle 867254301"

// miniNode is a node of the minimal A*.
type miniNode struct {
	state  uint64
	g      int32
	parent int32
	index  int32 // in the heap, -1 once popped
	closed bool
}

// miniHeap orders node ids by (f, insertion), FIFO on ties as the engine's
// default does, so both expand the same nodes.
type miniHeap struct {
	nodes []miniNode
	items []miniItem
}

type miniItem struct {
	f   int32
	seq int32
	id  int32
}

func (h *miniHeap) Len() int { return len(h.items) }
func (h *miniHeap) Less(i, j int) bool {
	a, b := &h.items[i], &h.items[j]
	return a.f < b.f || a.f == b.f && a.seq < b.seq
}
func (h *miniHeap) Swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.nodes[h.items[i].id].index = int32(i)
	h.nodes[h.items[j].id].index = int32(j)
}
func (h *miniHeap) Push(x any) { panic("use push: heap.Push would box every item") }
func (h *miniHeap) Pop() any   { panic("use pop: heap.Pop would box every item") }

// push and pop go through heap.Fix rather than heap.Push and heap.Pop,
// whose any-typed values allocate once per item: that keeps the baseline as
// fast as container/heap allows.
func (h *miniHeap) push(it miniItem) {
	h.nodes[it.id].index = int32(len(h.items))
	h.items = append(h.items, it)
	heap.Fix(h, len(h.items)-1)
}

func (h *miniHeap) pop() miniItem {
	it := h.items[0]
	last := len(h.items) - 1
	h.Swap(0, last)
	h.items = h.items[:last]
	if last > 0 {
		heap.Fix(h, 0)
	}
	h.nodes[it.id].index = -1
	return it
}

// miniAStar is the minimal A*: goal test on selection, decrease-key on a
// cheaper path to an open node, closed nodes never reopened (Manhattan is
// consistent). It returns the cost and the number of expansions.
func miniAStar(p *packedPuzzle) (cost, expanded int) {
	h := &miniHeap{}
	seen := map[uint64]int32{}
	var succ []stepper.Successor[uint64]
	seq := int32(0)
	add := func(s uint64, g, parent int32) {
		id := int32(len(h.nodes))
		h.nodes = append(h.nodes, miniNode{state: s, g: g, parent: parent})
		seen[s] = id
		h.push(miniItem{f: g + int32(p.manhattan(s)), seq: seq, id: id})
		seq++
	}
	add(p.Start(), 0, -1)
	for h.Len() > 0 {
		it := h.pop()
		n := &h.nodes[it.id]
		if p.IsGoal(n.state) {
			return int(n.g), expanded
		}
		n.closed = true
		expanded++
		g := n.g + 1
		succ = p.Successors(n.state, succ[:0])
		for _, sc := range succ {
			if id, ok := seen[sc.State]; ok {
				old := &h.nodes[id]
				if !old.closed && g < old.g {
					old.g, old.parent = g, it.id
					h.items[old.index].f = g + int32(p.manhattan(sc.State))
					heap.Fix(h, int(old.index))
				}
				continue
			}
			add(sc.State, g, it.id)
		}
	}
	return -1, expanded
}

// astarBenchCases are the boards the engine is timed on: the hard 8-puzzle
// and Korf's instance #12 (45 moves, about 160,000 expansions), with its
// own goal, blank first.
var astarBenchCases = []struct{ name, problem string }{
	{"8puzzle", hardEight},
	{"15puzzle-korf12", "puzzle 14,1,9,6,4,8,12,5,7,2,3,0,10,11,13,15 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
}

// BenchmarkPuzzleAStar runs A* Manhattan to the end, through the engine
// (Search.Run) and through the minimal A*.
func BenchmarkPuzzleAStar(b *testing.B) {
	for _, tc := range astarBenchCases {
		p := mustPuzzle(b, tc.problem)
		pp := newPacked(p)
		b.Run(tc.name+"/engine", func(b *testing.B) {
			for b.Loop() {
				s := mustSearch(b, p, "astar h=manhattan")
				if s.Run(0) != stepper.Solved {
					b.Fatal("not solved")
				}
			}
		})
		b.Run(tc.name+"/minimal", func(b *testing.B) {
			for b.Loop() {
				if cost, _ := miniAStar(pp); cost < 0 {
					b.Fatal("not solved")
				}
			}
		})
	}
}

// BenchmarkPuzzleAStarRatio times both in the same loop, alternating, so
// that a shared machine's load falls on both alike, and reports the ratio
// of their fastest runs (the minimum is the estimate least disturbed by
// other processes) and of their means; the target is <= 1.5. It also checks
// both find the same cost with the same number of expansions.
func BenchmarkPuzzleAStarRatio(b *testing.B) {
	for _, tc := range astarBenchCases {
		p := mustPuzzle(b, tc.problem)
		pp := newPacked(p)
		b.Run(tc.name, func(b *testing.B) {
			var engine, minimal time.Duration
			minEngine, minMinimal := time.Duration(1<<62), time.Duration(1<<62)
			for b.Loop() {
				t0 := time.Now()
				s := mustSearch(b, p, "astar h=manhattan")
				s.Run(0)
				t1 := time.Now()
				cost, expanded := miniAStar(pp)
				t2 := time.Now()
				engine += t1.Sub(t0)
				minimal += t2.Sub(t1)
				minEngine, minMinimal = min(minEngine, t1.Sub(t0)), min(minMinimal, t2.Sub(t1))
				if s.Cost() != float64(cost) || s.Counters().Expanded != expanded {
					b.Fatalf("engine: cost %v, %d expanded; minimal: cost %d, %d expanded", s.Cost(), s.Counters().Expanded, cost, expanded)
				}
			}
			b.ReportMetric(float64(minEngine.Nanoseconds()), "engine-min-ns")
			b.ReportMetric(float64(minMinimal.Nanoseconds()), "minimal-min-ns")
			b.ReportMetric(float64(minEngine)/float64(minMinimal), "ratio-min")
			b.ReportMetric(float64(engine)/float64(minimal), "ratio-mean")
		})
	}
}

// BenchmarkPuzzleBytesPerNode measures the heap a big 8-puzzle search
// keeps (UCS over the whole space on 867254301: about 480,000 nodes, every
// generated child counted) with runtime.MemStats, per tree node and per
// distinct state, next to the engine's own estimate s.BytesPerNode(): with
// its journal (what the live viewer keeps to step back) and forward only
// (Options.Forget, what solve, trace and scen run; target <= 48 B/node).
func BenchmarkPuzzleBytesPerNode(b *testing.B) {
	p := mustPuzzle(b, hardEight)
	for _, forward := range []bool{false, true} {
		name := "journaled"
		if forward {
			name = "forward"
		}
		b.Run(name, func(b *testing.B) {
			o, err := stepper.ParseOptions("ucs")
			if err != nil {
				b.Fatal(err)
			}
			o.Forget = forward
			var perNode, perState float64
			var est int64
			for b.Loop() {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				s, err := stepper.NewSearch(p, o)
				if err != nil {
					b.Fatal(err)
				}
				s.Run(0)
				runtime.GC()
				runtime.ReadMemStats(&after)
				used := float64(after.HeapAlloc) - float64(before.HeapAlloc)
				c := s.Counters()
				perNode = used / float64(s.NodeCount())
				perState = used / float64(c.Open+c.Closed)
				est = s.BytesPerNode()
				runtime.KeepAlive(s)
			}
			b.ReportMetric(perNode, "B/node")
			b.ReportMetric(perState, "B/state")
			b.ReportMetric(float64(est), "est-B/node")
		})
	}
}

// BenchmarkPuzzleSeek seeks to random steps of a search of at least
// 100,000 steps (target < 50 ms a seek): UCS on the hard 8-puzzle
// (about 180,000 steps in all) and A* Manhattan on a 15-puzzle.
func BenchmarkPuzzleSeek(b *testing.B) {
	for _, tc := range []struct{ name, problem, search string }{
		{"8puzzle-ucs", hardEight, "ucs"},
		{"8puzzle-bfs", hardEight, "bfs"},
		{"15puzzle-astar", "puzzle 4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "astar"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s := mustSearch(b, mustPuzzle(b, tc.problem), tc.search)
			const steps = 100_000
			if got := s.Seek(steps); got != steps {
				b.Fatalf("the search ended at step %d, before %d", got, steps)
			}
			r := rand.New(rand.NewSource(1))
			for b.Loop() {
				k := r.Intn(steps + 1)
				if got := s.Seek(k); got != k {
					b.Fatalf("Seek(%d) = %d", k, got)
				}
			}
		})
	}
}

// BenchmarkPuzzleSeekWorst times the longest seeks of a 100,000-step
// search: from the start to the last step (every step replayed), and from
// the last step back to the middle (50,000 steps undone or replayed, the
// most either way).
func BenchmarkPuzzleSeekWorst(b *testing.B) {
	const steps = 100_000
	for _, tc := range []struct{ name, problem, search string }{
		{"8puzzle-ucs", hardEight, "ucs"},
		{"15puzzle-astar", "puzzle 4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "astar"},
	} {
		s := mustSearch(b, mustPuzzle(b, tc.problem), tc.search)
		b.Run(tc.name+"/0-to-end", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s.Seek(0)
				b.StartTimer()
				if s.Seek(steps) != steps {
					b.Fatal("search too short")
				}
			}
		})
		b.Run(tc.name+"/end-to-middle", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s.Seek(steps)
				b.StartTimer()
				s.Seek(steps / 2)
			}
		})
	}
}

// BenchmarkPuzzleStep is one Step with its event on the 8-puzzle, the
// cost a presenter pays per click.
func BenchmarkPuzzleStep(b *testing.B) {
	p := mustPuzzle(b, hardEight)
	s := mustSearch(b, p, "astar")
	for b.Loop() {
		if _, ok := s.Step(); !ok {
			s.Reset()
		}
	}
}
