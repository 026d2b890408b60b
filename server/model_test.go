package server

import (
	"encoding/json"
	"slices"
	"sort"
	"testing"

	"stepviz/stepper"
)

// model is what a client keeps, rebuilt from the protocol alone, as
// static/session.js does: the nodes by id, the open list in pop order with
// its keys, the closed list in expansion order. The tests check that step
// messages suffice to keep it equal to the engine's snapshot.
type model struct {
	info   ProblemInfo
	step   int
	nodes  map[int]stepper.NodeInfo
	open   []stepper.OpenEntry
	closed []int
}

func modelFrom(info ProblemInfo, s SnapshotMsg) *model {
	m := &model{info: info, step: s.Step, nodes: map[int]stepper.NodeInfo{}}
	for _, n := range s.Tree {
		m.nodes[n.ID] = n
	}
	for _, e := range s.Open {
		m.open = append(m.open, stepper.OpenEntry{NodeInfo: m.nodes[e.ID], Key: e.Key})
	}
	m.closed = append(m.closed, s.Closed...)
	return m
}

func (m *model) less(a, b stepper.Key) bool {
	switch m.info.Frontier {
	case "fifo":
		return a.Seq < b.Seq
	case "lifo":
		return a.Seq > b.Seq
	}
	if a.Priority != b.Priority {
		return a.Priority < b.Priority
	}
	if a.Tie != b.Tie {
		return a.Tie < b.Tie
	}
	return (a.Seq < b.Seq) != (m.info.Tie == "lifo")
}

func (m *model) remove(id int) {
	m.open = slices.DeleteFunc(m.open, func(e stepper.OpenEntry) bool { return e.ID == id })
}

func (m *model) insert(n stepper.NodeInfo, k stepper.Key) {
	i := sort.Search(len(m.open), func(i int) bool { return m.less(k, m.open[i].Key) })
	m.open = slices.Insert(m.open, i, stepper.OpenEntry{NodeInfo: n, Key: k})
}

func (m *model) apply(msg StepMsg) {
	ev := msg.Event
	m.nodes[ev.Expanded.ID] = ev.Expanded
	m.remove(ev.Expanded.ID)
	if ev.Expanded.Status == stepper.NodeClosed {
		m.closed = slices.DeleteFunc(m.closed, func(id int) bool { return id == ev.Expanded.ID })
		m.closed = append(m.closed, ev.Expanded.ID)
	}
	for i, c := range ev.Children {
		m.nodes[c.ID] = c.NodeInfo
		switch c.Fate {
		case stepper.FateAdded:
			m.insert(c.NodeInfo, *msg.Keys[i])
		case stepper.FateReparented:
			m.remove(c.ID)
			m.insert(c.NodeInfo, *msg.Keys[i])
		case stepper.FateReopened:
			m.closed = slices.DeleteFunc(m.closed, func(id int) bool { return id == c.ID })
			m.insert(c.NodeInfo, *msg.Keys[i])
		}
	}
	m.step = ev.Step
}

// check compares the model with the engine's snapshot. Node fields that
// change without an event naming the node (none should) would show here.
func (m *model) check(t *testing.T, want stepper.Snapshot) {
	t.Helper()
	if len(m.open) != len(want.Open) {
		t.Fatalf("step %d: model has %d open, engine %d", want.Step, len(m.open), len(want.Open))
	}
	for i := range want.Open {
		if m.open[i].ID != want.Open[i].ID || m.open[i].Key != want.Open[i].Key {
			t.Fatalf("step %d: open[%d] = node %d key %+v, engine node %d key %+v", want.Step, i, m.open[i].ID, m.open[i].Key, want.Open[i].ID, want.Open[i].Key)
		}
	}
	var closed []int
	for _, n := range want.Closed {
		closed = append(closed, n.ID)
	}
	if !slices.Equal(m.closed, closed) {
		t.Fatalf("step %d: closed %v, engine %v", want.Step, m.closed, closed)
	}
	if len(m.nodes) != len(want.Tree) {
		t.Fatalf("step %d: model has %d nodes, engine %d", want.Step, len(m.nodes), len(want.Tree))
	}
	for _, n := range want.Tree {
		if m.nodes[n.ID] != n {
			t.Fatalf("step %d: node %d = %+v, engine %+v", want.Step, n.ID, m.nodes[n.ID], n)
		}
	}
}

