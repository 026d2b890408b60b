package server

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/gorilla/websocket"

	"stepviz/stepper"
)

// model is what a client keeps, rebuilt from the protocol alone, as
// static/model.js does: one compact record per node id, the step shown
// and how many nodes exist at it, the head of the open list. Its apply
// logic mirrors model.js line for line; the tests check it against the
// engine after every message.
type model struct {
	info      ProblemInfo
	step      int
	nodeEnd   int
	iterStart int
	recs      []crec // by id; len is how many the client holds
	head      []int
	status    stepper.Status
	path      []int
}

// crec is one node's record as a client holds it.
type crec struct {
	parent, depth, seq, born, order, cell int
	g, f                                  float64
	fate                                  stepper.BaseFate
	goalPop, cutoffPop, stalePop          bool
	backward                              bool
}

// decoded is one record of a message with what still needs its parent.
type decoded struct {
	id              int
	r               crec
	gIdx            int // -1: g is raw
	depthFromParent bool
}

// decodeRecords unpacks records.go's format.
func decodeRecords(b []byte, format recFormat) ([]decoded, error) {
	cells := format.cells
	var out []decoded
	prevID, prevParent, prevOrder, prevBorn, prevSeqOff, prevCell := -1, -1, 0, 0, 0, 0
	uv := func() int {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			panic("truncated uvarint")
		}
		b = b[n:]
		return int(v)
	}
	zz := func() int {
		v, n := binary.Varint(b)
		if n <= 0 {
			panic("truncated varint")
		}
		b = b[n:]
		return int(v)
	}
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("records: %v", p)
			}
		}()
		for len(b) > 0 {
			d := decoded{gIdx: -1}
			d.id = prevID + 1 + uv()
			flags := b[0]
			b = b[1:]
			var ext byte
			if format.ext {
				ext = b[0]
				b = b[1:]
				d.r.fate = stepper.BaseFate(ext & fateMask)
				d.r.cutoffPop = ext&extCutoffPop != 0
				d.r.backward = ext&extBackward != 0
				d.r.stalePop = ext&extStalePop != 0
			} else {
				d.r.fate = stepper.BaseFate(flags & fateMask)
				if flags&fateMask == fateCutoffPop {
					d.r.fate, d.r.cutoffPop = stepper.BaseOpen, true
				}
			}
			d.r.goalPop = flags&flagGoalPop != 0
			d.r.parent = prevParent + zz()
			if flags&flagGRaw != 0 {
				d.r.g = math.Float64frombits(binary.LittleEndian.Uint64(b))
				b = b[8:]
			} else {
				d.gIdx = uv()
			}
			if flags&flagDepthRaw != 0 {
				d.r.depth = uv()
			} else {
				d.depthFromParent = true
			}
			if flags&flagOrder != 0 {
				d.r.order = prevOrder + zz()
				prevOrder = d.r.order
			}
			if flags&flagBorn != 0 {
				d.r.born = prevBorn + uv()
				prevBorn = d.r.born
			} else {
				d.r.born = prevBorn
			}
			d.r.seq = -1
			if d.r.fate == stepper.BaseOpen {
				prevSeqOff += zz()
				d.r.seq = d.id - prevSeqOff
			}
			d.r.cell = -1
			if cells {
				prevCell += zz()
				d.r.cell = prevCell
			}
			if ext&extF != 0 {
				d.r.f = math.Float64frombits(binary.LittleEndian.Uint64(b))
				b = b[8:]
			}
			prevID, prevParent = d.id, d.r.parent
			out = append(out, d)
		}
	}()
	return out, err
}

// applyRecords stores a message's records, then resolves each g and depth
// given relative to the parent, parents first.
func (m *model) applyRecords(t testing.TB, recs []byte, costs []float64) {
	t.Helper()
	ds, err := decodeRecords(recs, formatOf(m.info))
	if err != nil {
		t.Fatal(err)
	}
	pending := map[int]decoded{}
	for _, d := range ds {
		for len(m.recs) <= d.id {
			m.recs = append(m.recs, crec{})
		}
		m.recs[d.id] = d.r
		if d.gIdx >= 0 || d.depthFromParent {
			pending[d.id] = d
		}
	}
	var resolve func(id int)
	resolve = func(id int) {
		d, ok := pending[id]
		if !ok {
			return
		}
		delete(pending, id)
		resolve(d.r.parent)
		p := m.recs[d.r.parent]
		if d.gIdx >= 0 {
			m.recs[id].g = p.g + costs[d.gIdx]
		}
		if d.depthFromParent {
			m.recs[id].depth = p.depth + 1
		}
	}
	for _, d := range ds {
		resolve(d.id)
	}
}

