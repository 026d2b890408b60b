package room

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/server/session"
	persist "stepviz/store"
)

// sharedRoom is a room of Rooms on a memBus, with one search loaded and
// the presenter's websocket of that search open.
type sharedRoom struct {
	bus   *memBus
	rs    *Rooms
	room  *Room
	id    string // the search
	sess  *session.Session
	shown *atomic.Int64 // the step the presenter's websocket shows
}

func newSharedRoom(t *testing.T) *sharedRoom {
	t.Helper()
	ctx := context.Background()
	db, err := persist.Open(filepath.Join(t.TempDir(), "stepviz.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	store := session.NewStore(100, 100, time.Hour, membudget.New(1<<30))
	t.Cleanup(store.CloseAll)
	bus := newMemBus()
	t.Cleanup(bus.release) // a test that fails while holding the bus ends
	rs := New(Config{DB: db, Bus: bus, Sessions: store, MaxNodes: 100000, VotersPerAddress: 10})
	t.Cleanup(rs.Close)
	r, _, err := rs.Create(ctx, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.load(ctx, "puzzle 867254301 goal=123456780", []string{"astar h=manhattan"}, ""); err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	id := r.history[0].ID
	r.mu.Unlock()
	sess, ok := store.Get(id)
	if !ok {
		t.Fatal("the loaded search has no session")
	}
	lim := session.Conn{MaxClients: 10, Addrs: session.NewAddrLimits(10, 100), Upgrader: &websocket.Upgrader{}}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) { sess.Connect(w, req, true, lim) }))
	t.Cleanup(ts.Close)
	sr := &sharedRoom{bus: bus, rs: rs, room: r, id: id, sess: sess, shown: stepsShown(t, "ws"+strings.TrimPrefix(ts.URL, "http"))}
	sr.waitShown(t, 0, "the presenter's websocket on joining")
	return sr
}

// stepsShown reads the session websocket at url on a goroutine of its own
// and returns the step it shows (-1 before the first).
func stepsShown(t *testing.T, url string) *atomic.Int64 {
	t.Helper()
	c, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	at := new(atomic.Int64)
	at.Store(-1)
	go func() {
		for {
			kind, raw, err := c.ReadMessage()
			if err != nil {
				return
			}
			if kind == websocket.BinaryMessage { // a length, the JSON, then records
				if len(raw) < 4 || 4+int(binary.LittleEndian.Uint32(raw)) > len(raw) {
					continue
				}
				raw = raw[4 : 4+binary.LittleEndian.Uint32(raw)]
			}
			var m struct {
				Type  string
				Step  *int
				Event struct{ Step int }
			}
			_ = json.Unmarshal(raw, &m)
			switch {
			case m.Type == "step":
				at.Store(int64(m.Event.Step))
			case m.Step != nil:
				at.Store(int64(*m.Step))
			}
		}
	}()
	return at
}

// waitShown waits until the presenter's websocket shows step. The bound
// is no measure of speed: a test that holds the bus holds it for longer.
func (sr *sharedRoom) waitShown(t *testing.T, step int64, what string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); sr.shown.Load() != step; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the presenter's websocket shows step %d, want %d", what, sr.shown.Load(), step)
		}
	}
}

// step is the presenter's step of the room's search.
func (sr *sharedRoom) step(t *testing.T) {
	t.Helper()
	if err := sr.room.drive(context.Background(), "step", -1); err != nil {
		t.Fatal(err)
	}
}

// publishers counts the goroutines publishing moves.
func publishers() int {
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Count(string(buf[:n]), "(*movePublisher).run(")
		}
		buf = make([]byte, 2*len(buf))
	}
}

// waitPublishers waits until no goroutine publishes moves.
func waitPublishers(t *testing.T, what string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); publishers() != 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d goroutines still publish moves, want none", what, publishers())
		}
	}
}

