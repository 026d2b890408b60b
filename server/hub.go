package server

import (
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"stepviz/stepper"
	"stepviz/viz"
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
	// exploreAhead is how far past the furthest step the session has
	// reached a view or inspect query may go: far enough to explore a copy,
	// near enough that no query makes the hub replay a whole search.
	exploreAhead = 2000
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
	info    ProblemInfo

	clients    map[*client]bool
	register   chan *client
	unregister chan *client
	inbox      chan inMsg
	calls      chan func()
	quit       chan struct{}
	quitOnce   sync.Once
	stopped    chan struct{}

	// history[k] is the open and closed sizes after step k, for every step
	// the live search has reached (a search is deterministic, so going back
	// never invalidates it).
	history []Sizes
	// last is the event of the step that led to the live state (nil at step 0).
	last    *stepper.Event
	playing bool
	speed   float64
	ticker  *time.Ticker

	// snapCache is the encoded snapshot of the live step for clients that
	// fell behind, built at most once per step.
	snapCache     []byte
	snapCacheStep int

	followers atomic.Int32
	connected atomic.Int32 // every client, the presenter included
	// Coalesced counts the times a client's queue was replaced by one
	// snapshot (read by tests and the load benchmark).
	coalesced atomic.Int64
	lastUsed  atomic.Int64 // unix seconds of the last message or connection
}

func newHub(sess *Session, s *stepper.Search, info ProblemInfo) *hub {
	h := &hub{
		sess: sess, search: s, info: info,
		clients:       make(map[*client]bool),
		register:      make(chan *client),
		unregister:    make(chan *client),
		inbox:         make(chan inMsg, inboxSize),
		calls:         make(chan func()),
		quit:          make(chan struct{}),
		stopped:       make(chan struct{}),
		history:       []Sizes{sizesOf(s.Counters())},
		speed:         defaultSpeed,
		snapCacheStep: -1,
	}
	if k := s.StepCount(); k > 0 {
		// A search opened at step k (an uploaded trace): the chart's
		// history from step 0, and the event that led to step k. The
		// steps are replayed from the search's journal.
		s.Seek(0)
		h.history[0] = sizesOf(s.Counters())
		for s.StepCount() < k-1 {
			s.Run(1)
			h.history = append(h.history, sizesOf(s.Counters()))
		}
		if ev, ok := s.Step(); ok {
			h.last = &ev
			h.history = append(h.history, sizesOf(ev.Counters))
		}
	}
	h.touch()
	return h
}

func sizesOf(c stepper.Counters) Sizes { return Sizes{c.Open, c.Closed} }

