package room

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"log"
	"strings"
	"sync"
	"time"

	"stepviz/internal/usererr"
	"stepviz/internal/words"
	"stepviz/server/session"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	persist "stepviz/store"
)

// A room is a lecture: one presenter link and one followers' link for a
// sequence of searches. It is a layer above sessions: each search the room
// shows is an ordinary session (its own hub, page and websocket at
// /s/{id}), created by the room with the room's key, and the room keeps
// what a restart needs in the database — the room and its key hash, every
// search's problem, options and live step, and the polls. Because the
// engine is deterministic, a room's search is rebuilt from that record on
// first use after a restart (or after its session was reclaimed), at the
// same step, under the same id, so pages reconnect to it by themselves.
//
// Searches shown side by side share a pos in the room's history (lanes
// 0..3) and are driven together by the room's lock-step commands, or one
// at a time from each lane's own controls.

const (
	// maxLanes is the most searches shown side by side.
	maxLanes = 4
	// maxHistory bounds a room's searches (each is a few hundred bytes of
	// database and, while someone looks at it, one session).
	maxRoomSearches = 500
	// compareEvery throttles the live comparison table.
	compareEvery = 100 * time.Millisecond
	// maxRooms and MaxRoomsPerClient bound the rooms a server keeps; when
	// it is full, a new room evicts the room least recently driven, if no
	// presenter has driven it for roomIdle.
	maxRooms          = 2000
	MaxRoomsPerClient = 20
	roomIdle          = 30 * 24 * time.Hour
	// maxPollsPerRoom and maxAnswersPerPoll bound what a room's polls keep.
	maxPollsPerRoom   = 1000
	maxAnswersPerPoll = 10000
	// touchEvery throttles the record of a room's last use.
	touchEvery = time.Minute
)

// Config is what rooms are kept with.
type Config struct {
	// DB keeps every room, its searches and polls.
	DB *persist.DB
	// Bus, when set, shares the rooms with other instances (-nats).
	Bus Bus
	// Sessions holds the live sessions of the rooms' searches.
	Sessions Sessions
	// MaxNodes caps every search a room shows.
	MaxNodes int
	// VotersPerAddress is how many followers of one address may answer
	// one poll.
	VotersPerAddress int
	// Logger receives a line per room evicted and per failure kept from
	// a page; nil discards.
	Logger *log.Logger
}

// Sessions is the store a room's searches live in: a search is adopted
// under its own id, with the room's key hash, the first time it is shown
// or asked for after a restart (session.Store is one).
type Sessions interface {
	Get(id string) (*session.Session, bool)
	Adopt(id, owner string, keyHash []byte, s *stepper.Search, maxNodes int, onMove func(*stepper.Search)) (*session.Session, error)
}

var _ Sessions = (*session.Store)(nil)

// New returns the rooms of cfg.DB, none loaded yet.
func New(cfg Config) *Rooms {
	// origin tells this instance's events from others' on the Bus.
	// crypto/rand.Read never returns an error (it stops the program
	// instead), so the token is always drawn.
	origin, _ := session.RandomToken(9)
	rs := &Rooms{cfg: cfg, db: cfg.DB, bus: cfg.Bus, origin: origin, by: map[string]*Room{}}
	if rb, ok := cfg.Bus.(reconnecter); ok {
		rb.OnReconnect(rs.shareUnshared)
	}
	if bt, ok := cfg.Bus.(behindTeller); ok {
		bt.OnBehind(rs.behind)
	}
	return rs
}

// Rooms holds the rooms in use; the database holds every room.
type Rooms struct {
	cfg Config
	db  *persist.DB
	// bus, when set, shares the rooms with other instances (-nats);
	// origin names this instance in the events it publishes.
	bus    Bus
	origin string
	// remoteMoves marks the searches this instance is moving because of
	// another instance's event, so that their onMove does not publish the
	// move again (set and read on the search's hub goroutine).
	remoteMoves sync.Map
	// unshared holds the searches (id to *Room) whose last move could not
	// be published (the bus was lost): shareUnshared publishes their step
	// when it is back.
	unshared sync.Map
	// guesses throttles misses per address (room_code.go).
	guesses guessLimiter
	mu      sync.Mutex
	by      map[string]*Room
}