// TestMovesNotWaitingForBus: while the bus holds a move's publication (a
// stream leader election), the presenter's steps still show on the
// presenter's websocket at once, on this instance; the moves are
// published in the order made, the steps taken meanwhile coalesced into
// the latest; a poll asked after them waits and is published after them.
func TestMovesNotWaitingForBus(t *testing.T) {
	sr := newSharedRoom(t)
	sr.bus.hold()
	sr.step(t)
	sr.waitShown(t, 1, "step 1 while the bus holds its publication")
	select {
	case step := <-sr.bus.held:
		if step != 1 {
			t.Fatalf("the bus holds the move to step %d, want 1", step)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the move to step 1 was never published")
	}
	stillHeld := func(what string) {
		t.Helper()
		if n := sr.bus.holding.Load(); n != 1 {
			t.Fatalf("%s showed on the presenter's websocket with %d publications held, want 1 (the move to step 1): the step waited for the bus to give up", what, n)
		}
	}
	stillHeld("step 1")
	for range 3 {
		sr.step(t)
	}
	sr.waitShown(t, 4, "steps 2 to 4 while the bus holds the move to step 1")
	stillHeld("step 4")

	asked := make(chan error, 1)
	go func() { asked <- sr.room.ask(context.Background(), Cmd{Kind: PollNext, Lane: 0}) }()
	for deadline := time.Now().Add(10 * time.Second); sr.room.moves.flushes() == 0; time.Sleep(5 * time.Millisecond) {
		select {
		case err := <-asked:
			t.Fatalf("a poll asked after step 4 was published (error %v) while the move to step 1 was not", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("a poll asked after step 4 neither waits for the moves nor is published")
		}
	}
	sr.bus.release()
	select {
	case err := <-asked:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the poll was not published once the bus let the moves through")
	}

	var moves []int
	poll := -1
	for _, ev := range sr.bus.events(sr.room.ID) {
		switch ev.Kind {
		case evMove:
			if poll >= 0 {
				t.Errorf("the move to step %d was published after the poll asked at step %d", ev.Step, poll)
			}
			moves = append(moves, ev.Step)
		case evAsk:
			poll = ev.Poll.Step
		}
	}
	if want := []int{1, 4}; !slices.Equal(moves, want) {
		t.Errorf("moves published %v, want %v (in order, the steps made while one was held coalesced)", moves, want)
	}
	if poll != 4 {
		t.Errorf("the poll was asked at step %d, want 4", poll)
	}
	waitPublishers(t, "once every move is published")
}

// TestMoveRefusedShared: a move the bus refuses marks its search
// unshared, and the presenter's steps show meanwhile; once the bus is
// back, the search's step is published again and the mark cleared, by
// shareUnshared (the bus's reconnection) or before the next change the
// presenter makes (a poll), which then follows the step.
func TestMoveRefusedShared(t *testing.T) {
	for _, tc := range []struct {
		name  string
		share func(*testing.T, *sharedRoom)
		kinds []string // the events published once the bus is back
	}{
		{"reconnection", func(t *testing.T, sr *sharedRoom) { sr.rs.shareUnshared() }, []string{evMove}},
		{"poll", func(t *testing.T, sr *sharedRoom) {
			if err := sr.room.ask(context.Background(), Cmd{Kind: PollNext, Lane: 0}); err != nil {
				t.Fatal(err)
			}
		}, []string{evMove, evAsk}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sr := newSharedRoom(t)
			sr.bus.refuse(errors.New("no stream leader"))
			sr.step(t)
			sr.waitShown(t, 1, "step 1 refused by the bus")
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
				if _, ok := sr.rs.unshared.Load(sr.id); ok {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("a move the bus refused did not mark its search unshared")
				}
			}
			sr.step(t)
			sr.waitShown(t, 2, "step 2 refused by the bus")
			if err := sr.room.moves.flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			before := len(sr.bus.events(sr.room.ID))
			sr.bus.refuse(nil)
			tc.share(t, sr)
			if _, ok := sr.rs.unshared.Load(sr.id); ok {
				t.Fatal("the search is still unshared with the bus back")
			}
			var kinds []string
			for _, ev := range sr.bus.events(sr.room.ID)[before:] {
				kinds = append(kinds, ev.Kind)
				if ev.Kind == evMove && ev.Step != 2 {
					t.Errorf("the move published once the bus is back is to step %d, want 2", ev.Step)
				}
			}
			if !slices.Equal(kinds, tc.kinds) {
				t.Errorf("published once the bus is back: %v, want %v", kinds, tc.kinds)
			}
		})
	}
}

// TestMovePublisherEnds: when the server shuts down or the room is
// deleted while the bus holds a move's publication, the publication is
// cancelled and its goroutine ends; a later move of the room's session
// starts none.
func TestMovePublisherEnds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		close func(*sharedRoom) error
	}{
		{"server shut down", func(sr *sharedRoom) error { sr.rs.Close(); return nil }},
		{"room deleted", func(sr *sharedRoom) error { _, err := sr.rs.Delete(context.Background(), sr.room); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sr := newSharedRoom(t)
			sr.bus.hold()
			sr.step(t)
			select {
			case <-sr.bus.held:
			case <-time.After(10 * time.Second):
				t.Fatal("the move to step 1 was never published")
			}
			closed := make(chan error, 1)
			go func() { closed <- tc.close(sr) }()
			select {
			case err := <-closed:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("closing waits for the bus")
			}
			if n := publishers(); n != 0 {
				t.Fatalf("%d goroutines publish moves after the close, want none", n)
			}
			if _, ok := sr.rs.unshared.Load(sr.id); ok {
				t.Error("a move cancelled by the close marked its search unshared")
			}
			if err := sr.sess.Command(session.ClientMsg{Type: session.CmdStep}); err != nil {
				t.Fatal(err)
			}
			sr.waitShown(t, 2, "a step after the close")
			if n := publishers(); n != 0 {
				t.Fatalf("a step after the close started %d goroutines publishing moves, want none", n)
			}
		})
	}
}
