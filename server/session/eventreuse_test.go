package session

import (
	"github.com/gorilla/websocket"

	"fmt"
	"stepviz/server/internal/wstest"
	"testing"
	"time"
)

// hubAct is one thing done to a hub in a reuse script: a presenter
// command, a client joining (its state is built on its own goroutine and
// delivered only at the next finish, so the hub steps on in between), a
// finish of the state builds under way, or a "which node next" poll as a
// room asks it (a step of the live search through Do's Live, undone).
type hubAct struct {
	cmd    ClientMsg
	join   string // a role
	finish bool
	poll   bool
}

func steps(n int) []hubAct {
	out := make([]hubAct, n)
	for i := range out {
		out[i] = hubAct{cmd: ClientMsg{Type: CmdStep}}
	}
	return out
}

// reuseScript steps forward, back, seeks, jumps to the next contour and
// the goal, polls, and lets followers join late, with state builds that
// finish after further steps.
func reuseScript() []hubAct {
	var s []hubAct
	add := func(a ...hubAct) { s = append(s, a...) }
	add(hubAct{join: RolePresenter})
	add(steps(5)...)
	add(hubAct{join: RoleFollower})
	add(steps(3)...)
	add(hubAct{finish: true}, hubAct{cmd: ClientMsg{Type: CmdBack}})
	add(steps(2)...)
	add(hubAct{cmd: ClientMsg{Type: CmdSeek, Step: 2}})
	add(steps(1)...)
	add(hubAct{cmd: ClientMsg{Type: CmdContour}})
	add(steps(2)...)
	add(hubAct{poll: true}, hubAct{join: RoleFollower})
	add(steps(2)...)
	add(hubAct{cmd: ClientMsg{Type: CmdContour}}, hubAct{finish: true})
	add(steps(1)...)
	add(hubAct{join: RoleFollower}, hubAct{cmd: ClientMsg{Type: CmdGoal}})
	add(steps(2)...)
	add(hubAct{finish: true}, hubAct{cmd: ClientMsg{Type: CmdBack}}, hubAct{cmd: ClientMsg{Type: CmdBack}})
	add(steps(3)...)
	add(hubAct{poll: true})
	add(steps(1)...)
	add(hubAct{cmd: ClientMsg{Type: CmdReset}})
	add(steps(4)...)
	add(hubAct{join: RoleFollower}, hubAct{finish: true})
	return s
}

// driveHub runs script on a new hub of the search (node limit maxNodes)
// on the test's goroutine, the hub's goroutine's part included, and
// returns every frame each client was sent, in order, and the poll
// answers. fresh steps with Search.Step, a new event each step.
func driveHub(t *testing.T, problem, options string, maxNodes int, fresh bool, script []hubAct) ([][]string, []string) {
	t.Helper()
	s := newSearch(t, problem, options)
	h := newHub(&Session{maxNodes: maxNodes}, s, describe(s))
	h.freshEvents = fresh
	defer close(h.quit)
	var clients []*client
	var polls []string
	finish := func() {
		for h.stateBuilding {
			select {
			case f := <-h.calls:
				f()
			case <-time.After(10 * time.Second):
				t.Fatal("a state build did not finish in 10 s")
			}
		}
	}
	for i, a := range script {
		switch {
		case a.join != "":
			c := &client{hub: h, role: a.join, send: make(chan outMsg, 1<<14)}
			h.clients[c] = true
			if c.role == RoleFollower {
				h.followers.Add(1)
			}
			clients = append(clients, c)
			h.deliver(c, text(h.helloFor(c)))
			h.sendState(c, reasonJoin)
		case a.finish:
			finish()
		case a.poll:
			l := Live{Search: h.search, Last: h.last, Info: h.info, h: h}
			fs := l.Forward()
			k := fs.StepCount()
			ev, ok := fs.Step()
			fs.Seek(k)
			polls = append(polls, fmt.Sprintf("at %d: %v %d", k, ok, ev.Expanded.ID))
		default:
			if err := h.command(a.cmd); err != nil {
				polls = append(polls, fmt.Sprintf("act %d: %v", i, err))
			}
		}
	}
	finish()
	out := make([][]string, len(clients))
	for i, c := range clients {
		for len(c.send) > 0 {
			out[i] = append(out[i], string((<-c.send).data))
		}
	}
	return out, polls
}