// Room is one lecture room in memory. Its fields below mu are guarded by
// mu, which is never held while calling into a session (a session calls
// the room back through the onMove hook its search was adopted with).
type Room struct {
	ID      string
	keyHash []byte
	// owner is the address that opened the room: its searches' sessions
	// count against that address's session quota.
	owner string
	rs    *Rooms

	mu      sync.Mutex
	history []persist.Search // by pos, then lane
	current int              // pos shown live, -1 before the first
	poll    *livePoll        // the latest poll, or nil
	lanes   map[string]laneStats
	clients map[*roomClient]bool
	// behind is set while this instance cannot receive the room's
	// events (sharing.go); sharingMu serialises its changes and the
	// joins, and is never taken with mu held.
	behind    bool
	sharingMu sync.Mutex
	// compareDue is set while a comparison broadcast is scheduled.
	compareDue bool
	// stopFollow ends the delivery of the room's stream (cluster only).
	stopFollow func()
	// moves publishes the room's moves (cluster only); set once in Get,
	// closed when the room leaves memory.
	moves *movePublisher
	// touched is when the room's last use was recorded.
	touched time.Time
}

// laneStats is one search's row of the live comparison table.
type laneStats struct {
	ID       string           `json:"id"`
	Lane     int              `json:"lane"`
	Options  string           `json:"options"`
	Label    string           `json:"label"` // searchLabel of Options, filled in as the row is sent
	Step     int              `json:"step"`
	Status   string           `json:"status"`
	Counters stepper.Counters `json:"counters"`
	// Cost is the solution's cost once solved.
	Cost *float64 `json:"cost,omitempty"`
}

// Create makes a new room and returns it with its presenter key (the only
// time the key exists outside the presenter's link).
func (rs *Rooms) Create(ctx context.Context, owner string) (*Room, string, error) {
	total, owned, err := rs.db.RoomUsage(ctx, owner)
	if err != nil {
		return nil, "", err
	}
	if owned >= MaxRoomsPerClient {
		return nil, "", usererr.Errorf("server", "this computer has opened %d rooms here, the most one may keep; use one of them again (its presenter link) — a room no presenter has driven for %d days is removed when the server is full", owned, int(roomIdle.Hours()/24))
	}
	if total >= maxRooms {
		id, err := rs.db.EvictRoom(ctx, time.Now().Add(-roomIdle).Unix())
		if err != nil {
			return nil, "", err
		}
		if id == "" {
			return nil, "", usererr.Errorf("server", "this server keeps %d rooms, the most it allows, and none has been idle for %d days; ask its administrator", maxRooms, int(roomIdle.Hours()/24))
		}
		rs.forget(id)
		rs.logf("room %s evicted: unused for %s and the server full", id, words.Duration(roomIdle))
	}
	key, err := session.RandomToken(18)
	if err != nil {
		return nil, "", err
	}
	for range 10 {
		code, err := newRoomCode()
		if err != nil {
			return nil, "", err
		}
		if taken, err := rs.shortTaken(ctx, code); err != nil {
			return nil, "", err
		} else if taken {
			continue // its short code is another room's: draw another
		}
		r := persist.Room{ID: code, KeyHash: persist.HashKey(key), Created: time.Now().Unix(), Owner: owner}
		if rs.bus != nil {
			if err := rs.bus.CreateRoom(ctx, r); err != nil {
				if errors.Is(err, persist.ErrTaken) {
					continue
				}
				if _, gerr := rs.bus.Room(ctx, code); gerr == nil {
					continue
				}
				return nil, "", err
			}
		}
		if err := rs.db.CreateRoom(ctx, r); err != nil {
			if _, gerr := rs.db.Room(ctx, code); gerr == nil {
				continue // the code is taken: draw another
			}
			return nil, "", err
		}
		room, err := rs.Get(ctx, code)
		return room, key, err
	}
	return nil, "", usererr.New("server", "could not find a free room code; try again")
}

// Get returns the room with the given code, loading it from the database
// on first use.
func (rs *Rooms) Get(ctx context.Context, code string) (*Room, error) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if r, ok := rs.by[code]; ok {
		return r, nil
	}
	rec, err := rs.db.Room(ctx, code)
	if errors.Is(err, persist.ErrNotFound) && rs.bus != nil {
		// A room another instance opened: its record is in the bucket,
		// its history in the stream (replayed below).
		if rec, err = rs.bus.Room(ctx, code); err == nil {
			err = rs.db.CreateRoom(ctx, rec)
		}
	}
	if err != nil {
		return nil, err
	}
	history, err := rs.db.Searches(ctx, code)
	if err != nil {
		return nil, err
	}
	r := &Room{ID: code, keyHash: rec.KeyHash, owner: rec.Owner, rs: rs, history: history, current: rec.Current,
		lanes: map[string]laneStats{}, clients: map[*roomClient]bool{}}
	r.moves = newMovePublisher(r.shareMove)
	for _, se := range history {
		r.lanes[se.ID] = laneStats{ID: se.ID, Lane: se.Lane, Options: se.Options, Step: se.Step, Status: "running"}
	}
	if err := r.loadPoll(ctx); err != nil {
		return nil, err
	}
	if rs.bus != nil {
		if err := r.follow(ctx); err != nil {
			r.moves.close()
			return nil, err
		}
	}
	rs.by[code] = r
	return r, nil
}