// protocolCases cover every frontier and tie rule and a search that
// re-parents open nodes and one that reopens closed ones.
var protocolCases = []struct{ name, problem, options string }{
	{"puzzle astar", "puzzle 283164705 goal=123804765", "astar h=manhattan"},
	{"puzzle astar high-g", "puzzle 867254301 goal=123456780", "astar h=manhattan tie=high-g"},
	{"puzzle astar low-h", "puzzle 867254301 goal=123456780", "astar h=misplaced tie=low-h"},
	{"puzzle astar lifo", "puzzle 867254301 goal=123456780", "astar tie=lifo"},
	{"puzzle bfs", "puzzle 283164705 goal=123804765", "bfs"},
	{"puzzle dfs depth", "puzzle 283164705 goal=123804765", "dfs depth=6"},
	{"tutorial grid (re-parents)", "grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "astar h=manhattan"},
	{"romania greedy", "graph romania", "greedy"},
	{"romania ucs tree", "graph romania", "ucs tree=true"},
	{"grid wastar", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "wastar w=3 h=euclidean closed=reopen"},
	{"inconsistent h reopens", "graphtext:" + inconsistentGraph, "astar h=table closed=reopen"},
}

// inconsistentGraph has an admissible but inconsistent h: A* with
// closed=reopen expands C twice (stepper's own test explains the trace).
const inconsistentGraph = `nodes S A B C G
edge S A 1
edge S B 2
edge A C 3
edge B C 1
edge C G 4
h S 0
h A 0
h B 5
h C 0
h G 0
start S
goal G`

// TestStepMessagesRebuildSnapshot replays each case's step messages
// through a JSON round trip into a client model and compares the model
// with the engine's snapshot after every step.
func TestStepMessagesRebuildSnapshot(t *testing.T) {
	for _, tc := range protocolCases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSearch(t, tc.problem, tc.options)
			live := newSearch(t, tc.problem, tc.options)
			info := problemInfo(s)
			m := modelFrom(info, snapshotMessage(s.Snapshot()))
			for k := 1; k <= 300; k++ {
				ev, ok := live.Step()
				if !ok {
					break
				}
				var msg StepMsg
				if err := json.Unmarshal(encode(stepMessage(live.Options(), ev, false)), &msg); err != nil {
					t.Fatal(err)
				}
				m.apply(msg)
				s.Seek(k)
				m.check(t, s.Snapshot())
			}
		})
	}
}

// TestOpenKeyMatchesSnapshot checks openKey against the keys Snapshot
// reports for every open node.
func TestOpenKeyMatchesSnapshot(t *testing.T) {
	for _, tc := range protocolCases {
		s := newSearch(t, tc.problem, tc.options)
		for k := 0; k < 200 && !s.Status().Done(); k += 7 {
			s.Seek(k)
			for _, e := range s.Snapshot().Open {
				if got := openKey(s.Options(), e.NodeInfo); got != e.Key {
					t.Fatalf("%s step %d: openKey(node %d) = %+v, snapshot %+v", tc.name, k, e.ID, got, e.Key)
				}
			}
		}
	}
}

func TestSample(t *testing.T) {
	hist := func(n int) []Sizes {
		h := make([]Sizes, n)
		for i := range h {
			h[i] = Sizes{i, i}
		}
		return h
	}
	for _, tc := range []struct{ n, max, points, stride int }{
		{1, 600, 1, 1}, {600, 600, 600, 1}, {601, 600, 301, 2}, {3904, 600, 558, 7}, {10, 3, 3, 4},
	} {
		got, stride := sample(hist(tc.n), tc.max)
		if len(got) != tc.points || stride != tc.stride || len(got) > tc.max {
			t.Errorf("sample(%d, %d): %d points stride %d, want %d stride %d", tc.n, tc.max, len(got), stride, tc.points, tc.stride)
		}
		for i, p := range got {
			if p[0] != i*stride {
				t.Fatalf("sample(%d, %d): point %d is step %d, want %d", tc.n, tc.max, i, p[0], i*stride)
			}
		}
	}
}