// applyWire applies one message to the model; it reports whether the
// message moved the model.
func (m *model) applyWire(t testing.TB, w wire) bool {
	t.Helper()
	switch w.typ {
	case MsgState, MsgMove:
		var v View
		if err := json.Unmarshal(w.json, &v); err != nil {
			t.Fatal(err)
		}
		if w.typ == MsgState {
			m.recs = m.recs[:0]
		}
		m.applyRecords(t, w.recs, v.Costs)
		m.step, m.nodeEnd, m.head, m.status, m.path, m.iterStart = v.Step, v.NodeEnd, v.Head, v.Status, v.Path, v.IterStart
		return true
	case MsgStep:
		var s StepMsg
		if err := json.Unmarshal(w.json, &s); err != nil {
			t.Fatal(err)
		}
		if s.Event.Step != m.step+1 {
			t.Fatalf("step %d sent to a client at step %d", s.Event.Step, m.step)
		}
		recs, err := base64.StdEncoding.DecodeString(s.Recs)
		if err != nil {
			t.Fatal(err)
		}
		m.applyRecords(t, recs, s.Costs)
		m.step, m.nodeEnd, m.head, m.status, m.path, m.iterStart = s.Event.Step, s.NodeEnd, s.Head, s.Event.Status, s.Event.Path, s.IterStart
		return true
	}
	return false
}

// statusOf derives node id's status at the step shown, as model.js does.
func (m *model) statusOf(id int) stepper.NodeStatus {
	r := m.recs[id]
	if r.order > 0 && r.order <= m.step {
		if r.goalPop {
			return stepper.NodeGoal
		}
		if r.cutoffPop {
			return stepper.NodeCutoff
		}
		if r.stalePop {
			return stepper.NodeDiscarded
		}
		return stepper.NodeClosed
	}
	return r.fate.Status()
}

