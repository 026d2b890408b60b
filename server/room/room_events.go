package room

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"stepviz/internal/usererr"
	"stepviz/server/session"
	persist "stepviz/store"
)

// Every change to a room is a roomEvent: validated where the command
// arrives, then applied. A single server applies it at once; with a
// Bus (stepviz serve -nats) it is published to the room's stream and
// every instance, this one included, applies the room's events in the
// stream's order. Applying an event twice changes nothing, so an instance
// can replay a room's stream from its first event onto its own database.
//
// Moves of a search (step, back, seek, play) are the exception: they are
// applied at once by the session that made them and published as "move"
// events that the other instances apply; an instance skips its own. A
// move is published by the room's movePublisher, never on the session's
// hub goroutine, so the presenter's own screen never waits for the bus;
// every other event waits first until the moves made before it are
// published, or have failed twice (emit, settleMoves), so no instance sees
// a poll or a load before a step the presenter took earlier while the bus
// takes both.

// Bus is what rooms need from a cluster; cluster.Bus implements it.
type Bus interface {
	// CreateRoom records a new room; it fails if the id is taken.
	CreateRoom(ctx context.Context, r persist.Room) error
	// Room returns a room's record (persist.ErrNotFound, wrapped, if none).
	Room(ctx context.Context, id string) (persist.Room, error)
	// MapSearch and SearchRoom record and find the room of a search.
	MapSearch(ctx context.Context, searchID, roomID string) error
	SearchRoom(ctx context.Context, searchID string) (string, error)
	// Publish appends an event to a room's stream.
	Publish(ctx context.Context, room string, ev []byte) (uint64, error)
	// Follow delivers a room's events in order from the first; it returns
	// once those stored before the call are delivered.
	Follow(ctx context.Context, room string, fn func(seq uint64, ev []byte)) (stop func(), err error)
}

// Event kinds.
const (
	evLoad   = "load"
	evShow   = "show"
	evMove   = "move"
	evAsk    = "ask"
	evAnswer = "answer"
	evReveal = "reveal"
)

type roomEvent struct {
	Kind   string `json:"kind"`
	Origin string `json:"origin,omitempty"`
	// load: Heuristics is the lecturer's script every search of the
	// group is built with (persist.Search.Heuristics), sent once.
	Searches   []persist.Search `json:"searches,omitempty"`
	Heuristics string           `json:"heuristics,omitempty"`
	// show
	Pos int `json:"pos,omitempty"`
	// move
	Search string `json:"search,omitempty"`
	Step   int    `json:"step,omitempty"`
	// ask
	Poll *persist.Poll `json:"poll,omitempty"`
	// answer, reveal
	PollID    int64  `json:"pollId,omitempty"`
	Pseudonym string `json:"pseudonym,omitempty"`
	Answer    string `json:"answer,omitempty"`
}

// newPollID draws a poll id in [1, 2^53): unique across instances and
// exact in JSON.
func newPollID() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return int64(binary.BigEndian.Uint64(b[:])>>11) | 1
}

// emit applies ev (one server) or publishes it for every instance after
// the room's moves made before it (settleMoves); it waits for them at
// most until ctx ends.
func (r *Room) emit(ctx context.Context, ev roomEvent) error {
	if r.rs.bus == nil {
		return r.apply(ctx, ev)
	}
	if err := r.settleMoves(ctx); err != nil {
		return usererr.New("server", "the presenter's last steps were still being shared with the other servers when the time for this change ran out, so it was not made; try again in a moment")
	}
	return r.publish(ctx, ev)
}

// settleMoves waits until the room's moves queued before the call are
// published or have failed. A search of the room whose last move failed
// (unshared) then has its recorded step queued again, once, and waited
// for: an event published next follows the presenter's earlier steps
// whenever the bus takes both (a stream leader elected meanwhile), and is
// refused or delayed as before when it does not. Cost: O(the room's
// searches), and up to two publications a search moved.
func (r *Room) settleMoves(ctx context.Context) error {
	if err := r.moves.flush(ctx); err != nil {
		return err
	}
	again := false
	r.mu.Lock()
	for _, se := range r.history {
		if v, ok := r.rs.unshared.Load(se.ID); ok && v.(*Room) == r {
			r.moves.queue(se.ID, se.Step)
			again = true
		}
	}
	r.mu.Unlock()
	if !again {
		return nil
	}
	return r.moves.flush(ctx)
}

// publish appends ev to the room's stream, stamped with this instance.
func (r *Room) publish(ctx context.Context, ev roomEvent) error {
	ev.Origin = r.rs.origin
	b, err := json.Marshal(ev)
	if err != nil {
		return usererr.Errorf("server", "encoding a room event: %w", err)
	}
	_, err = r.rs.bus.Publish(ctx, r.ID, b)
	return err
}

// follow applies the room's stream on this instance (cluster only).
func (r *Room) follow(ctx context.Context) error {
	stop, err := r.rs.bus.Follow(ctx, r.ID, func(_ uint64, b []byte) {
		var ev roomEvent
		if err := json.Unmarshal(b, &ev); err != nil {
			r.logf("room %s: skipping a bad event: %v", r.ID, err)
			return
		}
		actx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := r.apply(actx, ev); err != nil {
			r.logf("room %s: applying %s: %v", r.ID, ev.Kind, err)
		}
	})
	if err != nil {
		return err
	}
	r.stopFollow = stop
	return nil
}

func (r *Room) logf(format string, args ...any) {
	if l := r.rs.cfg.Logger; l != nil {
		l.Printf(format, args...)
	}
}

