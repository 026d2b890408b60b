package session

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/stepper"
)

const puzzleLine, puzzleOpts = "puzzle 283164705 goal=123804765", "astar h=manhattan"

// TestPresenterStepsFollowersReceive: the presenter's step reaches every
// follower as the engine's own event, and going back sends a move.
func TestPresenterStepsFollowersReceive(t *testing.T) {
	_, ts, sess := liveServer(t, puzzleLine, puzzleOpts)
	p, ph, ps := dial(t, ts, sess, sess.Key())
	if ph.Role != RolePresenter || ps.Reason != reasonJoin || ps.Step != 0 || ps.Counters.Open != 1 || ps.NodeEnd != 1 {
		t.Fatalf("presenter hello %+v, join state step %d reason %s open %d", ph.Role, ps.Step, ps.Reason, ps.Counters.Open)
	}
	var followers []*websocket.Conn
	for range 3 {
		f, fh, _ := dial(t, ts, sess, "")
		if fh.Role != RoleFollower || fh.Problem.Kind != "puzzle" || fh.Problem.Size != 3 {
			t.Fatalf("follower hello %+v", fh)
		}
		followers = append(followers, f)
	}
	engine := newSearch(t, puzzleLine, puzzleOpts)
	for k := 1; k <= 3; k++ {
		send(t, p, ClientMsg{Type: CmdStep})
		want, _ := engine.Step()
		for i, c := range append([]*websocket.Conn{p}, followers...) {
			var m stepMsg
			readAs(t, c, MsgStep, &m)
			if m.Event.Step != k || !m.Event.Expanded.Equal(want.Expanded) || len(m.Event.Children) != len(want.Children) {
				t.Fatalf("client %d step %d: got %+v, engine %+v", i, k, m.Event.Expanded, want.Expanded)
			}
			if !strings.Contains(m.Narration, want.Expanded.State.String()) {
				t.Errorf("narration %q does not name the expanded state %s", m.Narration, want.Expanded.State)
			}
		}
	}
	send(t, p, ClientMsg{Type: CmdBack})
	engine.Seek(2)
	want := engine.Snapshot()
	for i, c := range append([]*websocket.Conn{p}, followers...) {
		var m view
		readAs(t, c, MsgMove, &m)
		if m.Reason != reasonSeek || m.Step != 2 || m.Live != 2 || m.Counters.Open != len(want.Open) || m.Last == nil || m.Last.Step != 2 {
			t.Fatalf("client %d after back: reason %s step %d open %d (engine %d)", i, m.Reason, m.Step, m.Counters.Open, len(want.Open))
		}
		if len(m.History) != 3 || m.History[2] != (sizes{want.Counters.Open, want.Counters.Closed}) {
			t.Errorf("client %d: chart history %v", i, m.History)
		}
	}
}

// TestFollowerCommandsRefused: a follower's command is refused with a
// reason, changes nothing, and leaves its connection open.
func TestFollowerCommandsRefused(t *testing.T) {
	_, ts, sess := liveServer(t, puzzleLine, puzzleOpts)
	f, _, _ := dial(t, ts, sess, "")
	for _, cmd := range []string{CmdStep, CmdBack, CmdSeek, CmdGoal, CmdPlay, CmdPause, CmdSpeed, CmdReset} {
		send(t, f, ClientMsg{Type: cmd, Step: 3, Speed: 5})
		var e ErrorMsg
		readAs(t, f, MsgError, &e)
		if e.Command != cmd || !strings.Contains(e.Message, "refused") || !strings.Contains(e.Message, "presenter") {
			t.Errorf("%s: error %+v", cmd, e)
		}
	}
	var steps int
	sess.hub.do(func() { steps = sess.hub.search.StepCount() })
	if steps != 0 {
		t.Fatalf("followers' commands moved the session to step %d", steps)
	}
	// Queries still work: a follower explores step 4 on its own.
	send(t, f, ClientMsg{Type: QueryView, Step: 4, ID: 7})
	var v view
	readAs(t, f, MsgMove, &v)
	if v.Reason != reasonView || v.Step != 4 || v.Live != 0 || v.ID != 7 || v.Last == nil || v.Last.Step != 4 {
		t.Fatalf("view answer: reason %s step %d live %d id %d", v.Reason, v.Step, v.Live, v.ID)
	}
	if want := newSearch(t, puzzleLine, puzzleOpts); want.Seek(4) == 4 && len(want.Snapshot().Open) != v.Counters.Open {
		t.Errorf("view of step 4 has %d open nodes, engine %d", v.Counters.Open, len(want.Snapshot().Open))
	}
	sess.hub.do(func() { steps = sess.hub.search.StepCount() })
	if steps != 0 {
		t.Fatalf("a view query moved the session to step %d", steps)
	}
	// A view far ahead is clamped (this search ends at step 6 anyway).
	send(t, f, ClientMsg{Type: QueryView, Step: 1 << 30, ID: 8})
	readAs(t, f, MsgMove, &v)
	if v.Step != 6 || v.Status != stepper.Solved {
		t.Errorf("view far ahead: step %d %s", v.Step, v.Status)
	}
}

