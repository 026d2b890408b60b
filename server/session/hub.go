package session

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// Play speeds, in steps per second.
const (
	minSpeed     = 0.25
	maxSpeed     = 50
	defaultSpeed = 2
	// maxHistory caps the points of the open/closed chart in a snapshot.
	maxHistory = 600
	// inboxSize is how many client messages may wait for the hub.
	inboxSize = 256
	// ExploreAhead is how far past the live step a view or inspect query
	// may go (or up to the furthest step the presenter reached, if that is
	// further): far enough to explore a copy, near enough that no query
	// makes the hub replay a whole search. The bound is absolute: views
	// never move it.
	ExploreAhead = 2000
)

// inMsg is one parsed client message on its way to the hub.
type inMsg struct {
	c   *client
	msg ClientMsg
}

// hub is the one goroutine that owns a session: its search, its scratch
// search for followers' queries, and its set of clients. Every read and
// write of those goes through the hub's channels, so nothing in it needs a
// lock: this is the chat example's hub with the search added.
type hub struct {
	sess   *Session
	search *stepper.Search
	// scratch answers view and inspect queries at any step without moving
	// the live search; it is built on first use.
	scratch *stepper.Search
	info    problemInfo

	clients    map[*client]bool
	register   chan *client
	unregister chan *client
	inbox      chan inMsg
	// cmds carries the presenter's messages; run takes them before
	// anything else waiting, so followers' queries never delay a step
	// by more than the one being answered.
	cmds     chan inMsg
	calls    chan func()
	quit     chan struct{}
	quitOnce sync.Once
	stopped  chan struct{}

	// history is the open and closed sizes after the steps the live
	// search has reached, for the chart (history.go).
	history chartHistory
	// last is the event of the step that led to the live state (nil at
	// step 0): &ev after a step forward, an event of its own after a seek,
	// a jump or the switch to bounded mode. Whatever must outlive the next
	// step takes a Clone of it (the state's header, capture).
	last *stepper.Event
	// ev is the hub's event buffer: stepForward writes each step's event
	// into it (Search.StepInto), reusing the memory of its slices, so a
	// step forward allocates no children and no Deepening. Invariant: when
	// a hub call returns, nothing but last refers to ev or to the memory
	// of its slices and pointers (messages are encoded before the call
	// returns; the state's header holds a Clone).
	ev stepper.Event
	// freshEvents makes stepForward take a new event each step
	// (Search.Step): the reference the tests hold the reuse to.
	freshEvents bool
	playing     bool
	speed       float64
	ticker      *time.Ticker
	// audienceDue is set while a meta broadcast is scheduled on
	// audienceTimer (audience.go).
	audienceDue   bool
	audienceTimer *time.Timer

	// sharing is what the followers and the presenter read about the
	// sharing of steps between servers (sharing.go).
	sharing [2]string

	// furthest is the furthest step the live search has reached.
	furthest int
	// stateRecs is the packed records of the live step for joiners and
	// clients that fell behind, built at most once per live step and
	// shared by all of them; liveVersion changes whenever the live search
	// moves, which invalidates it and the list caches.
	stateRecs    []byte
	stateCosts   []float64
	stateHeader  view // the state's JSON header, Reason unset
	stateFrames  map[string][]byte
	statePrep    map[string]*websocket.PreparedMessage
	stateVersion int
	// liveRecs are the records of every node at the live step, kept up
	// to date step by step (a step changes only the nodes it touches) and
	// rebuilt after a jump; a state build copies them and encodes the copy
	// on its own goroutine.
	liveRecs      []stepper.NodeRecord
	liveRecsValid bool
	stateBuilding bool
	// waiters are the clients waiting for the state being built, with the
	// reason they are sent it.
	waiters     map[*client]string
	liveVersion int
	// lists caches the open and closed lists (pop and expansion order) of
	// one step of one search, for rows queries.
	lists listCache
	// heads is the live head of the last step message (headkeys.go).
	heads headCache
	// stepBuf is the buffer step messages are written into (stepframe.go).
	stepBuf []byte

	followers atomic.Int32
	// pollHold is 1 + the step an open "which node next" poll holds views
	// at, 0 when none does (hold.go).
	pollHold  atomic.Int64
	headless  headlessCache // hide.go
	connected atomic.Int32  // every client, the presenter included
	// Coalesced counts the times a client's queue was replaced by one
	// snapshot (read by tests and the load benchmark).
	coalesced atomic.Int64
	// stateBuilds counts the live states encoded (read by tests).
	stateBuilds atomic.Int64
	// endReason, when set before stop, is the close reason its pages get.
	endReason atomic.Pointer[string]
	lastUsed  atomic.Int64 // unix nanoseconds of the start or the presenter's last message (store's idle rule)
}

