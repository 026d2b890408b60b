package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/internal/wsread"
	"stepviz/script"
	"stepviz/server/session"
	persist "stepviz/store"
)

// The room's websocket, /r/{id}/ws[?key=KEY][&t=TOKEN] (docs/rooms.md):
// it carries what the room is showing, its history, its poll and the
// comparison table; each search shown keeps its own session websocket.
const (
	// Room messages, server to client.
	MsgRoom    = "room"    // the room: history, what is live, the poll
	MsgPoll    = "poll"    // the poll changed (question, answers arriving, revealed)
	MsgCompare = "compare" // the live comparison table of the searches shown

	// Room commands (presenter only), client to server.
	CmdLoad   = "load"   // {problem, searches: [1-4 search lines], heuristics}: show a new search (side by side if several)
	CmdShow   = "show"   // {pos}: show an earlier search of the history live again
	CmdDrive  = "drive"  // {command: step|back|reset|goal|play|pause, lane: -1 for all}
	CmdAsk    = "ask"    // {kind: next|f|admissible, lane, node, answer}: a poll
	CmdReveal = "reveal" // reveal the poll's answer
	// From followers.
	CmdAnswer = "answer" // {poll, answer}

	// ReadLimit bounds a room message: a problem line with a pasted
	// grid (the landing form's bound, 1 MiB) and a heuristics script
	// (script.MaxSource, refused in words over it) at most, in JSON.
	ReadLimit = 1<<20 + script.MaxSource + 64<<10
	// FollowerReadLimit bounds a follower's messages (answers are tiny).
	FollowerReadLimit = 1024
	// roomSendBuffer is how many room messages may wait for a client; a
	// client that lets it fill is disconnected (its page reconnects and
	// gets the whole room again).
	roomSendBuffer = 32
)

// Cmd is every message a room client sends.
type Cmd struct {
	Type     string   `json:"type"`
	Problem  string   `json:"problem,omitempty"`
	Searches []string `json:"searches,omitempty"`
	// Heuristics is the lecturer's own def h_NAME(s) functions (load).
	Heuristics string `json:"heuristics,omitempty"`
	Pos        int    `json:"pos,omitempty"`
	Command    string `json:"command,omitempty"`
	Lane       int    `json:"lane,omitempty"`
	Kind       string `json:"kind,omitempty"`
	Node       int    `json:"node,omitempty"`
	Answer     string `json:"answer,omitempty"`
	Poll       int64  `json:"poll,omitempty"`
}

// Msg describes the room to one client.
type Msg struct {
	Type string `json:"type"`
	Room string `json:"room"`
	Role string `json:"role"`
	// Current is the pos shown live (-1 before the first search).
	Current int `json:"current"`
	// History is every search the room has shown, grouped by pos; empty,
	// not nil, before the first.
	History []historyEntry `json:"history"`
	Poll    *PollMsg       `json:"poll,omitempty"`
	Compare []laneStats    `json:"compare"`
}

// historyEntry is one pos of a room's history: 1 to 4 searches side by side.
type historyEntry struct {
	Pos     int        `json:"pos"`
	Problem string     `json:"problem"`
	Lanes   []laneInfo `json:"lanes"`
}

// laneInfo is one search of the history.
type laneInfo struct {
	ID      string `json:"id"`
	Lane    int    `json:"lane"`
	Options string `json:"options"`
	Label   string `json:"label"` // searchLabel of Options
	Step    int    `json:"step"`
}

// CompareMsg is the live comparison table of the searches shown.
type CompareMsg struct {
	Type string      `json:"type"`
	Rows []laneStats `json:"rows"`
}

// roomClient is one room websocket: one reader and one writer goroutine.
type roomClient struct {
	room      *Room
	conn      *websocket.Conn
	presenter bool
	pseudonym string
	send      chan []byte
	done      chan struct{}
	// addr, addrs and release: as client's (limits.go).
	addr    string
	addrs   *session.AddrLimits
	release func()
}

// historyOf groups a room's searches by pos: an empty list (never nil, so
// the room message says "history":[]) before the first search.
func historyOf(ses []persist.Search) []historyEntry {
	out := []historyEntry{}
	for _, se := range ses {
		if len(out) == 0 || out[len(out)-1].Pos != se.Pos {
			out = append(out, historyEntry{Pos: se.Pos, Problem: se.Problem})
		}
		e := &out[len(out)-1]
		e.Lanes = append(e.Lanes, laneInfo{ID: se.ID, Lane: se.Lane, Options: se.Options, Label: searchLabel(se.Options), Step: se.Step})
	}
	return out
}

