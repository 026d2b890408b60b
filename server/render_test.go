package server

import "testing"

// TestFirstPaintBounded: past firstPaintNodes the page's first paint reads
// only the head of the open list and the tail of the closed list, never a
// copy of the whole tree, on the hub for every page load, and they are the
// engine's.
func TestFirstPaintBounded(t *testing.T) {
	s := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=misplaced tie=high-g")
	s.Run(4000)
	if s.NodeCount() <= firstPaintNodes {
		t.Fatalf("only %d nodes", s.NodeCount())
	}
	got := firstPaint(s, 40)
	want := s.Snapshot()
	if got.Tree != nil || len(got.Open) != 40 || len(got.Closed) != 40 {
		t.Fatalf("first paint: %d tree nodes, %d open, %d closed; want no tree, 40 and 40", len(got.Tree), len(got.Open), len(got.Closed))
	}
	for i, e := range got.Open {
		if w := want.Open[i]; e.ID != w.ID || e.Key != w.Key || !e.NodeInfo.Equal(w.NodeInfo) {
			t.Fatalf("open[%d] = %+v, engine %+v", i, e, w)
		}
	}
	tail := want.Closed[len(want.Closed)-40:]
	for i, n := range got.Closed {
		if !n.Equal(tail[i]) {
			t.Fatalf("closed tail[%d] = %+v, engine %+v", i, n, tail[i])
		}
	}
	if got.Counters != want.Counters || got.Counters.Closed != len(want.Closed) {
		t.Fatalf("counters %+v, engine %+v with %d closed", got.Counters, want.Counters, len(want.Closed))
	}
}
