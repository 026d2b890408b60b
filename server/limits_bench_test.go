package server

import (
	"runtime"
	"testing"
)

// BenchmarkSessionBytesPerNode measures what one lecture session holds per
// node once its presenter has run it to its node limit and a follower has
// joined (the live state built): the figure sessionNodeBytes must stay
// above.
func BenchmarkSessionBytesPerNode(b *testing.B) {
	const nodes = 100_000
	var perNode float64
	for range b.N {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		srv, ts, sess := liveServer(b, Config{MaxNodes: nodes}, "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0", "bfs")
		sess.hub.do(func() { sess.hub.seek(goalTarget(0, nodes), reasonGoal) })
		dial(b, ts, sess, "")
		held := 0
		sess.hub.do(func() { held = sess.hub.search.NodeCount() })
		runtime.GC()
		runtime.ReadMemStats(&after)
		perNode = float64(after.HeapAlloc-before.HeapAlloc) / float64(held)
		runtime.KeepAlive(srv)
	}
	b.ReportMetric(perNode, "B/node")
	if perNode > sessionNodeBytes {
		b.Errorf("a session holds %.0f bytes a node, over sessionNodeBytes (%d)", perNode, sessionNodeBytes)
	}
}