func newHub(sess *Session, s *stepper.Search, info problemInfo) *hub {
	h := &hub{
		sess: sess, search: s, info: info,
		clients:      make(map[*client]bool),
		register:     make(chan *client),
		unregister:   make(chan *client),
		inbox:        make(chan inMsg, inboxSize),
		cmds:         make(chan inMsg, presenterSockets),
		calls:        make(chan func()),
		quit:         make(chan struct{}),
		stopped:      make(chan struct{}),
		history:      newChartHistory(sizesOf(s.Counters())),
		speed:        defaultSpeed,
		stateVersion: -1,
		waiters:      map[*client]string{},
	}
	if k := s.StepCount(); k > 0 {
		// A search opened at step k (an uploaded trace): the chart's
		// history from step 0, and the event that led to step k. The
		// steps are replayed from the search's journal.
		s.Seek(0)
		h.history = newChartHistory(sizesOf(s.Counters()))
		for s.StepCount() < k-1 {
			s.Run(1)
			h.history.add(s.StepCount(), sizesOf(s.Counters()))
		}
		if ev, ok := s.Step(); ok {
			h.last = &ev
			h.history.add(ev.Step, sizesOf(ev.Counters))
		}
	}
	h.furthest = h.history.steps - 1
	h.touch()
	return h
}

func sizesOf(c stepper.Counters) sizes { return sizes{c.Open, c.Closed} }

func (h *hub) touch() { h.lastUsed.Store(time.Now().UnixNano()) }

// do runs f on the hub's goroutine and waits for it: the way handlers read
// the search. It returns false if the hub has stopped.
func (h *hub) do(f func()) bool {
	done := make(chan struct{})
	select {
	case h.calls <- func() { f(); close(done) }:
	case <-h.stopped:
		return false
	}
	<-done
	return true
}

// stop ends the hub and closes every client's queue; it waits for the hub
// goroutine to finish.
func (h *hub) stop() {
	h.quitOnce.Do(func() { close(h.quit) })
	<-h.stopped
}

// run is the hub's goroutine.
func (h *hub) run() {
	defer close(h.stopped)
	defer h.sess.mem.Release()
	defer func() {
		for c := range h.clients {
			delete(h.clients, c)
			close(c.send)
		}
		if h.ticker != nil {
			h.ticker.Stop()
		}
		if h.audienceTimer != nil {
			h.audienceTimer.Stop()
		}
	}()
	for {
		var tick <-chan time.Time
		if h.playing && h.ticker != nil {
			tick = h.ticker.C
		}
		select { // the presenter first
		case m := <-h.cmds:
			h.touch()
			h.handle(m)
			continue
		default:
		}
		select {
		case <-h.quit:
			return
		case m := <-h.cmds:
			h.touch()
			h.handle(m)
		case c := <-h.register:
			h.clients[c] = true
			h.connected.Add(1)
			if c.role == RoleFollower {
				h.followers.Add(1)
			}
			h.deliver(c, text(h.helloFor(c)))
			h.sendState(c, reasonJoin)
			if t := h.sharingFor(c); t != "" {
				h.deliver(c, text(Encode(SharingMsg{Type: MsgSharing, Message: t})))
			}
			h.audienceChanged()
		case c := <-h.unregister:
			if h.clients[c] {
				delete(h.clients, c)
				close(c.send)
				h.connected.Add(-1)
				if c.role == RoleFollower {
					h.followers.Add(-1)
				}
				h.audienceChanged()
			}
		case <-h.audienceC():
			h.audienceDue = false
			h.broadcastMeta()
		case m := <-h.inbox:
			if m.c.role == RolePresenter {
				h.touch()
			}
			h.handle(m)
		case f := <-h.calls:
			f()
		case <-tick:
			h.stepForward()
			if h.search.Status().Done() {
				h.setPlaying(false)
			}
		}
	}
}

// handle applies one client message: a query from anyone, a command only
// from the presenter.
func (h *hub) handle(m inMsg) {
	c, msg := m.c, m.msg
	if !h.clients[c] {
		return
	}
	if isQuery(msg.Type) {
		h.query(c, msg)
		return
	}
	if c.role != RolePresenter {
		h.deliver(c, text(Encode(ErrorMessage(msg.Type,
			fmt.Sprintf("%q refused: you are following this session (read-only); only the presenter's link can drive it. Use your own controls to explore a copy.", msg.Type)))))
		return
	}
	if err := h.command(msg); err != nil {
		h.deliver(c, text(Encode(ErrorMessage(msg.Type, usererr.Text(err)))))
	}
}

