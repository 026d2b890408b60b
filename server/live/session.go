package live

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/internal/wsread"
	"stepviz/server/session"
)

// liveNodeBytes is what one node of a live game session holds (the
// search's stack and the viewer's nodes and children; a local session's
// step holds less): an upper figure of what BenchmarkLiveBytesPerNode
// measures. A session reserves its node cap of them from the memory
// budget when it starts, and releases them when it ends.
const liveNodeBytes = 512

// A live game or local session: one search, one presenter key, any number
// of follower pages. Its state is guarded by its lock; each page has one
// reader and one writer goroutine, and a writer sends only the latest
// view and poll (a page that falls behind skips steps rather than
// queueing them).
type Session struct {
	ID    string
	key   string
	owner string

	mu       sync.Mutex
	s        *Search
	view     []byte // the latest view message
	viewVer  int
	poll     *gamePoll
	pollVer  int
	clients  map[*liveClient]struct{}
	lastUsed time.Time // the presenter's last command
	closed   bool
	mem      *membudget.Reservation
}

// liveClient is one page of a live session.
type liveClient struct {
	conn      *websocket.Conn
	presenter bool
	wake      chan struct{} // capacity 1: "something changed"
	release   func()
	// a follower's messages count against its address's shared rate
	addrs *session.AddrLimits
	addr  string
	// what this page was last sent, and a message for it alone (an error)
	viewVer, pollVer int
	note             []byte
}

// Bounds of a live session's connections.
const (
	liveWriteWait   = 10 * time.Second
	livePongWait    = 60 * time.Second
	livePingPeriod  = livePongWait * 9 / 10
	liveMaxIncoming = 512 // a command is small: {"cmd":"seek","step":123}; counted after decompression
	// liveMaxFrame is the wire bound the websocket library cuts a frame
	// off at (1009, no reason); between it and liveMaxIncoming the
	// reader refuses the message saying which bound it passed.
	liveMaxFrame = 4 << 10
)

// Command is what a page sends: the presenter's step, back, reset,
// run, seek, ask and reveal; anyone's vote.
type Command struct {
	Cmd    string `json:"cmd"`
	Step   int    `json:"step,omitempty"`
	Kind   string `json:"kind,omitempty"`
	Node   *int   `json:"node,omitempty"`
	Answer string `json:"answer,omitempty"`
}

// Note is a message for one page: what went wrong with its command.
type Note struct {
	Type string `json:"type"` // "note"
	Text string `json:"text"`
}

// refresh renders the view at the current step and wakes every page.
// Called with the lock held. O(the view).
func (ls *Session) refresh() error {
	f, err := ls.s.frame()
	if err != nil {
		return err
	}
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	ls.view = b
	ls.viewVer++
	ls.wakeAll()
	return nil
}

func (ls *Session) wakeAll() {
	for c := range ls.clients {
		wake(c)
	}
}

func wake(c *liveClient) {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// do runs one command of c's and says what was wrong with it, if anything.
func (ls *Session) do(c *liveClient, cmd Command) error {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if cmd.Cmd == "vote" {
		if ls.poll == nil {
			return fmt.Errorf("no poll is open")
		}
		if err := ls.poll.vote(c, cmd.Answer); err != nil {
			return err
		}
		ls.pollVer++
		ls.wakeAll()
		return nil
	}
	if !c.presenter {
		return fmt.Errorf("only the presenter steps this session")
	}
	ls.lastUsed = time.Now()
	k := ls.s.steps()
	switch cmd.Cmd {
	case "step":
		if !ls.s.step() {
			return fmt.Errorf("the search is over: step back or reset")
		}
	case "back":
		if k == 0 {
			return fmt.Errorf("this is step 0: nothing to go back to")
		}
		if err := ls.s.seek(k - 1); err != nil {
			return err
		}
	case "reset":
		if err := ls.s.reset(); err != nil {
			return err
		}
	case "run":
		for ls.s.step() {
		}
	case "seek":
		if cmd.Step < 0 {
			return fmt.Errorf("a step is 0 or more")
		}
		if err := ls.s.seek(cmd.Step); err != nil {
			return err
		}
	case "ask":
		node := -1
		if cmd.Node != nil {
			node = *cmd.Node
		}
		p, err := newGamePoll(ls.s, cmd.Kind, node)
		if err != nil {
			return err
		}
		ls.poll = p
		ls.pollVer++
		ls.wakeAll()
		return nil
	case "reveal":
		if ls.poll == nil {
			return fmt.Errorf("no poll is open")
		}
		ls.poll.reveal()
		ls.pollVer++
		ls.wakeAll()
		return nil
	case "close":
		ls.poll = nil
		ls.pollVer++
		ls.wakeAll()
		return nil
	default:
		return fmt.Errorf("unknown command %q: send step, back, reset, run, seek, ask, reveal, close or vote", ClipText(cmd.Cmd, 20))
	}
	if ls.s.steps() == k && cmd.Cmd != "reset" {
		return nil
	}
	return ls.refresh()
}

// ClipText cuts s to n runes and marks the cut, for a line in a log.
func ClipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// pollFor is the poll message for c: a follower sees the tallies only once
// the answer is out. Called with the lock held.
func (ls *Session) pollFor(c *liveClient) []byte {
	if ls.poll == nil {
		return []byte(`{"type":"poll","kind":""}`)
	}
	p := *ls.poll
	if !c.presenter && !p.Revealed {
		p.Counts = nil
	}
	var mine struct {
		*gamePoll
		Mine  string `json:"mine,omitempty"`
		Right bool   `json:"right,omitempty"`
	}
	mine.gamePoll = &p
	mine.Mine = ls.poll.votes[c]
	mine.Right = p.Revealed && ls.poll.isRight(mine.Mine)
	b, _ := json.Marshal(mine)
	return b
}

// attach adds a page; it is sent the current view at once.
func (ls *Session) attach(c *liveClient) bool {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.closed {
		return false
	}
	ls.clients[c] = struct{}{}
	wake(c)
	return true
}

// detach removes a page and its vote.
func (ls *Session) detach(c *liveClient) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if _, ok := ls.clients[c]; !ok {
		return
	}
	delete(ls.clients, c)
	if ls.poll != nil {
		ls.poll.drop(c)
		ls.pollVer++
		ls.wakeAll()
	}
}