// roomMsgLocked builds c's view of the room. Called with r.mu held.
func (r *Room) roomMsgLocked(c *roomClient) Msg {
	m := Msg{Type: MsgRoom, Room: r.ID, Role: session.RoleFollower, Current: r.current, History: historyOf(r.history), Compare: r.compareLocked()}
	if c.presenter {
		m.Role = session.RolePresenter
	}
	if r.poll != nil {
		p := r.poll.msgFor(c)
		m.Poll = &p
	}
	return m
}

func (r *Room) compareLocked() []laneStats {
	out := []laneStats{}
	for _, se := range r.currentLanesLocked() {
		st := r.lanes[se.ID]
		st.Lane, st.Label = se.Lane, searchLabel(st.Options)
		out = append(out, st)
	}
	return out
}

// sendLocked queues msg for c without blocking; a client whose queue is
// full is dropped. Called with r.mu held.
func (r *Room) sendLocked(c *roomClient, msg []byte) {
	select {
	case c.send <- msg:
	default:
		r.dropLocked(c)
	}
}

func (r *Room) dropLocked(c *roomClient) {
	if r.clients[c] {
		delete(r.clients, c)
		close(c.done)
	}
}

func (r *Room) broadcastRoom() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for c := range r.clients {
		r.sendLocked(c, session.Encode(r.roomMsgLocked(c)))
	}
}

func (r *Room) broadcastCompare() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.compareDue = false
	msg := session.Encode(CompareMsg{Type: MsgCompare, Rows: r.compareLocked()})
	for c := range r.clients {
		r.sendLocked(c, msg)
	}
}

// broadcastPoll sends the poll to everyone (each sees what its role may).
func (r *Room) broadcastPollLocked(presentersOnly bool) {
	if r.poll == nil {
		return
	}
	for c := range r.clients {
		if presentersOnly && !c.presenter {
			continue
		}
		r.sendLocked(c, session.Encode(r.poll.msgFor(c)))
	}
}

// join registers c and sends it the room.
// While the room is behind (sharing.go) it is then sent what its role
// reads about that.
func (r *Room) join(c *roomClient) {
	r.sharingMu.Lock()
	defer r.sharingMu.Unlock()
	r.mu.Lock()
	r.clients[c] = true
	r.sendLocked(c, session.Encode(r.roomMsgLocked(c)))
	r.mu.Unlock()
	if followers, presenter := r.sharing(); followers != "" || presenter != "" {
		r.mu.Lock()
		if r.clients[c] {
			r.sendLocked(c, sharingMsg(c.presenter, followers, presenter))
		}
		r.mu.Unlock()
	}
}

func (r *Room) leave(c *roomClient) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dropLocked(c)
}

// handle applies one message from c and returns the error to show it.
func (r *Room) handle(ctx context.Context, c *roomClient, m Cmd) error {
	if m.Type == CmdAnswer {
		if c.presenter {
			return usererr.Errorf("server", "the presenter asks; followers answer")
		}
		return r.answer(ctx, c, m.Poll, m.Answer)
	}
	if !c.presenter {
		return usererr.Errorf("server", "%q refused: you are following this room; only the presenter's link can drive it", usererr.Clip(m.Type, 24))
	}
	r.touch(ctx)
	switch m.Type {
	case CmdLoad:
		return r.load(ctx, strings.TrimSpace(m.Problem), nonEmpty(m.Searches), m.Heuristics)
	case CmdShow:
		return r.show(ctx, m.Pos)
	case CmdDrive:
		switch m.Command {
		case session.CmdStep, session.CmdBack, session.CmdReset, session.CmdGoal, session.CmdPlay, session.CmdPause:
		default:
			return usererr.Errorf("server", "drive takes step, back, reset, goal, play or pause, not %q", usererr.Clip(m.Command, 24))
		}
		return r.drive(ctx, m.Command, m.Lane)
	case CmdAsk:
		return r.ask(ctx, m)
	case CmdReveal:
		return r.reveal(ctx)
	}
	return usererr.Errorf("server", "unknown room message %q", usererr.Clip(m.Type, 24))
}

