package session

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
	"stepviz/internal/words"
	"stepviz/stepper"
)

// Session is one lecture: one search, one presenter key, any number of
// followers. Its state lives in its hub's goroutine.
type Session struct {
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
func (s *Session) Key() string { return s.key }

// IsPresenter reports whether key is the session's presenter key, in
// constant time.
func (s *Session) IsPresenter(key string) bool {
	if s.keyHash != nil {
		return KeyMatches(s.keyHash, key)
	}
	return key != "" && subtle.ConstantTimeCompare([]byte(key), []byte(s.key)) == 1
}

// KeyMatches reports whether key is the presenter key whose SHA-256 is hash
// (store.HashKey), in constant time; an empty key never matches.
func KeyMatches(hash []byte, key string) bool {
	h := sha256.Sum256([]byte(key))
	return key != "" && subtle.ConstantTimeCompare(h[:], hash) == 1
}

// Hashed reports whether the session knows its presenter key only as a
// hash (a room's search, a rebuilt lecture): such a session's key is kept
// by its owner, not by the session.
func (s *Session) Hashed() bool { return s.keyHash != nil }

// Kept reports whether the session is kept in a database (a lecture):
// unloading it from memory loses nothing.
func (s *Session) Kept() bool { return s.kept.Load() }

// Keep marks the session as kept in a database, with onMove called on the
// session's goroutine each time the live search moves (before anyone is
// sent the move). It reports false if the session has stopped.
func (s *Session) Keep(onMove func(*stepper.Search)) bool {
	if !s.hub.do(func() { s.onMove = onMove }) {
		return false
	}
	s.kept.Store(true)
	return true
}

// AddWarning adds a line to the warnings the session's page shows.
func (s *Session) AddWarning(w string) {
	s.hub.do(func() { s.hub.info.Warnings = append(s.hub.info.Warnings, w) })
}

// randomToken returns n random bytes from crypto/rand, URL-safe base64.
func RandomToken(n int) (string, error) {
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
type Store struct {
	mu       sync.Mutex
	sessions map[string]*Session
	owned    map[string]int // sessions per owner
	max      int
	perOwner int
	idle     time.Duration
	mem      *membudget.Budget
}

func NewStore(max, perOwner int, idle time.Duration, mem *membudget.Budget) *Store {
	return &Store{sessions: map[string]*Session{}, owned: map[string]int{}, max: max, perOwner: perOwner, idle: idle, mem: mem}
}

// errTooManySessions is returned when the server holds as many sessions as
// it may and none has been idle long enough to be reclaimed.
type TooManySessionsError struct{ Max int }

// UserText is the message in the user's words (usererr.Texter).
func (e TooManySessionsError) UserText() string {
	return fmt.Sprintf("this server already holds %d sessions, the most it allows; wait for one to go idle or restart it with a larger -max-sessions", e.Max)
}

func (e TooManySessionsError) Error() string { return "server: " + e.UserText() }

// errOwnerQuota is returned when one client holds as many sessions as it
// may and none of them is idle.
type OwnerQuotaError struct {
	Max  int
	Idle time.Duration
}

// UserText is the message in the user's words (usererr.Texter).
func (e OwnerQuotaError) UserText() string {
	return fmt.Sprintf("your computer already holds %d sessions here, the most one may; keep using one of them, or start a new one once one has had no presenter command for %s", e.Max, words.Duration(e.Idle))
}

func (e OwnerQuotaError) Error() string { return "server: " + e.UserText() }

// Add starts a session for s owned by owner. When the store, or the
// owner's share of it, is full it first reclaims idle sessions (all
// owners' for a full store, the owner's own for a full share).
func (st *Store) Add(s *stepper.Search, maxNodes int, owner string) (*Session, error) {
	id, err := RandomToken(9)
	if err != nil {
		return nil, err
	}
	key, err := RandomToken(18)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	if err := st.admitLocked(owner, st.reclaimLocked); err != nil {
		st.mu.Unlock()
		return nil, err
	}
	mem, err := st.reserveLocked(maxNodes)
	if err != nil {
		st.mu.Unlock()
		return nil, err
	}
	sess := &Session{ID: id, key: key, created: time.Now(), maxNodes: maxNodes, owner: owner, mem: mem}
	sess.hub = newHub(sess, s, describe(s))
	st.sessions[id] = sess
	st.owned[owner]++
	st.mu.Unlock()
	go sess.hub.run()
	return sess, nil
}

// admitLocked makes room for one more session of owner, or says why there
// is none: when the owner's share is full, freeOwn frees n of the owner's
// sessions; when the store is full, idle sessions of any owner are
// reclaimed. O(sessions).
func (st *Store) admitLocked(owner string, freeOwn func(owner string, n int)) error {
	if owner != "" && st.owned[owner] >= st.perOwner {
		freeOwn(owner, st.owned[owner]-st.perOwner+1)
		if st.owned[owner] >= st.perOwner {
			return OwnerQuotaError{st.perOwner, st.idle}
		}
	}
	if len(st.sessions) >= st.max {
		st.reclaimLocked("", len(st.sessions)-st.max+1)
	}
	if len(st.sessions) >= st.max {
		return TooManySessionsError{st.max}
	}
	return nil
}

// reclaimLocked stops up to n idle sessions (of owner, or of anyone when
// owner is ""), least recently used first. O(sessions log sessions).
func (st *Store) reclaimLocked(owner string, n int) {
	cutoff := time.Now().Add(-st.idle).UnixNano()
	var idle []*Session
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
		reason := fmt.Sprintf("session closed: no presenter command for %s, and a new session needed its slot", words.Duration(st.idle))
		s.hub.endReason.Store(&reason)
		go s.hub.stop()
	}
}

func (st *Store) Get(id string) (*Session, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.sessions[id]
	return s, ok
}

func (st *Store) Len() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.sessions)
}

