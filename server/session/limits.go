package session

import (
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/internal/words"
)

// Limits that hold per client address across all of its connections
// (docs/security.md, "Limits per address"). A client address is
// webguard.ClientIP: an IPv4 address or an IPv6 /64.
//
// A classroom behind one NAT shares one address, so the defaults leave room
// for a whole class on one address; a lecturer with a larger class behind
// one NAT raises them (server.Config). The presenter, who holds a session's or a
// room's key, is bounded by other means (presenterSockets) and never by
// these.
const (
	// DefaultVotersPerAddress is how many people one address stands for
	// (serve -per-address): how many followers of one address may answer
	// one poll (each once: a follower answering again replaces its
	// answer).
	DefaultVotersPerAddress = 60
	// defaultSocketsPerAddress is how many follower websockets (sessions
	// and rooms together) one address may hold at once: four pages each.
	DefaultSocketsPerAddress = 4 * DefaultVotersPerAddress
	// defaultAddressRate is how many messages a second all of one
	// address's follower websockets may send together (a burst of twice
	// as many), on top of each socket's own queryRate: three each.
	DefaultAddressRate = 3 * DefaultVotersPerAddress
	// presenterSockets is how many presenter websockets one session may
	// hold (tabs of the lecturer); they do not count against MaxClients
	// or the address's sockets, so followers can never lock the presenter
	// out.
	presenterSockets = 16
)

// addrLimits counts what each client address holds across connections:
// its follower websockets and a message bucket they share. An address's
// entry lives while it holds a socket, so the map holds at most as many
// entries as there are open sockets. Safe for concurrent use; every method
// is O(1).
type AddrLimits struct {
	maxSockets int
	rate       float64
	mu         sync.Mutex
	by         map[string]*addrEntry
}

type addrEntry struct {
	sockets int
	tokens  float64
	last    time.Time
}

func NewAddrLimits(maxSockets, rate int) *AddrLimits {
	return &AddrLimits{maxSockets: maxSockets, rate: float64(rate), by: map[string]*addrEntry{}}
}

// errAddressSockets is returned when one address holds as many follower
// websockets as it may.
type errAddressSockets struct{ Max int }

// UserText is the message in the user's words (usererr.Texter).
func (e errAddressSockets) UserText() string {
	return fmt.Sprintf("your network already has %d pages open on this server, the most one address may; close some tabs (a lecturer with a larger class behind one router raises -per-address)", e.Max)
}

func (e errAddressSockets) Error() string { return "server: " + e.UserText() }

// acquire takes a socket slot for addr, or refuses when addr holds
// maxSockets. The caller calls release exactly once when the socket ends.
func (a *AddrLimits) Acquire(addr string) (release func(), err error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.by[addr]
	if e == nil {
		e = &addrEntry{tokens: 2 * a.rate, last: time.Now()}
		a.by[addr] = e
	}
	if e.sockets >= a.maxSockets {
		return nil, errAddressSockets{a.maxSockets}
	}
	if !e.takeLocked(a.rate, joinCost, time.Now()) {
		return nil, errAddressJoins{a.rate / joinCost}
	}
	e.sockets++
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			if e.sockets--; e.sockets == 0 {
				delete(a.by, addr)
			}
		})
	}, nil
}

// Allow takes one token of addr's shared bucket (2×rate, refilled at rate
// a second) and reports false when none was left. An address that holds
// no socket is allowed (its messages come from no follower socket).
func (a *AddrLimits) Allow(addr string, now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.by[addr]
	if e == nil {
		return true
	}
	return e.takeLocked(a.rate, 1, now)
}

// takeLocked refills e's bucket (2×rate, rate a second) for the time since
// its last use and takes n tokens, or none and reports false.
func (e *addrEntry) takeLocked(rate, n float64, now time.Time) bool {
	e.tokens = min(2*rate, e.tokens+now.Sub(e.last).Seconds()*rate)
	e.last = now
	if e.tokens < n {
		return false
	}
	e.tokens -= n
	return true
}

// joinCost is how many of its address's message tokens a new follower
// socket takes: a page joining costs the hub a state, so sockets closed
// for flooding cannot come straight back.
const joinCost = 3

// errAddressJoins is returned when one address opens follower sockets
// faster than its share.
type errAddressJoins struct{ Rate float64 }

// UserText is the message in the user's words (usererr.Texter).
func (e errAddressJoins) UserText() string {
	return fmt.Sprintf("too many new connections from your network (at most %g a second from one address); wait a moment and reload", e.Rate)
}

func (e errAddressJoins) Error() string { return "server: " + e.UserText() }

