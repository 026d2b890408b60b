package session

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"stepviz/stepper"
)

// boundedCases are depth-first searches far longer than a small session
// node limit: each must go on past it in bounded mode.
var boundedCases = []struct {
	name, problem, options string
	// ref is the journaled search's options when they differ: without the
	// node cap that options give at the session's limit
	ref string
}{
	{"ids", "puzzle 867254301 goal=123456780", "ids", ""},
	{"idastar", "puzzle 867254301 goal=123456780", "idastar h=misplaced", ""},
	{"rbfs", "puzzle 867254301 goal=123456780", "rbfs h=manhattan", ""},
	{"dls", "puzzle 867254301 goal=123456780", "dls depth=14", ""},
	// the engine's own cap, the session's limit, stops dls as the session
	// reaches it: the bounded search goes on from the step before
	{"dls capped", "puzzle 867254301 goal=123456780", "dls depth=14 maxnodes=300", "dls depth=14"},
	{"rbfs capped", "puzzle 867254301 goal=123456780", "rbfs h=manhattan maxnodes=300", "rbfs h=manhattan"},
	// more nodes held than the tree view draws whole (a path of 60, eight
	// moves each), with cells
	{"dls grid", openGrid(61) + " moves=8", "dls depth=60", ""},
}

// openGrid is an n×n grid with no wall, the start at the top left and the
// goal at the bottom right.
func openGrid(n int) string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = strings.Repeat(".", n)
	}
	rows[0] = "S" + rows[0][1:]
	rows[n-1] = rows[n-1][1:] + "G"
	return "grid " + strings.Join(rows, "/")
}