// IDs lists the ids of the sessions held, in no order. O(sessions).
func (st *Store) IDs() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	ids := make([]string, 0, len(st.sessions))
	for id := range st.sessions {
		ids = append(ids, id)
	}
	return ids
}

// Owned is how many sessions owner holds: what its quota counts.
func (st *Store) Owned(owner string) int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.owned[owner]
}

// CloseAll stops every session.
func (st *Store) CloseAll() {
	st.mu.Lock()
	all := st.sessions
	st.sessions = map[string]*Session{}
	st.owned = map[string]int{}
	st.mu.Unlock()
	for _, s := range all {
		s.hub.stop()
	}
}

// adopt registers search as a session under a given id with a hashed key
// (a room's search); if the id is already live it returns that session.
// The session counts against owner's quota (the address that opened the
// room), so rooms do not get round it; see reclaimRoomLocked.
func (st *Store) Adopt(id, owner string, keyHash []byte, s *stepper.Search, maxNodes int, onMove func(*stepper.Search)) (*Session, error) {
	st.mu.Lock()
	if sess, ok := st.sessions[id]; ok {
		st.mu.Unlock()
		return sess, nil
	}
	if owner != "" && st.owned[owner] >= st.perOwner {
		st.reclaimRoomLocked(owner, st.owned[owner]-st.perOwner+1)
		if st.owned[owner] >= st.perOwner {
			st.mu.Unlock()
			return nil, errRoomQuota{st.perOwner}
		}
	}
	if len(st.sessions) >= st.max {
		st.reclaimLocked("", len(st.sessions)-st.max+1)
	}
	if len(st.sessions) >= st.max {
		st.mu.Unlock()
		return nil, TooManySessionsError{st.max}
	}
	mem, err := st.reserveLocked(maxNodes)
	if err != nil {
		st.mu.Unlock()
		return nil, err
	}
	sess := &Session{ID: id, keyHash: keyHash, created: time.Now(), maxNodes: maxNodes, onMove: onMove, owner: owner, mem: mem}
	sess.hub = newHub(sess, s, describe(s))
	st.sessions[id] = sess
	st.owned[owner]++
	st.mu.Unlock()
	go sess.hub.run()
	return sess, nil
}

// NotJournaled explains why the lecture server does not step an algorithm
// that keeps no journal (Algorithm.Journaled; every algorithm keeps one
// today): its protocol sends nodes as journal records.
func NotJournaled(a stepper.Algorithm) error {
	return usererr.Errorf("server", "%s is not stepped on the lecture server yet (it keeps no journal, which the page's protocol needs); step it with stepviz trace, stepviz solve or in the notebook, or pick another algorithm", a)
}