// sockets reports how many follower sockets addr holds (for tests).
func (a *AddrLimits) sockets(addr string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	if e := a.by[addr]; e != nil {
		return e.sockets
	}
	return 0
}

// FullSession is the refusal of a follower's page by a session that
// already has max of them: what is full, and the flag that raises it.
func FullSession(max int) string {
	return fmt.Sprintf("this session already has %s, the most it allows; the lecturer can raise it with stepviz serve -max-clients", words.Count(max, "viewer", "viewers"))
}

// AddressFlood is the close reason of a follower socket whose address sent
// more than its share.
func AddressFlood(rate float64) string {
	return fmt.Sprintf("too many messages from your network; at most %g a second from one address", rate)
}

// Conn is what a connection to a session is admitted under: the most
// followers a session takes, the per-address limits every follower socket
// shares, and the upgrader (its CheckOrigin guards the websocket).
type Conn struct {
	MaxClients int
	Addrs      *AddrLimits
	Upgrader   *websocket.Upgrader
}

// Connect upgrades r to a websocket of s within lim and attaches it to the
// session as presenter or follower: a follower takes one of the session's
// MaxClients slots and one of its address's sockets; a presenter takes one
// of presenterSockets, so followers never lock the presenter out. A
// refusal is answered with 503 and the reason. The connection's reader and
// writer run on their own goroutines; Connect returns at once.
func (s *Session) Connect(w http.ResponseWriter, r *http.Request, presenter bool, lim Conn) {
	h := s.hub
	release := func() {}
	if presenter {
		if int(h.connected.Load()-h.followers.Load()) >= presenterSockets {
			http.Error(w, fmt.Sprintf("this session has %d presenter pages open, the most it allows; close one", presenterSockets), http.StatusServiceUnavailable)
			return
		}
	} else {
		if int(h.followers.Load()) >= lim.MaxClients {
			http.Error(w, FullSession(lim.MaxClients), http.StatusServiceUnavailable)
			return
		}
		var err error
		if release, err = lim.Addrs.Acquire(webguard.ClientIP(r)); err != nil {
			http.Error(w, usererr.Text(err), http.StatusServiceUnavailable)
			return
		}
	}
	conn, err := lim.Upgrader.Upgrade(w, r, nil)
	if err != nil {
		release()
		return // the upgrader has replied
	}
	c := &client{hub: h, conn: conn, role: RoleFollower, send: make(chan outMsg, sendBuffer),
		addr: webguard.ClientIP(r), addrs: lim.Addrs, release: release}
	if presenter {
		c.role = RolePresenter
	}
	select {
	case h.register <- c:
	case <-h.stopped:
		_ = conn.Close()
		c.release()
		return
	}
	go c.writePump()
	go c.readPump()
}

// errRoomQuota is returned when the address that opened a room holds as
// many sessions as it may and every one of them has a page open.
type errRoomQuota struct{ Max int }

// UserText is the message in the user's words (usererr.Texter).
func (e errRoomQuota) UserText() string {
	return fmt.Sprintf("the lecturer of this room has %d searches open here, the most one may, each watched; close a search's page and reload", e.Max)
}

func (e errRoomQuota) Error() string { return "server: " + e.UserText() }

// reclaimRoomLocked stops up to n of owner's sessions that a new room
// search may take the place of: room searches nobody watches (rebuilt from
// their record when next opened) and idle sessions, least recently used
// first. Called with st.mu held. O(sessions log sessions).
func (st *Store) reclaimRoomLocked(owner string, n int) {
	cutoff := time.Now().Add(-st.idle).UnixNano()
	var spare []*Session
	for _, s := range st.sessions {
		if s.owner != owner {
			continue
		}
		if s.hub.lastUsed.Load() < cutoff || (s.keyHash != nil && s.hub.connected.Load() == 0) {
			spare = append(spare, s)
		}
	}
	sort.Slice(spare, func(i, j int) bool { return spare[i].hub.lastUsed.Load() < spare[j].hub.lastUsed.Load() })
	for _, s := range spare[:min(n, len(spare))] {
		delete(st.sessions, s.ID)
		if st.owned[s.owner]--; st.owned[s.owner] == 0 {
			delete(st.owned, s.owner)
		}
		s.mem.Release()
		reason := "search closed: its lecturer's other searches needed the slot; reload to open it again"
		s.hub.endReason.Store(&reason)
		go s.hub.stop()
	}
}

// Rate is how many messages a second one address's follower sockets may
// send together.
func (a *AddrLimits) Rate() float64 { return a.rate }
