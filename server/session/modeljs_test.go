package session

import (
	"encoding/json"
	"math"
	"net/http/httptest"
	"testing"

	"github.com/gorilla/websocket"

	"stepviz/internal/modelcheck"
	"stepviz/stepper"
)

// The page's model (static/model.js) is checked against the engine by
// running it: Go records the frames a real server sends, writes beside
// each what the engine says at that frame's step, and
// server/testdata/model_check.mjs feeds the frames to model.js under node and
// compares. There is no second decoder to keep in step with model.js.

// The frames model_check.mjs reads, and the engine's answer at each.
type (
	jsRun    = modelcheck.Run
	jsFrame  = modelcheck.Frame
	jsExpect = modelcheck.Expect
	jsNode   = modelcheck.Node
)

func ptr[T any](v T) *T { return &v }

// expectAt is what the engine says a client's model holds at step k.
func expectAt(want *stepper.Search, info problemInfo, k int) jsExpect {
	return modelcheck.ExpectAt(want, k, info.Ext, hasCells(info.Kind), true)
}

// jsClient is a websocket client that records what model.js must follow.
type jsClient struct {
	conn *websocket.Conn
	run  *jsRun
	info problemInfo
	want *stepper.Search
	// bounded, when set, is the engine in bounded mode that the frames
	// with held set are checked against (bounded_test.go)
	bounded *stepper.Search
	step    int
}

func dialJS(t testing.TB, ts *httptest.Server, sess *Session, key, name string, want *stepper.Search) *jsClient {
	t.Helper()
	return dialJSBounded(t, ts, sess, key, name, want, nil)
}

// dialJSBounded is dialJS whose frames with held set are checked against
// bounded, the engine in bounded mode.
func dialJSBounded(t testing.TB, ts *httptest.Server, sess *Session, key, name string, want, bounded *stepper.Search) *jsClient {
	t.Helper()
	conn, resp, err := websocket.DefaultDialer.Dial(wsURL(ts, sess, key), nil)
	if err != nil {
		t.Fatalf("dial: %v (%v)", err, resp)
	}
	t.Cleanup(func() { conn.Close() })
	var h hello
	w := readAs(t, conn, MsgHello, &h)
	c := &jsClient{conn: conn, run: &jsRun{Name: name, Hello: append(json.RawMessage(nil), w.JSON...)}, info: h.Problem, want: want, bounded: bounded}
	c.until(t, func(w wire) bool { return w.Type == MsgState })
	return c
}

// until records frames until one satisfies done, and returns it.
func (c *jsClient) until(t testing.TB, done func(wire) bool) wire {
	t.Helper()
	for {
		w := readWire(t, c.conn)
		switch w.Type {
		case MsgState, MsgMove, MsgStep:
			var head struct {
				Held  bool `json:"held"`
				Step  *int `json:"step"`
				Event *struct {
					Step int `json:"step"`
				} `json:"event"`
			}
			if err := json.Unmarshal(w.JSON, &head); err != nil {
				t.Fatal(err)
			}
			k := c.step
			if head.Event != nil {
				k = head.Event.Step
			} else if head.Step != nil {
				k = *head.Step
			}
			c.step = k
			want := c.want
			if head.Held && c.bounded != nil {
				want = c.bounded
			}
			e := expectAt(want, c.info, k)
			if head.Held && c.bounded != nil {
				// the family strip's earlier iterations, as the journaled
				// search's records count them
				e.Earlier = modelcheck.WalkEarlier(c.want, k)
			}
			c.run.Frames = append(c.run.Frames, jsFrame{Kind: w.Type, Msg: append(json.RawMessage(nil), w.JSON...), Recs: w.Recs, Expect: e})
		}
		if done(w) {
			return w
		}
	}
}

// checkWithModelJS runs model_check.mjs on the runs and fails the test
// with what it reports.
func checkWithModelJS(t *testing.T, runs []*jsRun) {
	t.Helper()
	modelcheck.Check(t, runs, "a live session's frames")
}