// TestInspect: the inspector's answer has h's breakdown, the path from
// the root and the children with their fates.
func TestInspect(t *testing.T) {
	_, ts, sess := liveServer(t, puzzleLine, puzzleOpts)
	f, _, _ := dial(t, ts, sess, "")
	send(t, f, ClientMsg{Type: QueryView, Step: 3, ID: 1})
	var v view
	readAs(t, f, MsgMove, &v)
	expanded := v.Last.Expanded
	send(t, f, ClientMsg{Type: QueryInspect, Node: expanded.ID, Step: 3, ID: 2})
	var m InspectMsg
	readAs(t, f, MsgInspect, &m)
	if !m.Node.Equal(expanded) || m.ID != 2 {
		t.Fatalf("inspect node %+v, want %+v", m.Node, expanded)
	}
	var sum float64
	for _, term := range m.Terms {
		sum += term.Value
	}
	if len(m.Terms) == 0 || sum != expanded.H {
		t.Errorf("terms %v add up to %v, h is %v", m.Terms, sum, expanded.H)
	}
	if len(m.Path) != expanded.Depth+1 || m.Path[0].Parent != -1 || m.Path[len(m.Path)-1].ID != expanded.ID {
		t.Errorf("path %v for a node of depth %d", m.Path, expanded.Depth)
	}
	if len(m.Children) != len(v.Last.Children) {
		t.Errorf("%d children, the event had %d", len(m.Children), len(v.Last.Children))
	}
	send(t, f, ClientMsg{Type: QueryInspect, Node: 999, Step: 3})
	var e ErrorMsg
	readAs(t, f, MsgError, &e)
	if !strings.Contains(e.Message, "node 999 does not exist") {
		t.Errorf("inspecting a missing node: %q", e.Message)
	}
}

// TestHostileMessagesCloseOnlyThatConnection: each bad frame closes the
// connection that sent it, with a reason, and the session goes on.
func TestHostileMessagesCloseOnlyThatConnection(t *testing.T) {
	cases := []struct {
		name   string
		kind   int
		data   string
		code   int
		reason string
	}{
		{"garbled", websocket.TextMessage, `{"type": "step"`, websocket.ClosePolicyViolation, "malformed"},
		{"not an object", websocket.TextMessage, `[1,2,3]`, websocket.ClosePolicyViolation, "malformed"},
		{"two objects", websocket.TextMessage, `{"type":"live"}{"type":"live"}`, websocket.ClosePolicyViolation, "one JSON object"},
		{"unknown type", websocket.TextMessage, `{"type":"rm -rf"}`, websocket.ClosePolicyViolation, "unknown message type"},
		{"unknown field", websocket.TextMessage, `{"type":"step","admin":true}`, websocket.ClosePolicyViolation, "malformed"},
		{"negative step", websocket.TextMessage, `{"type":"view","step":-5}`, websocket.ClosePolicyViolation, ">= 0"},
		{"binary", websocket.BinaryMessage, "\x00\x01", websocket.CloseUnsupportedData, "JSON text"},
		{"too large", websocket.TextMessage, `{"type":"live","pad":"` + strings.Repeat("x", 5000) + `"}`, websocket.CloseMessageTooBig, "too large"},
		{"far too large", websocket.TextMessage, strings.Repeat(" ", 100<<10), websocket.CloseMessageTooBig, ""},
	}
	_, ts, sess := liveServer(t, "puzzle 867254301 goal=123456780", puzzleOpts)
	p, _, _ := dial(t, ts, sess, sess.Key())
	watcher, _, _ := dial(t, ts, sess, "")
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bad, _, _ := dial(t, ts, sess, "")
			// A write can fail when the server has already hung up on
			// the frame's first bytes: that too is the connection closed.
			if err := bad.WriteMessage(tc.kind, []byte(tc.data)); err == nil {
				code, reason := expectClose(t, bad)
				if code != tc.code || !strings.Contains(reason, tc.reason) {
					t.Errorf("closed with %d %q, want %d and a reason with %q", code, reason, tc.code, tc.reason)
				}
			}
			// The session and the other connections go on.
			send(t, p, ClientMsg{Type: CmdStep})
			for _, c := range []*websocket.Conn{p, watcher} {
				var m stepMsg
				readAs(t, c, MsgStep, &m)
				if m.Event.Step != i+1 {
					t.Fatalf("after %s: step %d, want %d", tc.name, m.Event.Step, i+1)
				}
			}
		})
	}
}