// forget drops an evicted or deleted room from memory: its clients are
// closed, and its moves not yet published are dropped (its publisher
// ends).
func (rs *Rooms) forget(id string) {
	rs.mu.Lock()
	r, ok := rs.by[id]
	delete(rs.by, id)
	rs.mu.Unlock()
	if !ok {
		return
	}
	if r.stopFollow != nil {
		r.stopFollow()
	}
	r.moves.close()
	r.mu.Lock()
	for c := range r.clients {
		r.dropLocked(c)
	}
	r.mu.Unlock()
}

// touch records that the presenter drove the room (at most once a
// minute), so that an active room is never evicted.
func (r *Room) touch(ctx context.Context) {
	now := time.Now()
	r.mu.Lock()
	due := now.Sub(r.touched) >= touchEvery
	if due {
		r.touched = now
	}
	r.mu.Unlock()
	if due {
		if err := r.rs.db.TouchRoom(ctx, r.ID, now.Unix()); err != nil {
			r.logf("room %s: %v", r.ID, err)
		}
	}
}

// Close stops following every room's stream, ends every room's move
// publisher (a publication under way is cancelled and waited for) and
// closes the room connections (their pages reconnect, to this server or
// another).
func (rs *Rooms) Close() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, r := range rs.by {
		if r.stopFollow != nil {
			r.stopFollow()
		}
		r.moves.close()
		r.mu.Lock()
		for c := range r.clients {
			r.dropLocked(c)
		}
		r.mu.Unlock()
	}
}

// IsPresenter reports whether key is the room's presenter key, in constant
// time.
func (r *Room) IsPresenter(key string) bool {
	h := sha256.Sum256([]byte(key))
	return key != "" && subtle.ConstantTimeCompare(h[:], r.keyHash) == 1
}