// boundedSearch is the engine in bounded mode on a case, for the frames
// sent after the switch.
func boundedSearch(t testing.TB, problem, options string) *stepper.Search {
	t.Helper()
	s := newSearch(t, problem, options)
	o := s.Options()
	o.Checkpoint = true
	b, err := stepper.NewSearch(s.Instance(), o)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkStepLike fails unless a step message's event is the journaled
// search's at that step: the node expanded, its children's ids and
// statuses, the counters and status.
func checkStepLike(t *testing.T, what string, st stepMsg, ref *stepper.Search) {
	t.Helper()
	want, err := ref.EventAt(st.Event.Step)
	if err != nil {
		t.Fatalf("%s: the journaled search has no step %d: %v", what, st.Event.Step, err)
	}
	got := st.Event
	if got.Expanded.ID != want.Expanded.ID || !got.Expanded.State.Equal(want.Expanded.State) || got.Counters != want.Counters || got.Status != want.Status || len(got.Children) != len(want.Children) {
		t.Fatalf("%s: step %d expands #%d %s %+v %s with %d children, the journaled search #%d %s %+v %s with %d", what, got.Step,
			got.Expanded.ID, got.Expanded.State, got.Counters, got.Status, len(got.Children), want.Expanded.ID, want.Expanded.State, want.Counters, want.Status, len(want.Children))
	}
	for i := range got.Children {
		if got.Children[i].ID != want.Children[i].ID || got.Children[i].Status != want.Children[i].Status {
			t.Fatalf("%s: step %d child %d: %+v, journaled %+v", what, got.Step, i, got.Children[i].NodeInfo, want.Children[i].NodeInfo)
		}
	}
}

// TestBoundedSessionGoesPastTheCap drives a session with a node limit of
// 300 over websockets on 127.0.0.1 far past it: run to goal twice (each
// request at most 4·limit steps), steps forward, back across the step where
// it switched to bounded mode, and forward again, seek and reset. Every
// step's event equals the journaled search's (a stepper search without
// Options.Checkpoint or a cap); every frame after the switch carries only
// the nodes held (held set: the header and a few bytes a node); and static/model.js,
// fed every frame the presenter and a follower got, holds what the engine
// holds at each step, exactly the ids held after the switch.
func TestBoundedSessionGoesPastTheCap(t *testing.T) {
	const limit = 300
	var runs []*jsRun
	for _, tc := range boundedCases {
		t.Run(tc.name, func(t *testing.T) {
			_, ts, sess := liveServerCap(t, tc.problem, tc.options, limit)
			refOpts := tc.options
			if tc.ref != "" {
				refOpts = tc.ref
			}
			ref := newSearch(t, tc.problem, refOpts) // journaled, no session cap
			p := dialJSBounded(t, ts, sess, sess.Key(), tc.name+" presenter", newSearch(t, tc.problem, tc.options), boundedSearch(t, tc.problem, tc.options))
			f := dialJSBounded(t, ts, sess, "", tc.name+" follower", newSearch(t, tc.problem, tc.options), boundedSearch(t, tc.problem, tc.options))
			runs = append(runs, p.run, f.run)
			var switchAt, maxHeldBytes, maxHeld int
			var lastEnd int
			do := func(cmd ClientMsg) wire {
				t.Helper()
				send(t, p.conn, cmd)
				w := p.until(t, func(w wire) bool { return w.Type == MsgMove || w.Type == MsgStep || w.Type == MsgError })
				if w.Type == MsgError {
					t.Fatalf("%s: %s", cmd.Type, w.JSON)
				}
				f.until(t, func(x wire) bool { return x.Type == w.Type })
				var head struct {
					Held    bool           `json:"held"`
					Step    int            `json:"step"`
					NodeEnd int            `json:"nodeEnd"`
					Event   *stepper.Event `json:"event"`
				}
				if err := json.Unmarshal(w.JSON, &head); err != nil {
					t.Fatal(err)
				}
				if head.Event != nil {
					var st stepMsg
					if err := json.Unmarshal(w.JSON, &st); err != nil {
						t.Fatal(err)
					}
					checkStepLike(t, tc.name, st, ref)
					head.Step = st.Event.Step
					if head.Held && !strings.Contains(st.Narration, "holds only its current path") {
						t.Fatalf("step %d after the switch: the narration %q does not say that only the path is held", head.Step, st.Narration)
					}
				}
				if head.Held {
					if switchAt == 0 {
						switchAt = head.Step
					}
					// the header (its chart, head and event: about 8 KB at most)
					// and a few bytes a node held, whatever the ids
					held := len(p.run.Frames[len(p.run.Frames)-1].Expect.Held)
					if n := len(w.JSON) + len(w.Recs); n > 8<<10+16*held {
						t.Errorf("step %d: a frame of %d bytes for %d nodes held", head.Step, n, held)
					}
					maxHeldBytes, maxHeld = max(maxHeldBytes, len(w.JSON)+len(w.Recs)), max(maxHeld, held)
					lastEnd = max(lastEnd, head.NodeEnd)
				} else if switchAt > 0 {
					t.Fatalf("%s: a frame without held after the switch at step %d", cmd.Type, switchAt)
				}
				return w
			}
			for i := 0; switchAt == 0 && i < 4*limit; i++ { // step by step to the switch
				do(ClientMsg{Type: CmdStep})
			}
			if switchAt == 0 {
				t.Fatalf("no switch to bounded mode in %d steps", 4*limit)
			}
			for range 4 { // back across the switch
				do(ClientMsg{Type: CmdBack})
			}
			for range 6 {
				do(ClientMsg{Type: CmdStep})
			}
			do(ClientMsg{Type: CmdGoal})
			do(ClientMsg{Type: CmdGoal})
			if lastEnd < 5*limit {
				t.Fatalf("after two runs to goal: %d nodes made; want far past the limit of %d", lastEnd, limit)
			}
			for range 3 {
				do(ClientMsg{Type: CmdStep})
			}
			do(ClientMsg{Type: CmdBack})
			do(ClientMsg{Type: CmdSeek, Step: 3})
			do(ClientMsg{Type: CmdStep})
			do(ClientMsg{Type: CmdReset})
			do(ClientMsg{Type: CmdSeek, Step: 2 * switchAt})
			do(ClientMsg{Type: CmdStep})
			late := dialJSBounded(t, ts, sess, "", tc.name+" late joiner", newSearch(t, tc.problem, tc.options), boundedSearch(t, tc.problem, tc.options))
			runs = append(runs, late.run)
			t.Logf("%s: switched at step %d, up to %d node ids, at most %d held, frames after it at most %d bytes", tc.name, switchAt, lastEnd, maxHeld, maxHeldBytes)
		})
	}
	checkWithModelJS(t, runs)
}

// TestBoundedSessionSearchIsCheckpointed: past the limit the live search
// runs with Options.Checkpoint and holds O(depth · branching) nodes per
// checkpoint, not the tree; each run to goal searches 4·limit steps, no
// more.
func TestBoundedSessionSearchIsCheckpointed(t *testing.T) {
	const limit = 500
	_, _, sess := liveServerCap(t, "puzzle 867254301 goal=123456780", "ids", limit)
	for range 10 {
		if err := sess.Command(ClientMsg{Type: CmdGoal}); err != nil {
			t.Fatal(err)
		}
	}
	var held, made, step int
	var cp bool
	sess.Do(func(lv Live) {
		held, made, step, cp = lv.Search.NodesHeld(), lv.Search.NodeCount(), lv.Search.StepCount(), lv.Search.Options().Checkpoint
	})
	if !cp || step != 10*4*limit || held > (2*64+1)*(1+32*4) || made < 10*limit {
		t.Fatalf("after 10 runs to goal: checkpointed %v, step %d, %d nodes made, %d held", cp, step, made, held)
	}
	if ids := func() (ids []int) {
		sess.Do(func(lv Live) { ids, _ = lv.Search.HeldIDs(nil) })
		return
	}(); !slices.IsSorted(ids) || len(ids) == 0 || len(ids) > 200 {
		t.Fatalf("the nodes held: %v", ids)
	}
}

// TestSeekCapped: a room or lecture rebuilt at a step past its session's
// node limit is taken there as the session went, in bounded mode, with
// the journaled search's counters and next event; below the limit, or a
// search outside the depth-first family, it stays journaled.
func TestSeekCapped(t *testing.T) {
	const problem = "puzzle 867254301 goal=123456780"
	for _, tc := range []struct {
		options     string
		step, limit int
		bounded     bool
	}{
		{"ids", 20_000, 300, true},
		{"rbfs h=manhattan", 5_000, 300, true},
		{"ids", 100, 300, false},
		{"astar h=manhattan", 2_000, 300, false},
	} {
		s := SeekCapped(newSearch(t, problem, tc.options), tc.step, tc.limit)
		ref := newSearch(t, problem, tc.options)
		if bounded(s) != tc.bounded || s.StepCount() != ref.Seek(tc.step) || s.Counters() != ref.Counters() {
			t.Fatalf("%s to step %d: bounded %v at step %d %+v; want bounded %v at %d %+v", tc.options, tc.step, bounded(s), s.StepCount(), s.Counters(), tc.bounded, ref.StepCount(), ref.Counters())
		}
		got, _ := s.Step()
		want, _ := ref.Step()
		if got.Expanded.ID != want.Expanded.ID || got.Counters != want.Counters {
			t.Fatalf("%s: the step after %d expands #%d %+v, journaled #%d %+v", tc.options, tc.step, got.Expanded.ID, got.Counters, want.Expanded.ID, want.Counters)
		}
	}
}

// TestBoundedSessionQueries: past the switch, a follower's queries are
// answered from the nodes held at its step: the closed list is the closed
// nodes held, most recent first; states answer the ids held and leave a
// dropped one out; inspect of a dropped node says it is dropped; a view of
// an earlier step holds that step's nodes (the scratch search, bounded
// too).
func TestBoundedSessionQueries(t *testing.T) {
	const problem, options, limit = "puzzle 867254301 goal=123456780", "ids", 300
	_, ts, sess := liveServerCap(t, problem, options, limit)
	if err := sess.Command(ClientMsg{Type: CmdSeek, Step: 3000}); err != nil {
		t.Fatal(err)
	}
	c, _, st := dial(t, ts, sess, "")
	eng := boundedSearch(t, problem, options)
	eng.Seek(st.Step)
	held, _ := eng.HeldIDs(nil)
	if !st.Held || st.Step != 3000 || len(held) == 0 {
		t.Fatalf("the join state: step %d, held %v; the engine holds %v", st.Step, st.Held, held)
	}
	dropped := -1
	for i := 1; i < len(held) && dropped < 0; i++ {
		if held[i] > held[i-1]+1 {
			dropped = held[i] - 1
		}
	}
	send(t, c, ClientMsg{Type: QueryRows, List: "closed", Count: 50, ID: 1})
	var rows rowsMsg
	readAs(t, c, MsgRows, &rows)
	var want []int
	for _, id := range held {
		if n := eng.Node(id); n.Status == stepper.NodeClosed {
			want = append(want, id)
		}
	}
	slices.Reverse(want)
	var got []int
	for _, r := range rows.Rows {
		got = append(got, r.ID)
	}
	if rows.Total != len(want) || !slices.Equal(got, want) {
		t.Fatalf("closed rows: %v of %d, want the closed nodes held %v", got, rows.Total, want)
	}
	send(t, c, ClientMsg{Type: QueryStates, IDs: []int{held[0], dropped, held[len(held)-1]}, ID: 2})
	var states statesMsg
	readAs(t, c, msgStates, &states)
	if len(states.States) != 2 || states.States[0].ID != held[0] || states.States[1].ID != held[len(held)-1] || states.States[1].State == "" {
		t.Fatalf("states of %d, %d (dropped), %d: %+v", held[0], dropped, held[len(held)-1], states.States)
	}
	send(t, c, ClientMsg{Type: QueryInspect, Node: dropped, Step: 3000, ID: 3})
	var in InspectMsg
	readAs(t, c, MsgInspect, &in)
	if in.Node.Status != stepper.NodeDropped {
		t.Fatalf("inspect of dropped node %d: %+v", dropped, in.Node)
	}
	send(t, c, ClientMsg{Type: QueryView, Step: 2000, ID: 4})
	var v view
	readAs(t, c, MsgMove, &v)
	eng.Seek(2000)
	if !v.Held || v.Step != 2000 || !slices.Equal(v.Head, eng.OpenHead(64, []int{})) {
		t.Fatalf("a view of step 2000: step %d held %v head %v, the engine's %v", v.Step, v.Held, v.Head, eng.OpenHead(64, nil))
	}
}
