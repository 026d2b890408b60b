package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// session is one lecture: one search, one presenter key, any number of
// followers. Its state lives in its hub's goroutine.
type session struct {
	// ID names the session in URLs (/s/{id}); it is random and unguessable
	// but not secret: it is what followers are given.
	ID string
	// key is the presenter's secret.
	key string
	// keyHash, when set, is store.HashKey of the presenter's key and is
	// what isPresenter checks: a room's searches, whose key is stored only
	// hashed and may be unknown after a restart.
	keyHash []byte
	// onMove, when set, is called on the hub's goroutine each time the live
	// search has moved (step, back, seek, reset, goal), before the move is
	// sent to anyone; it may read the search but must not block on the hub.
	onMove   func(*stepper.Search)
	created  time.Time
	maxNodes int
	owner    string // the client address that started it ("" for the program)
	// kept is set once the session is a lecture kept in the database
	// (lectures.go): unloading it from memory loses nothing.
	kept atomic.Bool
	hub  *hub
	// mem is the session's share of the memory budget, released when it
	// stops.
	mem *membudget.Reservation
}

// Key is the presenter's secret: whoever has it can drive the session.
func (s *session) Key() string { return s.key }

// isPresenter reports whether key is the session's presenter key, in
// constant time.
func (s *session) isPresenter(key string) bool {
	if s.keyHash != nil {
		h := sha256.Sum256([]byte(key))
		return key != "" && subtle.ConstantTimeCompare(h[:], s.keyHash) == 1
	}
	return key != "" && subtle.ConstantTimeCompare([]byte(key), []byte(s.key)) == 1
}

// randomToken returns n random bytes from crypto/rand, URL-safe base64.
func randomToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", usererr.Errorf("server", "no randomness for a session key: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// store holds the sessions: at most max of them, and at most perOwner of
// one owner (the client address that started them; "" for sessions
// started by the program itself, which no owner quota bounds).
//
// Eviction: a session is idle when its presenter has sent no command for
// idle (followers and open pages do not count). Only idle sessions are
// reclaimed, least recently used first, and only when a new session needs
// the slot: a full server or a full owner reclaims its idle sessions
// before refusing. A reclaimed session's pages are closed.
type store struct {
	mu       sync.Mutex
	sessions map[string]*session
	owned    map[string]int // sessions per owner
	max      int
	perOwner int
	idle     time.Duration
	mem      *membudget.Budget
}

func newStore(max, perOwner int, idle time.Duration, mem *membudget.Budget) *store {
	return &store{sessions: map[string]*session{}, owned: map[string]int{}, max: max, perOwner: perOwner, idle: idle, mem: mem}
}

// errTooManySessions is returned when the server holds as many sessions as
// it may and none has been idle long enough to be reclaimed.
type errTooManySessions struct{ Max int }

// UserText is the message in the user's words (usererr.Texter).
func (e errTooManySessions) UserText() string {
	return fmt.Sprintf("this server already holds %d sessions, the most it allows; wait for one to go idle or restart it with a larger -max-sessions", e.Max)
}

func (e errTooManySessions) Error() string { return "server: " + e.UserText() }

// errOwnerQuota is returned when one client holds as many sessions as it
// may and none of them is idle.
type errOwnerQuota struct {
	Max  int
	Idle time.Duration
}

// UserText is the message in the user's words (usererr.Texter).
func (e errOwnerQuota) UserText() string {
	return fmt.Sprintf("your computer already holds %d sessions here, the most one may; keep using one of them, or start a new one once one has had no presenter command for %v", e.Max, e.Idle)
}

func (e errOwnerQuota) Error() string { return "server: " + e.UserText() }

// add starts a session for s owned by owner. When the store, or the
// owner's share of it, is full it first reclaims idle sessions (all
// owners' for a full store, the owner's own for a full share).
func (st *store) add(s *stepper.Search, info ProblemInfo, maxNodes int, owner string) (*session, error) {
	id, err := randomToken(9)
	if err != nil {
		return nil, err
	}
	key, err := randomToken(18)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	if owner != "" && st.owned[owner] >= st.perOwner {
		st.reclaimLocked(owner, st.owned[owner]-st.perOwner+1)
		if st.owned[owner] >= st.perOwner {
			st.mu.Unlock()
			return nil, errOwnerQuota{st.perOwner, st.idle}
		}
	}
	if len(st.sessions) >= st.max {
		st.reclaimLocked("", len(st.sessions)-st.max+1)
	}
	if len(st.sessions) >= st.max {
		st.mu.Unlock()
		return nil, errTooManySessions{st.max}
	}
	mem, err := st.reserveLocked(maxNodes)
	if err != nil {
		st.mu.Unlock()
		return nil, err
	}
	sess := &session{ID: id, key: key, created: time.Now(), maxNodes: maxNodes, owner: owner, mem: mem}
	sess.hub = newHub(sess, s, info)
	st.sessions[id] = sess
	st.owned[owner]++
	st.mu.Unlock()
	go sess.hub.run()
	return sess, nil
}

// reclaimLocked stops up to n idle sessions (of owner, or of anyone when
// owner is ""), least recently used first. O(sessions log sessions).
func (st *store) reclaimLocked(owner string, n int) {
	cutoff := time.Now().Add(-st.idle).UnixNano()
	var idle []*session
	for _, s := range st.sessions {
		if (owner == "" || s.owner == owner) && s.hub.lastUsed.Load() < cutoff {
			idle = append(idle, s)
		}
	}
	sort.Slice(idle, func(i, j int) bool { return idle[i].hub.lastUsed.Load() < idle[j].hub.lastUsed.Load() })
	for _, s := range idle[:min(n, len(idle))] {
		delete(st.sessions, s.ID)
		if st.owned[s.owner]--; st.owned[s.owner] == 0 {
			delete(st.owned, s.owner)
		}
		s.mem.Release()
		reason := fmt.Sprintf("session closed: no presenter command for %v, and a new session needed its slot", st.idle)
		s.hub.endReason.Store(&reason)
		go s.hub.stop()
	}
}

func (st *store) get(id string) (*session, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.sessions[id]
	return s, ok
}

func (st *store) len() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.sessions)
}

// closeAll stops every session.
func (st *store) closeAll() {
	st.mu.Lock()
	all := st.sessions
	st.sessions = map[string]*session{}
	st.owned = map[string]int{}
	st.mu.Unlock()
	for _, s := range all {
		s.hub.stop()
	}
}
