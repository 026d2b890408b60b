package kernel

import (
	"context"
	"runtime"
	"testing"
)

// BenchmarkSearchBytesPerNode measures what a notebook search holds per
// node, run to its node limit (a BFS of the 15-puzzle): the figure
// NodeBytes must stay above.
func BenchmarkSearchBytesPerNode(b *testing.B) {
	const nodes = 1_000_000
	var perNode float64
	for range b.N {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s := NewSession(Config{NodeCeiling: nodes, MaxNodes: nodes})
		if err := s.Execute(context.Background(), "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\na = search bfs\nrun a", func(Output) {}); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		held := s.lookup("a").search.NodeCount()
		perNode = float64(after.HeapAlloc-before.HeapAlloc) / float64(held)
		runtime.KeepAlive(s)
	}
	b.ReportMetric(perNode, "B/node")
	if perNode > NodeBytes {
		b.Errorf("a search holds %.0f bytes a node, over NodeBytes (%d)", perNode, NodeBytes)
	}
}

// BenchmarkCheckBytesPerState measures what check allocates per state it
// explores (an upper figure of what it holds at once): the figure
// checkStateBytes must stay above.
func BenchmarkCheckBytesPerState(b *testing.B) {
	const states = 181_440 // the whole 8-puzzle
	var perState float64
	for range b.N {
		s := NewSession(Config{})
		if err := s.Execute(context.Background(), "puzzle 867254301 goal=123456780", func(Output) {}); err != nil {
			b.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := s.Execute(context.Background(), "check h=manhattan states=181440", func(Output) {}); err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		perState = float64(after.TotalAlloc-before.TotalAlloc) / states
	}
	b.ReportMetric(perState, "B/state")
	if perState > checkStateBytes {
		b.Errorf("check allocates %.0f bytes a state, over checkStateBytes (%d)", perState, checkStateBytes)
	}
}