// TestFloodClosesConnection: a client sending far more than the rate
// limit is closed.
func TestFloodClosesConnection(t *testing.T) {
	_, ts, sess := liveServer(t, puzzleLine, puzzleOpts)
	f, _, _ := dial(t, ts, sess, "")
	go func() {
		for range queryBurst * 3 {
			b, _ := json.Marshal(ClientMsg{Type: QueryLive})
			if f.WriteMessage(websocket.TextMessage, b) != nil {
				return
			}
		}
	}()
	code, reason := expectClose(t, f)
	if code != websocket.ClosePolicyViolation || !strings.Contains(reason, "too many messages") {
		t.Errorf("flood closed with %d %q", code, reason)
	}
}

// TestSlowFollowerCoalesced: a follower that stops reading never slows the
// presenter; once its queue is full it is sent one snapshot of the live
// state instead of the steps it missed.
func TestSlowFollowerCoalesced(t *testing.T) {
	_, ts, sess := liveServer(t, "puzzle 867254301 goal=123456780", "astar h=misplaced")
	p, _, _ := dial(t, ts, sess, sess.Key())
	// The slow follower's socket has a tiny receive buffer, so its queue
	// fills after a few steps.
	d := websocket.Dialer{NetDialContext: (&net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
	}}).DialContext, ReadBufferSize: 256}
	slow, _, err := d.DialContext(context.Background(), wsURL(ts, sess, ""), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	steps := 0
	for k := 1; k <= 20000 && sess.hub.coalesced.Load() == 0; k++ {
		steps = k
		send(t, p, ClientMsg{Type: CmdStep})
		var m stepMsg
		readAs(t, p, MsgStep, &m)
		if m.Event.Step != k {
			t.Fatalf("presenter got step %d, want %d", m.Event.Step, k)
		}
	}
	if sess.hub.coalesced.Load() == 0 {
		t.Fatal("the slow follower was never coalesced")
	}
	t.Logf("the slow follower's queue was full after %d steps", steps)
	// Reading now, the follower catches up through the live state and ends at
	// the live step.
	sawBehind, last := false, -1
	for last != steps {
		raw := readRaw(t, slow)
		var head struct {
			Type   string
			Reason string
			Step   int
			Event  struct{ Step int }
		}
		_ = json.Unmarshal(raw, &head)
		switch head.Type {
		case MsgState, MsgMove:
			if head.Reason == reasonBehind {
				sawBehind = true
			}
			last = head.Step
		case MsgStep:
			if last >= 0 && head.Event.Step != last+1 {
				t.Fatalf("follower got step %d after step %d", head.Event.Step, last)
			}
			last = head.Event.Step
		}
	}
	if !sawBehind {
		t.Error("the slow follower never got a 'behind' snapshot")
	}
}

