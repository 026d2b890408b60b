package puzzle

import (
	"sort"
	"testing"
	"time"
)

// minimalIDA is a minimal hand-written IDA* for the 15-puzzle, the
// yardstick of the engine's fast path: a 4-bit packed board, Manhattan
// distance updated incrementally, the parent never regenerated, the blank
// tried up, left, right, down, one child generated at a time. It returns
// the nodes generated (Korf's count: the root and every child) and the
// solution length.
type minimalIDA struct {
	dist  [16][16]int
	goal  uint64
	bound int
	next  int
	nodes int64
}

// korfMoves lists for each blank position the positions the blank moves
// to, up, left, right, down; -1 for none.
var korfMoves = func() (m [16][4]int) {
	for p := range 16 {
		r, c := p/4, p%4
		m[p] = [4]int{-1, -1, -1, -1}
		if r > 0 {
			m[p][0] = p - 4
		}
		if c > 0 {
			m[p][1] = p - 1
		}
		if c < 3 {
			m[p][2] = p + 1
		}
		if r < 3 {
			m[p][3] = p + 4
		}
	}
	return m
}()

func newMinimalIDA() *minimalIDA {
	m := &minimalIDA{}
	for t := 1; t < 16; t++ {
		for p := range 16 {
			m.dist[t][p] = absInt(p/4-t/4) + absInt(p%4-t%4)
		}
	}
	for p := range 16 {
		m.goal |= uint64(p) << (4 * uint(p))
	}
	return m
}

func (m *minimalIDA) solve(tiles []int) (int64, int) {
	s, blank, h := uint64(0), 0, 0
	for p, t := range tiles {
		s |= uint64(t) << (4 * uint(p))
		if t == 0 {
			blank = p
		} else {
			h += m.dist[t][p]
		}
	}
	m.nodes = 1
	for m.bound = h; ; m.bound = m.next {
		m.next = 1 << 30
		if m.dfs(s, blank, -1, 0, h) {
			return m.nodes, m.bound
		}
	}
}

func (m *minimalIDA) dfs(s uint64, b, from, g, h int) bool {
	if s == m.goal {
		return true
	}
	for _, to := range korfMoves[b] {
		if to < 0 || to == from {
			continue
		}
		t := (s >> (4 * uint(to))) & 15
		nh := h - m.dist[t][to] + m.dist[t][b]
		m.nodes++
		if f := g + 1 + nh; f > m.bound {
			if f < m.next {
				m.next = f
			}
			continue
		}
		if m.dfs(s&^(15<<(4*uint(to)))|t<<(4*uint(b)), to, b, g+1, nh) {
			return true
		}
	}
	return false
}

// TestMinimalIDAMatchesTable: the yardstick itself reproduces the smallest
// instances, so the benchmarks compare equal work.
func TestMinimalIDAMatchesTable(t *testing.T) {
	ks := readKorf(t)
	sort.SliceStable(ks, func(i, j int) bool { return ks[i].ReproNodes < ks[j].ReproNodes })
	m := newMinimalIDA()
	for _, k := range ks[:5] {
		if n, l := m.solve(k.Tiles); n != k.ReproNodes || l != k.OptLen {
			t.Errorf("#%d: %d nodes, length %d; want %d, %d", k.ID, n, l, k.ReproNodes, k.OptLen)
		}
	}
}

// korfBenchSet is the instances a benchmark solves: the 25 smallest, or
// all 100.
func korfBenchSet(b *testing.B, all bool) []KorfInstance {
	ks := readKorf(b)
	if all {
		return ks
	}
	sort.SliceStable(ks, func(i, j int) bool { return ks[i].ReproNodes < ks[j].ReproNodes })
	return ks[:korfSmallest]
}

// benchEngine solves the instances with the engine's Run (the fast path)
// and reports nodes a second.
func benchEngine(b *testing.B, ks []KorfInstance) {
	var nodes int64
	start := time.Now()
	for range b.N {
		for _, k := range ks {
			s, err := newSearch(k.Problem(), KorfSearch)
			if err != nil {
				b.Fatal(err)
			}
			s.Run(0)
			one, _ := s.GeneratedOneByOne()
			if int64(1+one) != k.ReproNodes {
				b.Fatalf("#%d: %d nodes, want %d", k.ID, 1+one, k.ReproNodes)
			}
			nodes += int64(1 + one)
		}
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds()/1e6, "Mnodes/s")
}

func benchMinimal(b *testing.B, ks []KorfInstance) {
	var nodes int64
	m := newMinimalIDA()
	start := time.Now()
	for range b.N {
		for _, k := range ks {
			n, _ := m.solve(k.Tiles)
			nodes += n
		}
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds()/1e6, "Mnodes/s")
}

// BenchmarkKorfSmallest: the engine against the minimal IDA* on the 25
// smallest of Korf's instances (about 170 million nodes). The engine's
// rate must be at least 1/1.5 of the minimal one's.
func BenchmarkKorfSmallest(b *testing.B) {
	b.Run("engine", func(b *testing.B) { benchEngine(b, korfBenchSet(b, false)) })
	b.Run("minimal", func(b *testing.B) { benchMinimal(b, korfBenchSet(b, false)) })
}

// BenchmarkKorf100: all 100 instances, 36.3 billion nodes: minutes. Run it
// with -benchtime 1x.
func BenchmarkKorf100(b *testing.B) {
	b.Run("engine", func(b *testing.B) { benchEngine(b, korfBenchSet(b, true)) })
}