func (h *hub) touch() { h.lastUsed.Store(time.Now().Unix()) }

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
	defer func() {
		for c := range h.clients {
			delete(h.clients, c)
			close(c.send)
		}
		if h.ticker != nil {
			h.ticker.Stop()
		}
	}()
	for {
		var tick <-chan time.Time
		if h.playing && h.ticker != nil {
			tick = h.ticker.C
		}
		select {
		case <-h.quit:
			return
		case c := <-h.register:
			h.clients[c] = true
			h.connected.Add(1)
			if c.role == RoleFollower {
				h.followers.Add(1)
			}
			h.touch()
			h.deliver(c, h.helloFor(c))
			h.deliver(c, h.liveSnapshot(ReasonJoin, 0))
			h.broadcastState()
		case c := <-h.unregister:
			if h.clients[c] {
				delete(h.clients, c)
				close(c.send)
				h.connected.Add(-1)
				if c.role == RoleFollower {
					h.followers.Add(-1)
				}
				h.broadcastState()
			}
		case m := <-h.inbox:
			h.touch()
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

// deliver queues msg for c without ever blocking the hub. A client whose
// queue is full has fallen behind: its queued messages are dropped and it
// gets one snapshot of the live state instead, so it catches up in one
// message and nobody waits for it. The hub is the only sender on c.send, so
// after the drain there is room.
func (h *hub) deliver(c *client, msg []byte) {
	if !h.clients[c] {
		return
	}
	select {
	case c.send <- msg:
		return
	default:
	}
	for drained := false; !drained; {
		select {
		case <-c.send:
		default:
			drained = true
		}
	}
	h.coalesced.Add(1)
	c.send <- h.behindSnapshot()
}

func (h *hub) broadcast(msg []byte) {
	for c := range h.clients {
		h.deliver(c, msg)
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
		h.deliver(c, encode(ErrorMsg{Type: MsgError, Command: msg.Type,
			Message: fmt.Sprintf("server: %q refused: you are following this session (read-only); only the presenter's link can drive it. Use your own controls to explore a copy.", msg.Type)}))
		return
	}
	if err := h.command(msg); err != nil {
		h.deliver(c, encode(ErrorMsg{Type: MsgError, Command: msg.Type, Message: err.Error()}))
	}
}

// command applies one presenter command.
func (h *hub) command(msg ClientMsg) error {
	switch msg.Type {
	case CmdStep:
		if h.search.Status().Done() {
			return fmt.Errorf("server: the search is over (%s); step back, jump or reset", h.search.Status())
		}
		h.stepForward()
	case CmdBack:
		k := h.search.StepCount()
		if k == 0 {
			return fmt.Errorf("server: already at step 0")
		}
		h.seek(k-1, ReasonSeek)
	case CmdSeek:
		h.seek(msg.Step, ReasonSeek)
	case CmdGoal:
		h.setPlaying(false)
		if h.search.Status().Done() {
			return fmt.Errorf("server: the search is over (%s)", h.search.Status())
		}
		// The node limit ends every search; the step cap also bounds a
		// search that reopens nodes over and over.
		h.seek(h.search.StepCount()+4*h.sess.maxNodes, ReasonGoal)
	case CmdReset:
		if h.playing {
			h.setPlaying(false)
		}
		h.seek(0, ReasonReset)
	case CmdPlay:
		if msg.Speed != 0 {
			h.setSpeed(msg.Speed)
		}
		if h.search.Status().Done() {
			return fmt.Errorf("server: the search is over (%s); step back or reset to play again", h.search.Status())
		}
		h.setPlaying(true)
	case CmdPause:
		h.setPlaying(false)
	case CmdSpeed:
		h.setSpeed(msg.Speed)
		h.broadcastState()
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
	h.broadcastState()
}

// stepForward takes one step of the live search and broadcasts its event.
func (h *hub) stepForward() {
	ev, ok := h.search.Step()
	if !ok {
		return
	}
	h.last = &ev
	h.record(ev.Step, ev.Counters)
	h.moved()
	h.broadcast(encode(stepMessage(h.search.Options(), ev, h.playing)))
}

// moved tells the session's owner (a room) that the live search moved.
func (h *hub) moved() {
	if h.sess.onMove != nil {
		h.sess.onMove(h.search)
	}
}

// record notes the list sizes after step k.
func (h *hub) record(k int, c stepper.Counters) {
	if k == len(h.history) {
		h.history = append(h.history, sizesOf(c))
	}
}

// seek moves the live search to step k, one step at a time going forward
// so the chart's history stays complete, and broadcasts a snapshot.
func (h *hub) seek(k int, reason string) {
	s := h.search
	if k <= s.StepCount() {
		s.Seek(k)
	} else {
		for s.StepCount() < k && !s.Status().Done() {
			s.Run(1)
			h.record(s.StepCount(), s.Counters())
		}
	}
	h.last = nil
	if n := s.StepCount(); n > 0 {
		if ev, err := s.EventAt(n); err == nil {
			h.last = &ev
		}
	}
	h.moved()
	h.broadcast(h.liveSnapshot(reason, 0))
}

// stepMessage builds the message of one step: the event, its narration and
// the sort keys of the children it left open.
func stepMessage(o stepper.Options, ev stepper.Event, playing bool) StepMsg {
	m := StepMsg{Type: MsgStep, Event: ev, Narration: viz.Narrate(ev, o), Keys: make([]*stepper.Key, len(ev.Children)), Playing: playing}
	for i := range ev.Children {
		if ev.Children[i].Status == stepper.NodeOpen {
			k := openKey(o, ev.Children[i].NodeInfo)
			m.Keys[i] = &k
		}
	}
	return m
}

// liveSnapshot encodes the live state.
func (h *hub) liveSnapshot(reason string, id int) []byte {
	return encode(h.snapshotOf(h.search, h.last, reason, id))
}

// behindSnapshot is the live snapshot for clients that fell behind, built
// once per step however many clients need it.
func (h *hub) behindSnapshot() []byte {
	if k := h.search.StepCount(); h.snapCache == nil || h.snapCacheStep != k {
		h.snapCache = encode(h.snapshotOf(h.search, h.last, ReasonBehind, 0))
		h.snapCacheStep = k
	}
	return h.snapCache
}

// snapshotOf describes search s at its current step.
func (h *hub) snapshotOf(s *stepper.Search, last *stepper.Event, reason string, id int) SnapshotMsg {
	m := snapshotMessage(s.Snapshot())
	m.Reason, m.Live, m.ID, m.Last = reason, h.search.StepCount(), id, last
	m.Playing, m.Speed, m.Followers = h.playing, h.speed, int(h.followers.Load())
	if last != nil {
		m.Narration = viz.Narrate(*last, s.Options())
	}
	n := min(m.Step+1, len(h.history))
	m.History, m.HistoryStride = sample(h.history[:n], maxHistory)
	return m
}

// sample returns at most max points of hist and the stride between them:
// steps 0, stride, 2·stride, …, so point i stands for step i·stride (the
// last few steps may fall between two points).
func sample(hist []Sizes, max int) ([]Sizes, int) {
	if len(hist) <= max {
		return append([]Sizes(nil), hist...), 1
	}
	stride := (len(hist) + max - 1) / max
	out := make([]Sizes, 0, max+1)
	for i := 0; i < len(hist); i += stride {
		out = append(out, hist[i])
	}
	return out, stride
}

func (h *hub) helloFor(c *client) []byte {
	return encode(Hello{Type: MsgHello, Session: h.sess.ID, Role: c.role, Problem: h.info, MaxNodes: h.sess.maxNodes, Legend: viz.StatusLegend})
}

func (h *hub) stateMessage() StateMsg {
	return StateMsg{Type: MsgState, Live: h.search.StepCount(), Status: string(h.search.Status()),
		Playing: h.playing, Speed: h.speed, Followers: int(h.followers.Load())}
}

func (h *hub) broadcastState() { h.broadcast(encode(h.stateMessage())) }

// query answers a read-only query.
func (h *hub) query(c *client, msg ClientMsg) {
	msg.Step = min(msg.Step, len(h.history)-1+exploreAhead)
	switch msg.Type {
	case QueryLive:
		h.deliver(c, h.liveSnapshot(ReasonLive, msg.ID))
	case QueryView:
		s := h.scratchAt(msg.Step)
		var last *stepper.Event
		if n := s.StepCount(); n > 0 {
			if ev, err := s.EventAt(n); err == nil {
				last = &ev
			}
		}
		h.extendHistory(s)
		h.deliver(c, encode(h.snapshotOf(s, last, ReasonView, msg.ID)))
	case QueryInspect:
		m, err := h.inspect(msg)
		if err != nil {
			h.deliver(c, encode(ErrorMsg{Type: MsgError, Command: msg.Type, Message: err.Error()}))
			return
		}
		h.deliver(c, encode(m))
	}
}

// extendHistory fills the chart's history up to scratch's step when a
// follower explores past the live step. The scratch search is at step n;
// the missing sizes are recorded by stepping a copy forward from the end of
// the known history.
func (h *hub) extendHistory(s *stepper.Search) {
	n := s.StepCount()
	if n < len(h.history) {
		return
	}
	s.Seek(len(h.history) - 1)
	for s.StepCount() < n {
		s.Run(1)
		h.record(s.StepCount(), s.Counters())
	}
}

// scratchAt returns the scratch search moved to step k (or its last step).
func (h *hub) scratchAt(k int) *stepper.Search {
	if h.scratch == nil {
		s, err := stepper.NewSearch(h.search.Instance(), h.search.Options())
		if err != nil { // the same instance and options built the live search
			s = h.search
		}
		h.scratch = s
	}
	h.scratch.Seek(k)
	return h.scratch
}

// inspect describes one node at one step.
func (h *hub) inspect(msg ClientMsg) (InspectMsg, error) {
	s := h.scratchAt(msg.Step)
	step := s.StepCount()
	if msg.Node >= s.NodeCount() {
		return InspectMsg{}, fmt.Errorf("server: node %d does not exist at step %d (there are %d nodes)", msg.Node, step, s.NodeCount())
	}
	m := InspectMsg{Type: MsgInspect, ID: msg.ID, Step: step, Node: s.Node(msg.Node), Terms: s.Explain(msg.Node)}
	if m.Node.Status == stepper.NodeOpen {
		k := openKey(s.Options(), m.Node)
		m.Key = &k
	}
	for id, guard := msg.Node, 0; id >= 0 && guard <= s.NodeCount(); guard++ {
		n := s.Node(id)
		m.Path = append(m.Path, n)
		id = n.Parent
	}
	for i, j := 0, len(m.Path)-1; i < j; i, j = i+1, j-1 {
		m.Path[i], m.Path[j] = m.Path[j], m.Path[i]
	}
	if m.Node.Order > 0 && m.Node.Order <= step {
		if ev, err := s.EventAt(m.Node.Order); err == nil {
			m.Children = ev.Children
		}
	}
	return m, nil
}

// encode marshals a message. Messages are plain structs of numbers and
// strings, so an error is a programming error; it is reported as an error
// message rather than a panic.
func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(ErrorMsg{Type: MsgError, Message: "server: cannot encode message: " + err.Error()})
	}
	return b
}
