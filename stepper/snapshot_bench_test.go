package stepper_test

import (
	"testing"

	"stepviz/stepper"
)

// BenchmarkSnapshot times Search.Snapshot at the end of A* on the hard
// 8-puzzle: every open, closed and stored node described with its state
// written now (a snapshot's texts are not lazy). nodes is how many nodes
// the snapshot lists in all; ns/node and B/node its cost for each.
func BenchmarkSnapshot(b *testing.B) {
	s := mustSearch(b, mustPuzzle(b, hardEight), "astar h=manhattan")
	if s.Run(0) != stepper.Solved {
		b.Fatalf("A*: %s", s.Status())
	}
	nodes := 0
	b.ReportAllocs()
	for b.Loop() {
		sn := s.Snapshot()
		nodes = len(sn.Open) + len(sn.Closed) + len(sn.Tree)
		if len(sn.Open) == 0 || sn.Open[0].State.String() == "" {
			b.Fatalf("snapshot of %d open nodes, or the first with no state", len(sn.Open))
		}
	}
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
}
