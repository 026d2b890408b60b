package kernel

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestShowTablesMatchSnapshot: the open and closed tables, read from the
// head of the open list and the first steps, are Snapshot's first rows,
// keys included, and the counters count the rest.
func TestShowTablesMatchSnapshot(t *testing.T) {
	for _, search := range []string{"astar h=misplaced tie=high-g", "astar h=manhattan tie=low-h", "ucs", "bfs", "dfs"} {
		s := NewSession(Config{})
		if _, err := s.Run(context.Background(), "puzzle 867254301 goal=123456780\nsearch "+search); err != nil {
			t.Fatal(err)
		}
		sr := s.searches[""].search
		sr.Run(3000)
		want := sr.Snapshot()
		open := openHead(sr, maxRows)
		if len(open) != min(maxRows, len(want.Open)) {
			t.Fatalf("%s: %d open rows, want %d", search, len(open), min(maxRows, len(want.Open)))
		}
		for i, e := range open {
			if w := want.Open[i]; !e.NodeInfo.Equal(w.NodeInfo) || e.Key != w.Key {
				t.Fatalf("%s: open[%d] = %+v, snapshot %+v", search, i, e, w)
			}
		}
		closed := closedFrom(sr, 1, maxRows)
		if len(closed) != min(maxRows, len(want.Closed)) {
			t.Fatalf("%s: %d closed rows, want %d", search, len(closed), min(maxRows, len(want.Closed)))
		}
		for i, n := range closed {
			if w := want.Closed[i]; !n.Equal(w) {
				t.Fatalf("%s: closed[%d] = %+v, snapshot %+v", search, i, n, w)
			}
		}
		if c := sr.Counters(); c.Closed != len(want.Closed) || c.Open != len(want.Open) {
			t.Fatalf("%s: counters open %d closed %d, snapshot %d and %d", search, c.Open, c.Closed, len(want.Open), len(want.Closed))
		}
	}
}

// TestShowBounded: every show topic and the node inspector cost about the
// same at 200,000 nodes as at 20,000 (a Snapshot copies every node: at
// 1.1M nodes it was seconds), and still say what they show.
func TestShowBounded(t *testing.T) {
	cost := func(nodes int) map[string]float64 {
		t.Helper()
		s, ls := bigSearch(t, nodes, Config{})
		ctx := context.Background()
		id := ls.search.NodeCount() - 7
		cells := map[string]string{"open": "show long open", "closed": "show long closed", "tree": "show long tree",
			"board": "show long board", "stats": "show long stats", "node": fmt.Sprintf("show long node %d", id)}
		allocs := map[string]float64{}
		for topic, cell := range cells {
			outs, err := s.Run(ctx, cell)
			if err != nil || len(outs) != 1 {
				t.Fatalf("%s at %d nodes: %v, %d outputs", cell, nodes, err, len(outs))
			}
			text := outs[0].Text
			switch topic {
			case "open":
				if !strings.Contains(text, "more open nodes") {
					t.Errorf("%s: no count of the rest:\n%s", cell, text)
				}
			case "tree":
				if !strings.Contains(text, fmt.Sprintf("of %d nodes", ls.search.NodeCount())) || !strings.Contains(outs[0].HTML, "<svg") {
					t.Errorf("%s: does not say it is a part of the tree, or draws nothing:\n%.300s", cell, text)
				}
			case "node":
				if !strings.Contains(text, fmt.Sprintf("node %d", id)) || !strings.Contains(outs[0].HTML, "<svg") {
					t.Errorf("%s: %.300s", cell, text)
				}
			}
			allocs[topic] = testing.AllocsPerRun(2, func() { s.Run(ctx, cell) })
		}
		if out, err := s.NodeView("long", id); err != nil || !strings.Contains(out.Text, fmt.Sprintf("node %d", id)) {
			t.Errorf("inspector at %d nodes: %v %.200s", nodes, err, out.Text)
		}
		allocs["inspector"] = testing.AllocsPerRun(2, func() { s.NodeView("long", id) })
		return allocs
	}
	small, big := cost(20_000), cost(200_000)
	t.Logf("allocations at 20,000 nodes %v, at 200,000 %v", small, big)
	for topic, n := range big {
		if n > 2*small[topic]+50 {
			t.Errorf("show %s allocates %.0f times at 200,000 nodes, %.0f at 20,000: it grows with the search", topic, n, small[topic])
		}
	}
}

// TestShowIterative: in an iterative search's later iteration, show node
// and the inspector name an earlier iteration's node as such, and show a
// current one; the tree outline starts at the iteration's root.
func TestShowIterative(t *testing.T) {
	s := NewSession(Config{})
	ctx := context.Background()
	if _, err := s.Run(ctx, "puzzle 867254301 goal=123456780\nit = search ids"); err != nil {
		t.Fatal(err)
	}
	sr := s.searches["it"].search
	for sr.IterStart(sr.StepCount()) == 0 && !sr.Status().Done() {
		sr.Step()
	}
	sr.Run(5)
	s.refreshLast(s.searches["it"])
	start := sr.IterStart(sr.StepCount())
	if start == 0 {
		t.Fatal("the search never began a second iteration")
	}
	if _, err := s.Run(ctx, "show it node 0"); err == nil || !strings.Contains(err.Error(), "earlier iteration") {
		t.Errorf("show it node 0 in a later iteration: %v", err)
	}
	if _, err := s.NodeView("it", 0); err == nil || !strings.Contains(err.Error(), "earlier iteration") {
		t.Errorf("inspector of node 0 in a later iteration: %v", err)
	}
	outs, err := s.Run(ctx, fmt.Sprintf("show it node %d", start))
	if err != nil || !strings.Contains(outs[0].Text, fmt.Sprintf("node %d", start)) {
		t.Errorf("show it node %d: %v", start, err)
	}
	outs, err = s.Run(ctx, "show it tree")
	if err != nil || !strings.Contains(outs[0].Text, fmt.Sprintf("\n#%d ", start)) {
		t.Errorf("show it tree: %v %+v", err, outs)
	}
}

// TestBoundedViewIterative: past 2,000 nodes, an iterative search's
// bounded view holds its current iteration only (ids from IterStart), the
// iteration's root first, as its full snapshot would.
func TestBoundedViewIterative(t *testing.T) {
	s := NewSession(Config{})
	if _, err := s.Run(context.Background(), "puzzle 867254301 goal=123456780\nit = search ids"); err != nil {
		t.Fatal(err)
	}
	ls := s.searches["it"]
	sr := ls.search
	for (sr.NodeCount() <= fullFrameNodes || sr.IterStart(sr.StepCount()) == 0) && !sr.Status().Done() {
		sr.Run(64)
	}
	s.refreshLast(ls)
	start := sr.IterStart(sr.StepCount())
	if start == 0 || sr.NodeCount() <= fullFrameNodes {
		t.Fatalf("no later iteration past %d nodes: %d nodes, iteration from %d", fullFrameNodes, sr.NodeCount(), start)
	}
	snap, sel, _, ids := s.boundedViewOf(ls, -1)
	if ids[0] != start || snap.Tree[0].Parent != -1 {
		t.Fatalf("the view's first node is %d (parent %d), want the iteration's root %d", ids[0], snap.Tree[0].Parent, start)
	}
	for _, id := range ids {
		if id < start {
			t.Fatalf("the view holds node %d of an earlier iteration (this one starts at %d)", id, start)
		}
	}
	if ids[sel] != ls.last.Expanded.ID {
		t.Errorf("selected %d, want the current node %d", ids[sel], ls.last.Expanded.ID)
	}
}