// TestHubEventReuse: a live session whose hub writes each step's event
// into its own buffer (Search.StepInto) sends every client, the late
// joiners whose state was built while the hub stepped on included, the
// same frames, byte for byte, as the same session stepping with
// Search.Step, through steps, backs, seeks, contours, the goal, polls
// and a reset; for each engine and family (best-first, depth-first with
// Deepening, in bounded mode past the node limit, bidirectional).
func TestHubEventReuse(t *testing.T) {
	const puzzle = "puzzle 867254301 goal=123456780"
	cases := []struct {
		name, problem, options string
		maxNodes               int
	}{
		{"astar-8puzzle", puzzle, "astar h=manhattan", 100_000},
		{"bfs-romania", "graph romania", "bfs", 100_000},
		{"ids-romania", "graph romania", "ids", 100_000},
		{"idastar-8puzzle", "puzzle 283164705 goal=123804765", "idastar h=manhattan", 100_000},
		{"rbfs-romania", "graph romania", "rbfs", 100_000},
		{"ids-bounded", "puzzle 283164705 goal=123804765", "ids", 40},
		{"rbfs-bounded", puzzle, "rbfs h=manhattan", 60},
		{"bibfs-romania", "graph romania", "bibfs", 100_000},
		{"biastar-8puzzle", "puzzle 283164705 goal=123804765", "biastar h=manhattan", 100_000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := reuseScript()
			want, wantPolls := driveHub(t, c.problem, c.options, c.maxNodes, true, script)
			got, gotPolls := driveHub(t, c.problem, c.options, c.maxNodes, false, script)
			if fmt.Sprint(gotPolls) != fmt.Sprint(wantPolls) {
				t.Errorf("polls and refusals:\n reuse %v\n Step  %v", gotPolls, wantPolls)
			}
			if len(got) != len(want) {
				t.Fatalf("%d clients, want %d", len(got), len(want))
			}
			frames := 0
			for i := range want {
				if len(got[i]) != len(want[i]) {
					t.Fatalf("client %d: %d frames, want %d", i, len(got[i]), len(want[i]))
				}
				for j := range want[i] {
					if got[i][j] != want[i][j] {
						t.Fatalf("client %d, frame %d:\n reuse %.600q\n Step  %.600q", i, j, got[i][j], want[i][j])
					}
				}
				frames += len(want[i])
			}
			if frames < 40 {
				t.Errorf("only %d frames compared", frames)
			}
		})
	}
}

// liveFrames drives a live session over its websocket as a presenter
// would (steps, back, seek, contour, goal, reset), with a follower from
// the start, one that joins late and a "which node next" poll through
// Session.Do as a room asks it, and returns every step, move and state
// frame the followers were sent, in order, and the poll's answer. fresh
// steps with Search.Step, a new event each step.
func liveFrames(t *testing.T, problem, options string, fresh bool) ([]string, string) {
	t.Helper()
	_, ts, sess := liveServer(t, problem, options)
	if fresh {
		sess.hub.do(func() { sess.hub.freshEvents = true })
	}
	p, _, _ := dial(t, ts, sess, sess.Key())
	followers := []*websocket.Conn{wstest.Dial(t, wsURL(ts, sess, ""))}
	var out []string
	record := func(c *websocket.Conn, typ string) {
		t.Helper()
		for {
			f := readWire(t, c)
			if f.Type == MsgMeta || f.Type == MsgHello {
				continue
			}
			if f.Type != typ && !(typ == MsgStep && f.Type == MsgMove) {
				t.Fatalf("a %q frame, want %q: %.300s", f.Type, typ, f.JSON)
			}
			out = append(out, string(f.JSON)+string(f.Recs))
			return
		}
	}
	record(followers[0], MsgState)
	do := func(cmds ...ClientMsg) {
		t.Helper()
		for _, m := range cmds {
			send(t, p, m)
			for _, f := range followers {
				record(f, MsgStep)
			}
		}
	}
	step, back := ClientMsg{Type: CmdStep}, ClientMsg{Type: CmdBack}
	do(step, step, step, step, back, step, step, ClientMsg{Type: CmdSeek, Step: 1}, step)
	poll := ""
	sess.Do(func(l Live) {
		s := l.Forward()
		k := s.StepCount()
		ev, ok := s.Step()
		s.Seek(k)
		poll = fmt.Sprintf("at %d: %v %d; last %d", k, ok, ev.Expanded.ID, l.Last.Expanded.ID)
	})
	late := wstest.Dial(t, wsURL(ts, sess, ""))
	record(late, MsgState)
	followers = append(followers, late)
	do(ClientMsg{Type: CmdContour}, step, step, back, back, step, ClientMsg{Type: CmdGoal}, back, back, step, ClientMsg{Type: CmdReset}, step, step)
	return out, poll
}

// TestLiveSessionEventReuse: over real websockets (run it with -race),
// the followers of a live session whose hub reuses its event buffer get
// the same frames, byte for byte, as those of the same session stepping
// with Search.Step, and a poll through Session.Do finds the same next
// node and the same last event.
func TestLiveSessionEventReuse(t *testing.T) {
	cases := []struct{ name, problem, options string }{
		{"astar-8puzzle", "puzzle 867254301 goal=123456780", "astar h=manhattan"},
		{"ucs-romania", "graph romania", "ucs"},
		{"idastar-8puzzle", "puzzle 867254301 goal=123456780", "idastar h=manhattan"},
		{"rbfs-romania", "graph romania", "rbfs"},
		{"biastar-8puzzle", "puzzle 867254301 goal=123456780", "biastar h=manhattan"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, wantPoll := liveFrames(t, c.problem, c.options, true)
			got, gotPoll := liveFrames(t, c.problem, c.options, false)
			if gotPoll != wantPoll {
				t.Errorf("poll: reuse %q, Step %q", gotPoll, wantPoll)
			}
			if len(got) != len(want) {
				t.Fatalf("%d frames, want %d", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("frame %d:\n reuse %.600q\n Step  %.600q", i, got[i], want[i])
				}
			}
		})
	}
}