func nonEmpty(lines []string) []string {
	var out []string
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// readPump reads c's messages and applies them in order.
func (c *roomClient) readPump() {
	defer func() {
		c.room.leave(c)
		_ = c.conn.Close()
		if c.release != nil {
			c.release()
		}
	}()
	limit := int64(FollowerReadLimit)
	if c.presenter {
		limit = ReadLimit
	}
	c.conn.SetReadLimit(limit)
	_ = c.conn.SetReadDeadline(time.Now().Add(session.PongWait))
	c.conn.SetPongHandler(func(string) error { return c.conn.SetReadDeadline(time.Now().Add(session.PongWait)) })
	in := session.Inbound{Limit: limit, TooLarge: fmt.Sprintf("message too large (limit %d bytes)", limit),
		Text: true, Follower: !c.presenter, Addrs: c.addrs, Addr: c.addr}
	for {
		data, err := in.Next(c.conn)
		var refused *session.Refusal
		if errors.As(err, &refused) {
			c.closeWith(refused.Code, refused.Reason)
		}
		if err != nil {
			return
		}
		var m Cmd
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&m); err != nil {
			c.closeWith(websocket.ClosePolicyViolation, session.Malformed(err, `{"type":"answer","poll":1,"answer":"7"}`))
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err = c.room.handle(ctx, c, m)
		cancel()
		// The client was there when it sent m, and its pongs are read
		// only between commands: a command that waited (for NATS, up to
		// its limit) does not count against its pong wait.
		_ = c.conn.SetReadDeadline(time.Now().Add(session.PongWait))
		if err != nil {
			c.room.mu.Lock()
			if c.room.clients[c] {
				c.room.sendLocked(c, session.Encode(session.ErrorMessage(m.Type, usererr.Text(err))))
			}
			c.room.mu.Unlock()
		}
	}
}

// closeWith sends a close frame with a reason and closes the connection
// (wsread.Close); only the reader calls it.
func (c *roomClient) closeWith(code int, reason string) {
	wsread.Close(c.conn, code, usererr.Clip(reason, 120), session.WriteWait)
}

// writePump writes c's queue and the pings.
func (c *roomClient) writePump() {
	ticker := time.NewTicker(session.PingPeriod)
	defer func() {
		ticker.Stop()
		_ = c.conn.Close()
	}()
	for {
		select {
		case msg := <-c.send:
			_ = c.conn.SetWriteDeadline(time.Now().Add(session.WriteWait))
			if err := c.conn.WriteMessage(websocket.TextMessage, msg); err != nil {
				return
			}
		case <-c.done:
			_ = c.conn.SetWriteDeadline(time.Now().Add(session.WriteWait))
			_ = c.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, "reconnect"))
			return
		case <-ticker.C:
			_ = c.conn.SetWriteDeadline(time.Now().Add(session.WriteWait))
			if err := c.conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
		}
	}
}

// Conn is what a follower's room socket is admitted under: the per-address
// limits every follower socket shares, and the upgrader (its CheckOrigin
// guards the websocket).
type Conn struct {
	Addrs    *session.AddrLimits
	Upgrader *websocket.Upgrader
}

// Connect upgrades r to the room's websocket as presenter or follower and
// joins it to the room; a follower takes one of its address's sockets. The
// token ?t= (16 to 64 bytes, kept by the follower's browser) names the
// follower's pseudonym in the poll results; a page without one gets one
// for this connection. A refusal is answered with the reason. The
// connection's reader and writer run on their own goroutines.
func (rm *Room) Connect(w http.ResponseWriter, r *http.Request, presenter bool, lim Conn) {
	var err error
	token := r.URL.Query().Get("t")
	if len(token) < 16 || len(token) > 64 {
		// A page without a token of its own (none kept) gets one for this
		// connection: its answers are kept, under a pseudonym that will
		// not survive a reload.
		t, err := session.RandomToken(16)
		if err != nil {
			http.Error(w, usererr.Text(err), http.StatusInternalServerError)
			return
		}
		token = t
	}
	release := func() {}
	if !presenter {
		if release, err = lim.Addrs.Acquire(webguard.ClientIP(r)); err != nil {
			http.Error(w, usererr.Text(err), http.StatusServiceUnavailable)
			return
		}
	}
	conn, err := lim.Upgrader.Upgrade(w, r, nil)
	if err != nil {
		release()
		return
	}
	c := &roomClient{room: rm, conn: conn, presenter: presenter, pseudonym: pseudonym(rm.ID, token),
		send: make(chan []byte, roomSendBuffer), done: make(chan struct{}),
		addr: webguard.ClientIP(r), addrs: lim.Addrs, release: release}
	rm.join(c)
	go c.writePump()
	go c.readPump()
}