// check compares the model with the engine at the model's step.
func (m *model) check(t testing.TB, want *stepper.Search) {
	t.Helper()
	info := m.info
	if want.Seek(m.step) != m.step {
		t.Fatalf("model at step %d, the search ends at %d", m.step, want.StepCount())
	}
	if m.nodeEnd != want.NodeCount() || len(m.recs) < m.nodeEnd {
		t.Fatalf("step %d: model has %d nodes (holds %d), engine %d", m.step, m.nodeEnd, len(m.recs), want.NodeCount())
	}
	if is := iterStart(want, m.step); m.iterStart != is {
		t.Fatalf("step %d: iterStart %d, engine %d", m.step, m.iterStart, is)
	}
	for id := 0; id < m.nodeEnd; id++ {
		if w, r := want.Record(id), m.recs[id]; info.Ext && (w.F != r.f || w.Backward != r.backward || w.Fate != r.fate) {
			t.Fatalf("step %d: node %d F %v backward %v fate %d, engine %v %v %d", m.step, id, r.f, r.backward, r.fate, w.F, w.Backward, w.Fate)
		}
		if id < m.iterStart { // an earlier iteration's: only its record
			continue
		}
		n, r := want.Node(id), m.recs[id]
		got := stepper.NodeInfo{ID: id, Parent: r.parent, G: r.g, Depth: r.depth, Status: m.statusOf(id), Seq: r.seq, Step: r.born}
		w := stepper.NodeInfo{ID: id, Parent: n.Parent, G: n.G, Depth: n.Depth, Status: n.Status, Seq: n.Seq, Step: n.Step}
		if r.fate != stepper.BaseOpen {
			got.Seq, w.Seq = 0, 0
		} else if family(want.Options().Algorithm) != "" {
			w.Seq = want.Record(id).Seq // the stack's order; NodeInfo.Seq is -1 in the depth-first engine
		}
		if got != w {
			t.Fatalf("step %d: node %d = %+v, engine %+v", m.step, id, got, w)
		}
		if n.Order > 0 && r.order != n.Order {
			t.Fatalf("step %d: node %d order %d, engine %d", m.step, id, r.order, n.Order)
		}
		if hasCells(m.info.Kind) && r.cell != want.Record(id).Cell {
			t.Fatalf("step %d: node %d cell %d, engine %d", m.step, id, r.cell, want.Record(id).Cell)
		}
	}
	if h := want.OpenHead(headSize, []int{}); !slices.Equal(m.head, h) {
		t.Fatalf("step %d: open head %v, engine %v", m.step, m.head, h)
	}
	if m.status != want.Status() || !slices.Equal(m.path, want.Path()) {
		t.Fatalf("step %d: status %s path %v, engine %s %v", m.step, m.status, m.path, want.Status(), want.Path())
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
	{"puzzle dls cutoff", "puzzle 867254301 goal=123456780", "dls depth=4"},
	{"tutorial grid (re-parents)", "grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "astar h=manhattan"},
	{"romania greedy", "graph romania", "greedy"},
	{"romania ucs tree", "graph romania", "ucs tree=true"},
	{"grid wastar", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "wastar w=3 h=euclidean closed=reopen"},
	{"inconsistent h reopens", "graphtext:" + inconsistentGraph, "astar h=table closed=reopen"},
	{"romania ucs lazy (ext records: a stale pop)", "graph romania", "ucs lazy=true"},
	{"puzzle ids", "puzzle 283164705 goal=123804765", "ids"},
	{"puzzle idastar", "puzzle 867254301 goal=123456780", "idastar h=manhattan"},
	{"romania idastar", "graph romania", "idastar"},
	{"romania rbfs", "graph romania", "rbfs"},
	{"grid ids", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "ids"},
	{"romania bibfs", "graph romania", "bibfs"},
	{"romania biucs", "graph romania", "biucs"},
	{"puzzle bibfs", "puzzle 867254301 goal=123456780", "bibfs"},
	{"grid biucs", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8 cost=10-14", "biucs"},
	{"romania beam (prunings are mods)", "graph romania", "beam width=2"},
	{"puzzle local beam", "puzzle 867254301 goal=123456780", "beam width=3 local=true"},
	{"romania biastar", "graph romania", "biastar"},
	{"tutorial grid astar lazy (ext records: stale pops)", "grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "astar h=manhattan lazy=true"},
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

// mclient is a websocket client with its model, checked against the
// engine after every message that moves it.
type mclient struct {
	conn *websocket.Conn
	m    *model
	want *stepper.Search
	// largest is the largest message of each type and reason seen.
	largest map[string]int
}

func dialModel(t testing.TB, ts *httptest.Server, sess *Session, key string, want *stepper.Search) *mclient {
	t.Helper()
	conn, resp, err := websocket.DefaultDialer.Dial(wsURL(ts, sess, key), nil)
	if err != nil {
		t.Fatalf("dial: %v (%v)", err, resp)
	}
	t.Cleanup(func() { conn.Close() })
	var h Hello
	readAs(t, conn, MsgHello, &h)
	c := &mclient{conn: conn, m: &model{info: h.Problem}, want: want, largest: map[string]int{}}
	c.until(t, func(w wire) bool { return w.typ == MsgState })
	return c
}

// until applies messages until one satisfies done, and returns it.
func (c *mclient) until(t testing.TB, done func(wire) bool) wire {
	t.Helper()
	for {
		w := readWire(t, c.conn)
		if c.m.applyWire(t, w) {
			c.m.check(t, c.want)
			var r struct{ Reason string }
			_ = json.Unmarshal(w.json, &r)
			key := w.typ + " " + r.Reason
			c.largest[key] = max(c.largest[key], w.size)
		}
		if done(w) {
			return w
		}
	}
}

// TestModelFollowsEveryMove drives a real session over websockets with
// every command (steps, back, seek both ways, reset, goal) while a
// follower also explores (view past live, live again), and checks both
// clients' models against the engine after every message, for every
// frontier and tie rule, the reopening and re-parenting searches included.
func TestModelFollowsEveryMove(t *testing.T) {
	for _, tc := range protocolCases {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.options + " maxnodes=4000" // goal runs to the end
			_, ts, sess := liveServer(t, Config{}, tc.problem, opts)
			p := dialModel(t, ts, sess, sess.Key(), newSearch(t, tc.problem, opts))
			f := dialModel(t, ts, sess, "", newSearch(t, tc.problem, opts))
			script := []ClientMsg{
				{Type: CmdStep}, {Type: CmdStep}, {Type: CmdStep}, {Type: CmdStep}, {Type: CmdStep},
				{Type: CmdBack}, {Type: CmdBack}, {Type: CmdStep},
				{Type: CmdSeek, Step: 30}, {Type: CmdSeek, Step: 12}, {Type: CmdBack},
				{Type: QueryView, Step: 40, ID: 1}, {Type: CmdStep}, {Type: QueryView, Step: 3, ID: 2},
				{Type: CmdSeek, Step: 25}, {Type: QueryLive, ID: 3}, {Type: CmdStep},
				{Type: CmdReset}, {Type: CmdSeek, Step: 35}, {Type: CmdSeek, Step: 5},
				{Type: QueryView, Step: 60, ID: 4}, {Type: QueryView, Step: 20, ID: 5}, {Type: QueryLive, ID: 6},
				{Type: CmdGoal}, {Type: CmdBack}, {Type: QueryView, Step: 0, ID: 7}, {Type: QueryLive, ID: 8},
				{Type: CmdReset}, {Type: CmdSeek, Step: 50}, {Type: CmdStep},
			}
			for i, cmd := range script {
				if i%6 == 5 { // a late joiner's state, kept step by step on the hub, is the engine's
					dialModel(t, ts, sess, "", newSearch(t, tc.problem, opts)).conn.Close()
				}
				if isQuery(cmd.Type) {
					send(t, f.conn, cmd)
					f.until(t, func(w wire) bool { return w.typ == MsgMove })
					continue
				}
				following := f.m.step == p.m.step
				send(t, p.conn, cmd)
				w := p.until(t, func(w wire) bool { return w.typ == MsgMove || w.typ == MsgStep || w.typ == MsgError })
				if w.typ != MsgError && following {
					f.until(t, func(w wire) bool { return w.typ == MsgMove || w.typ == MsgStep || w.typ == MsgState })
				}
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