// apply makes one event true on this instance: in the database, in memory,
// in the sessions and on every client's screen.
func (r *Room) apply(ctx context.Context, ev roomEvent) error {
	switch ev.Kind {
	case evLoad:
		return r.applyLoad(ctx, ev.Searches, ev.Heuristics)
	case evShow:
		if err := r.rs.db.SetCurrent(ctx, r.ID, ev.Pos); err != nil {
			return err
		}
		r.mu.Lock()
		r.current = ev.Pos
		r.mu.Unlock()
		r.broadcastRoom()
	case evMove:
		if ev.Origin == r.rs.origin {
			return nil // this instance made the move
		}
		return r.applyMove(ctx, ev.Search, ev.Step)
	case evAsk:
		return r.applyAsk(ctx, *ev.Poll)
	case evAnswer:
		return r.applyAnswer(ctx, ev.PollID, ev.Pseudonym, ev.Answer)
	case evReveal:
		return r.applyReveal(ctx, ev.PollID)
	default:
		return fmt.Errorf("unknown event %q", ev.Kind)
	}
	return nil
}

func (r *Room) applyLoad(ctx context.Context, group []persist.Search, heuristics string) error {
	if len(group) == 0 {
		return errors.New("a load of no searches")
	}
	for i := range group {
		group[i].Heuristics = heuristics
	}
	r.mu.Lock()
	for _, se := range r.history {
		if se.ID == group[0].ID {
			r.mu.Unlock()
			return nil // applied already
		}
	}
	r.mu.Unlock()
	pos, err := r.rs.db.AddSearches(ctx, r.ID, group)
	if err != nil {
		return err
	}
	r.mu.Lock()
	for i := range group {
		group[i].RoomID, group[i].Pos, group[i].Lane = r.ID, pos, i
		r.history = append(r.history, group[i])
		r.lanes[group[i].ID] = laneStats{ID: group[i].ID, Lane: i, Options: group[i].Options, Status: "running"}
	}
	r.current = pos
	r.mu.Unlock()
	for _, se := range group {
		if _, err := r.start(se); err != nil {
			return err
		}
	}
	r.broadcastRoom()
	return nil
}

func (r *Room) applyMove(ctx context.Context, id string, step int) error {
	if err := r.rs.db.SetStep(ctx, id, step); err != nil {
		return err
	}
	r.mu.Lock()
	for i := range r.history {
		if r.history[i].ID == id {
			r.history[i].Step = step
		}
	}
	r.mu.Unlock()
	sess, ok := r.rs.cfg.Sessions.Get(id)
	if !ok {
		return nil // rebuilt at this step when someone asks for it
	}
	sess.MoveTo(step, func(move func()) {
		r.rs.remoteMoves.Store(id, true)
		defer r.rs.remoteMoves.Delete(id)
		move()
	})
	return nil
}

// publishMove queues the news that search id moved to step for the other
// instances (movePublisher); a move applied from another instance's event
// is not published back, which is decided here, on the session's hub
// goroutine, at the time of the move. It never waits for the bus. Called
// with r.mu held (onMove).
func (r *Room) publishMove(id string, step int) {
	if r.rs.bus == nil {
		return
	}
	if _, remote := r.rs.remoteMoves.Load(id); remote {
		return
	}
	r.moves.queue(id, step)
}

// shareMove publishes that search id is at step, within movePublishWait;
// it runs on the room's movePublisher goroutine. A publication that fails
// marks the search unshared (shareUnshared publishes it again once the bus
// is back) unless the room was closed meanwhile (ctx cancelled).
func (r *Room) shareMove(ctx context.Context, id string, step int) {
	pctx, cancel := context.WithTimeout(ctx, movePublishWait)
	defer cancel()
	if err := r.publish(pctx, roomEvent{Kind: evMove, Search: id, Step: step}); err != nil {
		if ctx.Err() != nil {
			return // the room closed: its moves are no longer shared from here
		}
		r.rs.unshared.Store(id, r)
		r.logf("room %s: %v", r.ID, err)
		return
	}
	r.rs.unshared.Delete(id)
}

// reconnecter is a Bus that says when its connection comes back after it
// was lost (cluster.Bus does).
type reconnecter interface {
	OnReconnect(f func())
}

// shareUnshared publishes, once the bus is back, the step of every search
// whose moves could not be published while it was lost, so the other
// instances catch up without waiting for the presenter's next move. Each
// step is read and queued on its search's hub goroutine, in order with its
// moves, and published by its room's movePublisher; shareUnshared waits
// for it (at most shareWait). The bus may answer a moment after it
// reconnects: it tries shareAttempts times, shareEvery apart, while
// searches are left; one still left is published with its next move. A
// search of a room no longer in memory is dropped. Cost: one publication
// a search.
func (rs *Rooms) shareUnshared() {
	for range shareAttempts {
		left := false
		rs.unshared.Range(func(k, v any) bool {
			id, r := k.(string), v.(*Room)
			sess, ok := rs.cfg.Sessions.Get(id)
			if !ok || r.moves.isClosed() {
				rs.unshared.Delete(id) // rebuilt at its recorded step when asked for
				return true
			}
			sess.Do(func(l session.Live) { r.moves.queue(id, l.Search.StepCount()) })
			ctx, cancel := context.WithTimeout(context.Background(), shareWait)
			_ = r.moves.flush(ctx) // still unshared if it ran out: tried again
			cancel()
			_, still := rs.unshared.Load(id)
			left = left || still
			return true
		})
		if !left {
			return
		}
		time.Sleep(shareEvery)
	}
}

// How shareUnshared retries.
const (
	shareAttempts = 20
	shareEvery    = 500 * time.Millisecond
	// shareWait bounds the wait for one search's step to be published:
	// the batch under way and the step's own (movePublishWait each a
	// search).
	shareWait = 30 * time.Second
)