// command applies one presenter command.
func (h *hub) command(msg ClientMsg) error {
	switch msg.Type {
	case CmdStep:
		if h.search.Status().Done() && !h.atCap(h.search) {
			return usererr.Errorf("server", "the search is over (%s); step back, jump or reset", h.search.Status())
		}
		h.stepForward()
	case CmdBack:
		k := h.search.StepCount()
		if k == 0 {
			return usererr.Errorf("server", "already at step 0")
		}
		h.seek(k-1, reasonSeek)
	case CmdSeek:
		h.seek(msg.Step, reasonSeek)
	case CmdGoal:
		h.setPlaying(false)
		if h.search.Status().Done() && !h.atCap(h.search) {
			return usererr.Errorf("server", "the search is over (%s)", h.search.Status())
		}
		// The node limit ends every search but the depth-first family's in
		// bounded mode, which holds few nodes however far it goes; the step
		// cap bounds those, and a search that reopens nodes over and over:
		// one request searches at most 4·maxNodes steps.
		h.seek(goalTarget(h.search.StepCount(), h.sess.maxNodes), reasonGoal)
	case CmdContour:
		h.setPlaying(false)
		if h.search.Status().Done() && !h.atCap(h.search) {
			return usererr.Errorf("server", "the search is over (%s)", h.search.Status())
		}
		h.seek(h.nextContour(), reasonSeek)
	case CmdReset:
		if h.playing {
			h.setPlaying(false)
		}
		h.seek(0, reasonReset)
	case CmdPlay:
		if msg.Speed != 0 {
			h.setSpeed(msg.Speed)
		}
		if h.search.Status().Done() && !h.atCap(h.search) {
			return usererr.Errorf("server", "the search is over (%s); step back or reset to play again", h.search.Status())
		}
		h.setPlaying(true)
	case CmdPause:
		h.setPlaying(false)
	case CmdSpeed:
		h.setSpeed(msg.Speed)
		h.broadcastMeta()
	}
	return nil
}

func (h *hub) setSpeed(v float64) {
	h.speed = min(max(v, minSpeed), maxSpeed)
	if h.ticker != nil {
		h.ticker.Reset(tickPeriod(h.speed))
	}
}

func tickPeriod(speed float64) time.Duration {
	return time.Duration(float64(time.Second) / speed)
}

func (h *hub) setPlaying(on bool) {
	h.playing = on
	if on {
		if h.ticker == nil {
			h.ticker = time.NewTicker(tickPeriod(h.speed))
		} else {
			h.ticker.Reset(tickPeriod(h.speed))
		}
	} else if h.ticker != nil {
		h.ticker.Stop()
	}
	h.broadcastMeta()
}

// moved tells the session's owner (a room) that the live search moved.
func (h *hub) moved() {
	if h.sess.onMove != nil {
		h.sess.onMove(h.search)
	}
}

// Encode marshals a message. Messages are plain structs of numbers and
// strings, so an error is a programming error; it is reported as an error
// message rather than a panic.
func Encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(ErrorMessage("", "cannot encode message: "+usererr.Text(err)))
	}
	return b
}

// nextContour finds the next f-contour of the live search: the first step
// after the current one whose expanded node has another f than the node
// expanded at the current step (the root's f at step 0), or the end of the
// search. It leaves the search where it was (seek moves it and tells the
// clients) and returns the step; a depth-first search that reaches the
// session's node limit on the way goes on in bounded mode (bounded.go).
// Bounded like cmdGoal: at most 4·maxNodes steps a request (goalTarget).
func (h *hub) nextContour() int {
	s := h.forward()
	from := s.StepCount()
	f0 := math.NaN()
	if h.last != nil {
		f0 = h.last.Expanded.F
	} else if ev, ok := s.Step(); ok {
		h.record(ev.Step, ev.Counters)
		f0 = ev.Expanded.F
	}
	limit := goalTarget(from, h.sess.maxNodes)
	// Only ev's step, counters and f are read, before the next step
	// overwrites it: one event for the whole walk (Search.StepInto).
	var ev stepper.Event
	take := func(s *stepper.Search) bool { return s.StepInto(&ev) }
	for s.StepCount() < limit && (!s.Status().Done() || h.atCap(s)) {
		ok := h.advance(take)
		s = h.search
		if !ok {
			break
		}
		h.record(ev.Step, ev.Counters)
		if roundKey(ev.Expanded.F) != roundKey(f0) {
			break
		}
	}
	to := s.StepCount()
	s.Seek(from)
	return to
}