// TestPlaySeekGoalReset covers the presenter's other commands as every
// viewer sees them.
func TestPlaySeekGoalReset(t *testing.T) {
	_, ts, sess := liveServer(t, puzzleLine, puzzleOpts)
	p, _, _ := dial(t, ts, sess, sess.Key())
	f, _, _ := dial(t, ts, sess, "")
	readState := func(c *websocket.Conn, playing bool) MetaMsg {
		t.Helper()
		for {
			var s MetaMsg
			raw := readRaw(t, c)
			if json.Unmarshal(raw, &s) == nil && s.Type == MsgMeta && s.Playing == playing {
				return s
			}
		}
	}
	send(t, p, ClientMsg{Type: CmdPlay, Speed: 40})
	if s := readState(f, true); s.Speed != 40 {
		t.Errorf("play state %+v", s)
	}
	// The hub steps on its own until the search ends (5 steps), then stops.
	for k := 1; ; k++ {
		var m stepMsg
		readAs(t, f, MsgStep, &m)
		if m.Event.Step != k {
			t.Fatalf("played step %d, want %d", m.Event.Step, k)
		}
		if m.Event.Status.Done() {
			break
		}
	}
	readState(f, false)
	send(t, p, ClientMsg{Type: CmdSeek, Step: 2})
	var m view
	readAs(t, f, MsgMove, &m)
	if m.Reason != reasonSeek || m.Step != 2 || m.Status != stepper.Running {
		t.Errorf("seek 2: %s step %d %s", m.Reason, m.Step, m.Status)
	}
	send(t, p, ClientMsg{Type: CmdGoal})
	readAs(t, f, MsgMove, &m)
	if m.Reason != reasonGoal || m.Status != stepper.Solved || len(m.Path) != 6 || len(m.History) != m.Step+1 {
		t.Errorf("goal: %s step %d %s path %v history %d", m.Reason, m.Step, m.Status, m.Path, len(m.History))
	}
	send(t, p, ClientMsg{Type: CmdReset})
	readAs(t, f, MsgMove, &m)
	if m.Reason != reasonReset || m.Step != 0 || m.NodeEnd != 1 {
		t.Errorf("reset: %s step %d, %d nodes", m.Reason, m.Step, m.NodeEnd)
	}
	send(t, p, ClientMsg{Type: CmdBack})
	var e ErrorMsg
	for e.Type != MsgError { // skip what the presenter was sent meanwhile
		_ = json.Unmarshal(readRaw(t, p), &e)
	}
	if !strings.Contains(e.Message, "step 0") {
		t.Errorf("back at step 0: %q", e.Message)
	}
}

