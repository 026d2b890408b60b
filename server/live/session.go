package server

import (
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
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
type liveSession struct {
	ID    string
	key   string
	owner string

	mu       sync.Mutex
	s        *liveSearch
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
	// what this page was last sent, and a message for it alone (an error)
	viewVer, pollVer int
	note             []byte
}

// Bounds of a live session's connections.
const (
	liveWriteWait   = 10 * time.Second
	livePongWait    = 60 * time.Second
	livePingPeriod  = livePongWait * 9 / 10
	liveMaxIncoming = 512 // a command is small: {"cmd":"seek","step":123}
)

// liveCommand is what a page sends: the presenter's step, back, reset,
// run, seek, ask and reveal; anyone's vote.
type liveCommand struct {
	Cmd    string `json:"cmd"`
	Step   int    `json:"step,omitempty"`
	Kind   string `json:"kind,omitempty"`
	Node   *int   `json:"node,omitempty"`
	Answer string `json:"answer,omitempty"`
}

// liveNote is a message for one page: what went wrong with its command.
type liveNote struct {
	Type string `json:"type"` // "note"
	Text string `json:"text"`
}

// refresh renders the view at the current step and wakes every page.
// Called with the lock held. O(the view).
func (ls *liveSession) refresh() error {
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

func (ls *liveSession) wakeAll() {
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
func (ls *liveSession) do(c *liveClient, cmd liveCommand) error {
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
		return fmt.Errorf("unknown command %q: send step, back, reset, run, seek, ask, reveal, close or vote", clipText(cmd.Cmd, 20))
	}
	if ls.s.steps() == k && cmd.Cmd != "reset" {
		return nil
	}
	return ls.refresh()
}

func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// pollFor is the poll message for c: a follower sees the tallies only once
// the answer is out. Called with the lock held.
func (ls *liveSession) pollFor(c *liveClient) []byte {
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
func (ls *liveSession) attach(c *liveClient) bool {
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
func (ls *liveSession) detach(c *liveClient) {
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
func (ls *liveSession) close() {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.closed = true
	ls.mem.Release()
	for c := range ls.clients {
		_ = c.conn.Close()
	}
}

// pending is what c has not been sent yet. Called by c's writer.
func (ls *liveSession) pending(c *liveClient) [][]byte {
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
func (ls *liveSession) tell(c *liveClient, text string) {
	b, _ := json.Marshal(liveNote{Type: "note", Text: text})
	ls.mu.Lock()
	c.note = b
	ls.mu.Unlock()
	wake(c)
}

// readPump runs c's commands until its connection closes.
func (ls *liveSession) readPump(c *liveClient) {
	defer func() {
		ls.detach(c)
		_ = c.conn.Close()
		close(c.wake)
		c.release()
	}()
	c.conn.SetReadLimit(liveMaxIncoming)
	_ = c.conn.SetReadDeadline(time.Now().Add(livePongWait))
	c.conn.SetPongHandler(func(string) error { return c.conn.SetReadDeadline(time.Now().Add(livePongWait)) })
	for {
		var cmd liveCommand
		if err := c.conn.ReadJSON(&cmd); err != nil {
			if _, ok := err.(*json.SyntaxError); ok {
				ls.tell(c, "a command is JSON such as {\"cmd\":\"step\"}")
				continue
			}
			return
		}
		if err := ls.do(c, cmd); err != nil {
			ls.tell(c, err.Error())
		}
	}
}

// writePump sends c what changed, latest first, and pings.
func (ls *liveSession) writePump(c *liveClient) {
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

// liveStore holds the live game and local sessions: at most max, at most
// perOwner of one client address. A full store or share first closes its
// sessions idle longer than idle (no presenter command), least recently
// used first; otherwise the new one is refused.
type liveStore struct {
	mu       sync.Mutex
	by       map[string]*liveSession
	max      int
	perOwner int
	idle     time.Duration
	mem      *membudget.Budget
	maxNodes int
}

func (st *liveStore) get(id string) (*liveSession, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	ls, ok := st.by[id]
	return ls, ok
}

// add starts a session on l for owner.
func (st *liveStore) add(l *liveSearch, owner string) (*liveSession, error) {
	id, err := session.RandomToken(9)
	if err != nil {
		return nil, err
	}
	key, err := session.RandomToken(18)
	if err != nil {
		return nil, err
	}
	ls := &liveSession{ID: id, key: key, owner: owner, s: l, clients: map[*liveClient]struct{}{}, lastUsed: time.Now()}
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
func (st *liveStore) reclaimLocked(owner string, n int) {
	cutoff := time.Now().Add(-st.idle)
	var idle []*liveSession
	used := map[*liveSession]time.Time{}
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

// closeAll ends every session.
func (st *liveStore) closeAll() {
	st.mu.Lock()
	all := st.by
	st.by = map[string]*liveSession{}
	st.mu.Unlock()
	for _, ls := range all {
		ls.close()
	}
}