// close ends the session: every page's connection is closed.
func (ls *Session) close() {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.closed = true
	ls.mem.Release()
	for c := range ls.clients {
		_ = c.conn.Close()
	}
}

// pending is what c has not been sent yet. Called by c's writer.
func (ls *Session) pending(c *liveClient) [][]byte {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	var out [][]byte
	if c.viewVer != ls.viewVer {
		c.viewVer = ls.viewVer
		out = append(out, ls.view)
	}
	if c.pollVer != ls.pollVer {
		c.pollVer = ls.pollVer
		out = append(out, ls.pollFor(c))
	}
	if c.note != nil {
		out = append(out, c.note)
		c.note = nil
	}
	return out
}

// tell queues a note for c alone.
func (ls *Session) tell(c *liveClient, text string) {
	b, _ := json.Marshal(Note{Type: "note", Text: text})
	ls.mu.Lock()
	c.note = b
	ls.mu.Unlock()
	wake(c)
}

// readPump runs c's commands until its connection closes.
func (ls *Session) readPump(c *liveClient) {
	defer func() {
		ls.detach(c)
		_ = c.conn.Close()
		close(c.wake)
		c.release()
	}()
	c.conn.SetReadLimit(liveMaxFrame)
	_ = c.conn.SetReadDeadline(time.Now().Add(livePongWait))
	c.conn.SetPongHandler(func(string) error { return c.conn.SetReadDeadline(time.Now().Add(livePongWait)) })
	in := session.Inbound{Limit: liveMaxIncoming, TooLarge: fmt.Sprintf("a command is at most %d bytes, such as {\"cmd\":\"seek\",\"step\":12}", liveMaxIncoming),
		Follower: !c.presenter, Addrs: c.addrs, Addr: c.addr}
	for {
		data, err := in.Next(c.conn)
		var refused *session.Refusal
		if errors.As(err, &refused) {
			c.closeWith(refused.Code, refused.Reason)
		}
		if err != nil {
			return
		}
		var cmd Command
		if err := json.Unmarshal(data, &cmd); err != nil {
			ls.tell(c, "a command is JSON such as {\"cmd\":\"step\"}")
			continue
		}
		if err := ls.do(c, cmd); err != nil {
			ls.tell(c, err.Error())
		}
	}
}

// closeWith closes c's connection with code and reason; only c's reader
// calls it, once.
func (c *liveClient) closeWith(code int, reason string) {
	wsread.Close(c.conn, code, usererr.Clip(reason, 120), liveWriteWait)
}

// writePump sends c what changed, latest first, and pings.
func (ls *Session) writePump(c *liveClient) {
	ping := time.NewTicker(livePingPeriod)
	defer ping.Stop()
	for {
		select {
		case _, ok := <-c.wake:
			if !ok {
				return
			}
			for _, m := range ls.pending(c) {
				_ = c.conn.SetWriteDeadline(time.Now().Add(liveWriteWait))
				if err := c.conn.WriteMessage(websocket.TextMessage, m); err != nil {
					_ = c.conn.Close()
					return
				}
			}
		case <-ping.C:
			_ = c.conn.SetWriteDeadline(time.Now().Add(liveWriteWait))
			if err := c.conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				_ = c.conn.Close()
				return
			}
		}
	}
}

// Store holds the live game and local sessions: at most max, at most
// perOwner of one client address. A full store or share first closes its
// sessions idle longer than idle (no presenter command), least recently
// used first; otherwise the new one is refused.
type Store struct {
	mu       sync.Mutex
	by       map[string]*Session
	max      int
	perOwner int
	idle     time.Duration
	mem      *membudget.Budget
	maxNodes int
}

