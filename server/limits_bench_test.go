package server

import (
	"runtime"
	"testing"

	"stepviz/server/session"
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
		_ = sess.Command(clientMsg{Type: cmdGoal})
		dial(b, ts, sess, "")
		held := 0
		sess.Do(func(lv session.Live) { held = lv.Search.NodeCount() })
		runtime.GC()
		runtime.ReadMemStats(&after)
		perNode = float64(after.HeapAlloc-before.HeapAlloc) / float64(held)
		runtime.KeepAlive(srv)
	}
	b.ReportMetric(perNode, "B/node")
	if perNode > session.NodeBytes {
		b.Errorf("a session holds %.0f bytes a node, over sessionNodeBytes (%d)", perNode, session.NodeBytes)
	}
}