// TestIdleSessionsReclaimed: a full server reclaims sessions nobody has
// used for the idle period, and refuses when none is idle.
func TestIdleSessionsReclaimed(t *testing.T) {
	st := NewStore(2, 8, time.Hour, membudget.New(membudget.DefaultLimit))
	defer st.CloseAll()
	a, err := st.Add(newSearch(t, puzzleLine, puzzleOpts), 1000, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Add(newSearch(t, puzzleLine, puzzleOpts), 1000, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Add(newSearch(t, puzzleLine, puzzleOpts), 1000, ""); err == nil || !strings.Contains(err.Error(), "already holds 2 sessions") {
		t.Fatalf("third session: %v", err)
	}
	a.hub.lastUsed.Store(time.Now().Add(-2 * time.Hour).Unix())
	c, err := st.Add(newSearch(t, puzzleLine, puzzleOpts), 1000, "")
	if err != nil {
		t.Fatalf("after a session went idle: %v", err)
	}
	if _, ok := st.Get(a.ID); ok {
		t.Error("the idle session is still held")
	}
	if _, ok := st.Get(c.ID); !ok {
		t.Error("the new session is not held")
	}
	<-a.hub.stopped // its hub has ended
}

// TestExploreAheadBounded: a follower may explore past the live step, but
// no further than exploreAhead past it, and views never move that bound
// (on the old protocol each view extended the chart's history and so the
// bound, 2,000 steps at a time).
func TestExploreAheadBounded(t *testing.T) {
	_, ts, sess := liveServer(t, "puzzle 867254301 goal=123456780", "bfs")
	f, _, _ := dial(t, ts, sess, "")
	for i := 1; i <= 3; i++ {
		send(t, f, ClientMsg{Type: QueryView, Step: 1 << 30, ID: i})
		var v view
		readAs(t, f, MsgMove, &v)
		if v.Step != ExploreAhead || v.Live != 0 || len(v.History) != 1 {
			t.Fatalf("view %d far ahead: step %d live %d history %d, want step %d", i, v.Step, v.Live, len(v.History), ExploreAhead)
		}
	}
}

// TestCloseEndsConnections: closing the server closes every viewer's
// connection with a reason, and stopping twice is harmless.
func TestCloseEndsConnections(t *testing.T) {
	st, ts, sess := liveServer(t, puzzleLine, puzzleOpts)
	f, _, _ := dial(t, ts, sess, "")
	go sess.hub.stop()
	st.CloseAll()
	code, reason := expectClose(t, f)
	if code != websocket.CloseGoingAway || !strings.Contains(reason, "session closed") {
		t.Errorf("closed with %d %q", code, reason)
	}
	if _, err := st.Add(newSearch(t, puzzleLine, puzzleOpts), 1000, ""); err != nil {
		t.Errorf("a new session after Close: %v", err)
	}
}

// TestJoinersShareOneState: twenty followers joining at the same step are
// sent one state, encoded once off the hub's goroutine and shared (on the
// old protocol each join encoded its own full snapshot on the hub, which
// stalled the presenter for seconds with a class joining late), and each
// of them gets the same bytes.
func TestJoinersShareOneState(t *testing.T) {
	_, ts, sess := liveServer(t, "puzzle 867254301 goal=123456780", "bfs")
	p, _, _ := dial(t, ts, sess, sess.Key())
	send(t, p, ClientMsg{Type: CmdSeek, Step: 300})
	var v view
	readAs(t, p, MsgMove, &v)
	before := sess.hub.stateBuilds.Load()
	var sizes []int
	for range 20 {
		c, resp, err := websocket.DefaultDialer.Dial(wsURL(ts, sess, ""), nil)
		if err != nil {
			t.Fatalf("dial: %v (%v)", err, resp)
		}
		defer c.Close()
		readAs(t, c, MsgHello, &hello{})
		w := readAs(t, c, MsgState, &v)
		if v.Step != 300 || v.NodeEnd != sess.nodeEndAt(t, 300) {
			t.Fatalf("joiner's state: step %d, %d nodes", v.Step, v.NodeEnd)
		}
		sizes = append(sizes, w.Size)
	}
	if n := sess.hub.stateBuilds.Load() - before; n != 1 {
		t.Errorf("20 joiners at one step: %d states encoded, want 1", n)
	}
	for _, s := range sizes[1:] {
		if s != sizes[0] {
			t.Fatalf("joiners got states of %v bytes, want the same bytes", sizes)
		}
	}
}

// nodeEndAt is how many nodes the session's search has at step k.
func (s *Session) nodeEndAt(t *testing.T, k int) int {
	t.Helper()
	n := -1
	s.hub.do(func() { n = s.hub.search.NodeEnd(k) })
	return n
}

// TestBackSendsOnlyWhatChanged: going back one step at step 4,000 sends a
// move far smaller than the state (never the whole tree again), and a
// second large query while one is on its way is refused as busy, never
// queued (so followers' live queries cannot pile up in memory).
func TestBackSendsOnlyWhatChanged(t *testing.T) {
	_, ts, sess := liveServer(t, "puzzle 867254301 goal=123456780", "bfs")
	p, _, _ := dial(t, ts, sess, sess.Key())
	f, _, _ := dial(t, ts, sess, "")
	send(t, p, ClientMsg{Type: CmdSeek, Step: 4000})
	var v view
	readAs(t, p, MsgMove, &v)
	readAs(t, f, MsgMove, &v)
	state := len(sess.hub.stateNowFor(t))
	send(t, p, ClientMsg{Type: CmdBack})
	w := readAs(t, f, MsgMove, &v)
	if v.Step != 3999 || w.Size*4 > state {
		t.Fatalf("back: step %d in %d bytes; the state is %d bytes", v.Step, w.Size, state)
	}

	sess.hub.do(func() {
		for c := range sess.hub.clients {
			c.inflight.Store(true) // as if an answer were still on its way
		}
	})
	send(t, f, ClientMsg{Type: QueryView, Step: 10, ID: 1})
	var e ErrorMsg
	readAs(t, f, MsgError, &e)
	if e.Command != QueryView || !strings.Contains(e.Message, "busy") {
		t.Fatalf("a second large query: %+v, want busy", e)
	}
}

// stateNowFor encodes the live state on the hub, for a size to compare.
func (h *hub) stateNowFor(t *testing.T) []byte {
	t.Helper()
	var b []byte
	h.do(func() { b = h.stateNow(reasonJoin) })
	return b
}