// NewStore holds at most max sessions, perOwner of one client address,
// reclaiming those idle longer than idle; each reserves maxNodes ×
// liveNodeBytes of mem while it runs.
func NewStore(max, perOwner int, idle time.Duration, mem *membudget.Budget, maxNodes int) *Store {
	return &Store{by: map[string]*Session{}, max: max, perOwner: perOwner, idle: idle, mem: mem, maxNodes: maxNodes}
}

// Get returns the session with the given id.
func (st *Store) Get(id string) (*Session, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	ls, ok := st.by[id]
	return ls, ok
}

// Add starts a session on l for owner.
func (st *Store) Add(l *Search, owner string) (*Session, error) {
	id, err := session.RandomToken(9)
	if err != nil {
		return nil, err
	}
	key, err := session.RandomToken(18)
	if err != nil {
		return nil, err
	}
	ls := &Session{ID: id, key: key, owner: owner, s: l, clients: map[*liveClient]struct{}{}, lastUsed: time.Now()}
	if err := ls.refresh(); err != nil {
		return nil, err
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	owned := 0
	for _, o := range st.by {
		if o.owner == owner {
			owned++
		}
	}
	if owned >= st.perOwner {
		st.reclaimLocked(owner, owned-st.perOwner+1)
	}
	if len(st.by) >= st.max {
		st.reclaimLocked("", len(st.by)-st.max+1)
	}
	owned = 0
	for _, o := range st.by {
		if o.owner == owner {
			owned++
		}
	}
	if owned >= st.perOwner {
		return nil, session.OwnerQuotaError{Max: st.perOwner, Idle: st.idle}
	}
	if len(st.by) >= st.max {
		return nil, session.TooManySessionsError{Max: st.max}
	}
	want := int64(st.maxNodes) * liveNodeBytes
	mem, err := st.mem.Reserve("live game and local sessions", want)
	if err != nil {
		st.reclaimLocked("", 1)
		if mem, err = st.mem.Reserve("live game and local sessions", want); err != nil {
			return nil, err
		}
	}
	ls.mem = mem
	st.by[id] = ls
	return ls, nil
}

// reclaimLocked closes up to n idle sessions (of owner; "" anyone's).
// O(sessions log sessions).
func (st *Store) reclaimLocked(owner string, n int) {
	cutoff := time.Now().Add(-st.idle)
	var idle []*Session
	used := map[*Session]time.Time{}
	for _, ls := range st.by {
		ls.mu.Lock()
		t := ls.lastUsed
		ls.mu.Unlock()
		if (owner == "" || ls.owner == owner) && t.Before(cutoff) {
			idle = append(idle, ls)
			used[ls] = t
		}
	}
	sort.Slice(idle, func(i, j int) bool { return used[idle[i]].Before(used[idle[j]]) })
	for _, ls := range idle[:min(n, len(idle))] {
		delete(st.by, ls.ID)
		ls.close()
	}
}

// CloseAll ends every session.
func (st *Store) CloseAll() {
	st.mu.Lock()
	all := st.by
	st.by = map[string]*Session{}
	st.mu.Unlock()
	for _, ls := range all {
		ls.close()
	}
}

// IsPresenter reports whether key is the session's presenter key, in
// constant time.
func (ls *Session) IsPresenter(key string) bool {
	return key != "" && subtle.ConstantTimeCompare([]byte(key), []byte(ls.key)) == 1
}

// Key is the presenter's secret: whoever has it drives the session.
func (ls *Session) Key() string { return ls.key }

// Frame is what the session's page shows at its step.
func (ls *Session) Frame() (*Frame, error) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.s.frame()
}

// Conn is what a page's websocket is admitted under: the most pages a
// session takes, the per-address limits every follower socket shares, and
// the upgrader (its CheckOrigin guards the websocket).
type Conn struct {
	MaxClients int
	Addrs      *session.AddrLimits
	Upgrader   *websocket.Upgrader
}

// Connect upgrades r to a websocket attached to the session as presenter
// or follower: at most MaxClients pages, each follower counted against its
// address's sockets. A refusal is answered with the reason; the reader and
// writer run on their own goroutines.
func (ls *Session) Connect(w http.ResponseWriter, r *http.Request, presenter bool, lim Conn) {
	ls.mu.Lock()
	n := len(ls.clients)
	ls.mu.Unlock()
	if n >= lim.MaxClients {
		http.Error(w, session.FullSession(lim.MaxClients), http.StatusServiceUnavailable)
		return
	}
	release := func() {}
	if !presenter {
		var err error
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
	c := &liveClient{conn: conn, presenter: presenter, wake: make(chan struct{}, 1), release: release}
	if !presenter {
		c.addrs, c.addr = lim.Addrs, webguard.ClientIP(r)
	}
	if !ls.attach(c) {
		_ = conn.Close()
		release()
		return
	}
	go ls.writePump(c)
	go ls.readPump(c)
}