// Session returns the live session of search id, rebuilding it from its
// record (problem, options, step) when this process has none: after a
// restart, or when its session was reclaimed. It returns false if no room
// has such a search.
func (rs *Rooms) Session(ctx context.Context, id string) (*session.Session, bool, error) {
	if sess, ok := rs.cfg.Sessions.Get(id); ok {
		return sess, true, nil
	}
	se, err := rs.db.Search(ctx, id)
	if errors.Is(err, persist.ErrNotFound) && rs.bus != nil {
		// Maybe a search of a room this instance has not followed yet.
		roomID, berr := rs.bus.SearchRoom(ctx, id)
		if berr != nil {
			return nil, false, nil
		}
		if _, berr := rs.Get(ctx, roomID); berr != nil {
			return nil, false, berr
		}
		se, err = rs.db.Search(ctx, id)
	}
	if errors.Is(err, persist.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	room, err := rs.Get(ctx, se.RoomID)
	if err != nil {
		return nil, false, err
	}
	sess, err := room.start(se)
	return sess, err == nil, err
}

// start builds the search of record se at its step and adopts it as a
// session under se.ID; if a session with that id exists, that one.
// Cost: O(se.Step) engine steps.
func (r *Room) start(se persist.Search) (*session.Session, error) {
	if sess, ok := r.rs.cfg.Sessions.Get(se.ID); ok {
		return sess, nil
	}
	search, err := r.rs.search(se.Problem, se.Options, se.Heuristics)
	if err != nil {
		return nil, usererr.Errorf("server", "rebuilding search %s of room %s: %w", se.ID, r.ID, err)
	}
	search = session.SeekCapped(search, se.Step, r.rs.cfg.MaxNodes) // past the node limit, as the session went: bounded
	sess, err := r.rs.cfg.Sessions.Adopt(se.ID, r.owner, r.keyHash, search, r.rs.cfg.MaxNodes, r.onMove(se.ID))
	if err == nil {
		r.mu.Lock()
		p := r.poll
		hold := holdsViews(p) && p.SearchID == se.ID
		r.mu.Unlock()
		followers, presenter := r.sharing()
		if hold {
			sess.HoldViews(p.Step)
		}
		if followers != "" || presenter != "" {
			sess.SetSharing(followers, presenter)
		}
	}
	return sess, err
}

// search builds a search from a problem line, a search line and the
// lecturer's heuristics script ("" for none) within the rooms' limits
// (BuildSearch).
func (rs *Rooms) search(problem, options, heuristics string) (*stepper.Search, error) {
	return BuildSearch(problem, options, heuristics, rs.cfg.MaxNodes)
}

// BuildSearch builds a room's search from a problem line, a search line and
// a heuristics script of def h_NAME(s) functions ("" for none;
// WithHeuristics: size-bounded, sandboxed with the server's budget) within
// a server's limits: no file named, at most maxNodes nodes, an algorithm
// the lecture server steps (session.NotJournaled). A search line that uses
// a heuristic without naming one searches with the script's first, as the
// home form does.
func BuildSearch(problem, options, heuristics string, maxNodes int) (*stepper.Search, error) {
	inst, err := problems.Parse(problem, nil)
	if err != nil {
		return nil, err
	}
	if inst, err = WithHeuristics(inst, heuristics); err != nil {
		return nil, err
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		return nil, err
	}
	if o.MaxNodes <= 0 || o.MaxNodes > maxNodes {
		o.MaxNodes = maxNodes
	}
	if !o.Algorithm.Journaled() {
		return nil, session.NotJournaled(o.Algorithm)
	}
	if own := stepper.ExtraOf(inst).List(); len(own) > 0 && o.Heuristic == "" && o.Algorithm.UsesHeuristic() {
		o.Heuristic = own[0] // the lecturer wrote a heuristic to search with it
	}
	return stepper.NewSearch(inst, o)
}

// onMove is the hook of search id's session: it saves the step before any
// follower sees it, so a restart resumes where the class was, updates the
// comparison table and queues the move for the other instances
// (publishMove), never waiting for the bus. It runs on the session's hub
// goroutine.
func (r *Room) onMove(id string) func(*stepper.Search) {
	return func(s *stepper.Search) {
		step := s.StepCount()
		if err := r.rs.db.SetStep(context.Background(), id, step); err != nil && r.rs.cfg.Logger != nil {
			r.rs.cfg.Logger.Printf("room %s: %v", r.ID, err)
		}
		c := s.Counters()
		st := laneStats{ID: id, Options: s.Options().String(), Step: step, Status: string(s.Status()), Counters: c}
		if s.Status() == stepper.Solved {
			// The solving step's event carries the path (no whole-tree
			// snapshot on the hub).
			if ev, err := s.EventAt(step); err == nil && len(ev.Path) > 0 {
				g := s.Node(ev.Path[len(ev.Path)-1]).G
				st.Cost = &g
			}
		}
		r.mu.Lock()
		st.Lane = r.lanes[id].Lane
		r.lanes[id] = st
		for i := range r.history {
			if r.history[i].ID == id {
				r.history[i].Step = step
			}
		}
		// Queued under r.mu, with the step recorded: settleMoves queues
		// a recorded step again under r.mu, never after a newer one.
		r.publishMove(id, step)
		due := r.compareDue
		r.compareDue = true
		r.mu.Unlock()
		if !due {
			time.AfterFunc(compareEvery, r.broadcastCompare)
		}
	}
}

// currentLanes returns the searches shown live. Called with r.mu held.
func (r *Room) currentLanesLocked() []persist.Search {
	var out []persist.Search
	for _, se := range r.history {
		if se.Pos == r.current {
			out = append(out, se)
		}
	}
	return out
}

// load appends a group of 1 to maxLanes searches on one problem, with
// the lecturer's heuristics script ("" for none), to the room's history
// and shows it live. A search that uses the script takes its first step
// here, apart from the room's, so that a heuristic failing on the start
// or its children is refused in the script's words with its line rather
// than shown as a failed search. Cost: one expansion a search then.
func (r *Room) load(ctx context.Context, problem string, lines []string, heuristics string) error {
	if len(lines) == 0 || len(lines) > maxLanes {
		return usererr.Errorf("server", "give 1 to %d search lines (one per search shown side by side)", maxLanes)
	}
	if strings.TrimSpace(heuristics) == "" {
		heuristics = ""
	}
	r.mu.Lock()
	n := len(r.history)
	r.mu.Unlock()
	if n+len(lines) > maxRoomSearches {
		return usererr.Errorf("server", "this room has shown %d searches, the most it keeps; open a new room", n)
	}
	group := make([]persist.Search, len(lines))
	for i, line := range lines {
		s, err := r.rs.search(problem, line, heuristics)
		if err == nil && heuristics != "" && s.Options().Algorithm.UsesHeuristic() {
			s.Step()
			err = s.Err()
		}
		if err != nil {
			if len(lines) > 1 {
				return usererr.Errorf("", "search %d (%s): %w", i+1, line, err)
			}
			return err
		}
		id, err := session.RandomToken(9)
		if err != nil {
			return err
		}
		group[i] = persist.Search{ID: id, Problem: s.Instance().Spec(), Options: s.Options().String()}
	}
	if r.rs.bus != nil {
		for _, se := range group {
			if err := r.rs.bus.MapSearch(ctx, se.ID, r.ID); err != nil {
				return err
			}
		}
	}
	return r.emit(ctx, roomEvent{Kind: evLoad, Searches: group, Heuristics: heuristics})
}

// show makes the searches at pos the live ones again.
func (r *Room) show(ctx context.Context, pos int) error {
	r.mu.Lock()
	ok := false
	for _, se := range r.history {
		ok = ok || se.Pos == pos
	}
	r.mu.Unlock()
	if !ok {
		return usererr.Errorf("server", "this room has no search %d", pos)
	}
	return r.emit(ctx, roomEvent{Kind: evShow, Pos: pos})
}

// drive sends one command to every live lane (lane < 0) or to one, as the
// presenter's own controls would. Lanes that cannot take it (a search
// already over) are left as they are.
func (r *Room) drive(ctx context.Context, cmd string, lane int) error {
	r.mu.Lock()
	lanes := r.currentLanesLocked()
	r.mu.Unlock()
	if len(lanes) == 0 {
		return usererr.New("server", "show a search first")
	}
	var errs []error
	moved := 0
	for _, se := range lanes {
		if lane >= 0 && se.Lane != lane {
			continue
		}
		sess, _, err := r.rs.Session(ctx, se.ID)
		if err != nil {
			return err
		}
		if cerr := sess.Command(session.ClientMsg{Type: cmd}); cerr != nil { // a presenter command: the session is in use
			errs = append(errs, cerr)
		} else {
			moved++
		}
	}
	if moved == 0 && len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// pseudonym is how a follower appears in a room's poll export: derived from
// the token its browser keeps, so it is stable across reconnects and says
// nothing about who it is.
func pseudonym(room, token string) string {
	h := sha256.Sum256([]byte(room + ":" + token))
	return "s-" + hex.EncodeToString(h[:4])
}

func (rs *Rooms) logf(format string, args ...any) {
	if rs.cfg.Logger != nil {
		rs.cfg.Logger.Printf(format, args...)
	}
}

// Summary is what the room shows live: its problem and the search lines of
// its lanes ("" and none before the first), and how many searches it has
// shown.
func (rm *Room) Summary() (problem string, lines []string, shown int) {
	rm.mu.Lock()
	defer rm.mu.Unlock()
	for _, l := range rm.currentLanesLocked() {
		problem = l.Problem
		lines = append(lines, l.Options)
	}
	return problem, lines, len(rm.history)
}

// LiveHeuristics is the heuristics script the searches shown live were
// built with ("" for none, and before the first search): the presenter's
// load form starts from it.
func (rm *Room) LiveHeuristics() string {
	rm.mu.Lock()
	defer rm.mu.Unlock()
	for _, l := range rm.currentLanesLocked() {
		return l.Heuristics
	}
	return ""
}

// Shared reports whether the rooms are shared with other instances (a
// Bus): such a room is not deleted from one of them.
func (rs *Rooms) Shared() bool { return rs.bus != nil }

// Delete deletes room id with its searches and polls from the database
// and closes its pages; it returns the ids of its searches, whose
// sessions the caller stops.
func (rs *Rooms) Delete(ctx context.Context, rm *Room) ([]string, error) {
	rm.mu.Lock()
	var ids []string
	for _, se := range rm.history {
		ids = append(ids, se.ID)
	}
	rm.mu.Unlock()
	if _, err := rs.db.DeleteRoom(ctx, rm.ID); err != nil {
		return nil, err
	}
	rs.forget(rm.ID)
	return ids, nil
}