// TestModelJSFollowsEveryMove drives a real session over websockets with
// every command (steps, back, seek both ways, reset, goal) while a
// follower also explores (view past live, live again) and late joiners
// arrive, records every frame each client receives, and checks that
// static/model.js, fed those frames under node, holds the engine's nodes,
// open head, status and path after every one, for every frontier and tie
// rule, the reopening and re-parenting searches included.
func TestModelJSFollowsEveryMove(t *testing.T) {
	var runs []*jsRun
	for _, tc := range protocolCases {
		opts := tc.options + " maxnodes=4000" // goal runs to the end
		_, ts, sess := liveServer(t, tc.problem, opts)
		p := dialJS(t, ts, sess, sess.Key(), tc.name+" presenter", newSearch(t, tc.problem, opts))
		f := dialJS(t, ts, sess, "", tc.name+" follower", newSearch(t, tc.problem, opts))
		runs = append(runs, p.run, f.run)
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
			if i%6 == 5 { // a late joiner's state, kept step by step on the hub
				late := dialJS(t, ts, sess, "", tc.name+" late joiner", newSearch(t, tc.problem, opts))
				late.conn.Close()
				runs = append(runs, late.run)
			}
			if isQuery(cmd.Type) {
				send(t, f.conn, cmd)
				f.until(t, func(w wire) bool { return w.Type == MsgMove })
				continue
			}
			following := f.step == p.step
			send(t, p.conn, cmd)
			w := p.until(t, func(w wire) bool { return w.Type == MsgMove || w.Type == MsgStep || w.Type == MsgError })
			if w.Type != MsgError && following {
				f.until(t, func(w wire) bool { return w.Type == MsgMove || w.Type == MsgStep || w.Type == MsgState })
			}
		}
		ts.Close()
	}
	checkWithModelJS(t, runs)
}

// TestModelJSDecodesEveryRecord packs records of every base fate, pop
// flag, direction and F (∞ and 0 included), with and without cells, into
// one state frame, and checks that model.js reads each one back.
func TestModelJSDecodesEveryRecord(t *testing.T) {
	recs := sliceSource{
		{Parent: -1, G: 0, Depth: 0, Seq: 0, Born: 0, Order: 1, Fate: stepper.BaseOpen, Cell: 3, F: 366},
		{Parent: -1, G: 0, Depth: 0, Seq: -1, Born: 0, Fate: stepper.BaseOpen, Cell: 9, Backward: true},
		{Parent: 0, G: 1, Depth: 1, Seq: 2, Born: 1, Order: 4, Fate: stepper.BaseOpen, CutoffPop: true, Cell: 4},
		{Parent: 0, G: 1.5, Depth: 1, Seq: -1, Born: 1, Fate: stepper.BaseCutoff, Cell: 5},
		{Parent: 0, G: 2, Depth: 1, Seq: -1, Born: 1, Fate: stepper.BaseForgotten, Cell: 6, F: math.Inf(1)},
		{Parent: 1, G: 3, Depth: 1, Seq: -1, Born: 2, Fate: stepper.BasePruned, Cell: 7, Backward: true},
		{Parent: 1, G: 4, Depth: 1, Seq: 5, Born: 2, Order: 3, Fate: stepper.BaseOpen, StalePop: true, Cell: 8, Backward: true},
		{Parent: 2, G: 1.25, Depth: 7, Seq: -1, Born: 4, Fate: stepper.BaseGoalBorn, Cell: 2, F: -0.5},
		{Parent: 2, G: 2, Depth: 2, Seq: -1, Born: 4, Order: 5, Fate: stepper.BaseDupClosed, GoalPop: true, Cell: 1},
	}
	const step = 4 // every order but 5 is reached: closed, cutoff and discarded pops, and one not yet popped
	var runs []*jsRun
	for _, cells := range []bool{false, true} {
		format := recFormat{Cells: cells, Ext: true}
		buf, costs := encodeState(recs, format)
		info := problemInfo{Kind: map[bool]string{false: "puzzle", true: "grid"}[cells], Ext: true, Width: 3}
		hello, err := json.Marshal(map[string]any{"type": MsgHello, "problem": info})
		if err != nil {
			t.Fatal(err)
		}
		msg, err := json.Marshal(map[string]any{"type": MsgState, "step": step, "live": step, "nodeEnd": len(recs), "costs": costs, "status": "running"})
		if err != nil {
			t.Fatal(err)
		}
		e := jsExpect{Step: step, NodeEnd: len(recs), Status: "running", Head: []int{}}
		for _, r := range recs {
			status := r.Fate.Status()
			if r.Order > 0 && r.Order <= step {
				status = stepper.NodeClosed
				switch {
				case r.GoalPop:
					status = stepper.NodeGoal
				case r.CutoffPop:
					status = stepper.NodeCutoff
				case r.StalePop:
					status = stepper.NodeDiscarded
				}
			}
			n := jsNode{Parent: ptr(r.Parent), G: ptr(r.G), Depth: ptr(r.Depth), Status: status.String(), Born: ptr(r.Born),
				StoredF: ptr(modelcheck.Number(r.F)), Backward: ptr(r.Backward)}
			if r.Fate == stepper.BaseOpen {
				n.Seq = ptr(r.Seq)
			}
			if r.Order > 0 && r.Order <= step {
				n.Order = ptr(r.Order)
			}
			if cells {
				n.Cell = ptr(r.Cell)
			}
			e.Nodes = append(e.Nodes, n)
		}
		runs = append(runs, &jsRun{Name: "every record, cells " + map[bool]string{false: "no", true: "yes"}[cells], Hello: hello,
			Frames: []jsFrame{{Kind: MsgState, Msg: msg, Recs: buf, Expect: e}}})
	}
	checkWithModelJS(t, runs)
}
