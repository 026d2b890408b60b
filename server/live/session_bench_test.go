package live

import (
	"runtime"
	"testing"
)

// BenchmarkLiveBytesPerNode measures what a live game session holds per
// node once run to its node cap (alpha-beta on tic-tac-toe) with its view
// message built: the figure liveNodeBytes must stay above.
func BenchmarkLiveBytesPerNode(b *testing.B) {
	const nodes = 100_000
	var perNode float64
	for range b.N {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		l, err := NewSearch("tictactoe", "minimax", nodes)
		if err != nil {
			b.Fatal(err)
		}
		ls := &Session{s: l, clients: map[*liveClient]struct{}{}}
		for l.step() {
		}
		if err := ls.refresh(); err != nil {
			b.Fatal(err)
		}
		held := len(l.gv.View().Nodes)
		runtime.GC()
		runtime.ReadMemStats(&after)
		perNode = float64(after.HeapAlloc-before.HeapAlloc) / float64(held)
		runtime.KeepAlive(ls)
	}
	b.ReportMetric(perNode, "B/node")
	if perNode > liveNodeBytes {
		b.Errorf("a live session holds %.0f bytes a node, over liveNodeBytes (%d)", perNode, liveNodeBytes)
	}
}

// BenchmarkLiveStep measures one presenter step of alpha-beta on
// tic-tac-toe deep in its tree: the step and the view message rendered.
func BenchmarkLiveStep(b *testing.B) {
	l, err := NewSearch("tictactoe", "alphabeta", testMaxNodes)
	if err != nil {
		b.Fatal(err)
	}
	ls := &Session{s: l, clients: map[*liveClient]struct{}{}}
	_ = l.seek(5000)
	b.ResetTimer()
	for range b.N {
		if !l.step() {
			_ = l.reset()
		}
		if err := ls.refresh(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(ls.view)), "bytes/msg")
}
