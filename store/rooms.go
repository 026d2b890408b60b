package store

import (
	"context"
	"database/sql"
	"errors"

	"stepviz/internal/usererr"
)

// ErrNotFound is returned (wrapped) when a row asked for by id does not
// exist.
var ErrNotFound = errors.New("not found")

// ShortCodeLen is the length of a room's short code, the code read aloud:
// the first ShortCodeLen characters of its id, unique among the rooms
// kept. An id no longer than that is its own short code.
const ShortCodeLen = 6

// ShortCode is the short code of room id.
func ShortCode(id string) string { return id[:min(len(id), ShortCodeLen)] }

// ErrTaken is returned (wrapped) when a new room's id or short code is
// already another room's: draw another.
var ErrTaken = errors.New("taken")

// Room is a lecture's room: one presenter key and a history of searches.
type Room struct {
	ID      string // the short code of /r/{ID}
	KeyHash []byte // HashKey of the presenter key
	Title   string
	Created int64 // unix seconds
	// Current is the pos of the searches shown live, -1 before the first.
	Current int
	// Owner is the address that opened the room (quotas); Used is the unix
	// time of the presenter's last command (eviction).
	Owner string
	Used  int64
}

// Search is one search a room has shown: enough to rebuild it exactly,
// because the engine is deterministic.
type Search struct {
	ID      string // the session id of /s/{ID}
	RoomID  string
	Pos     int // its place in the room's history
	Lane    int // 0..3 among searches shown side by side at one Pos
	Problem string
	Options string
	// Heuristics is the lecturer's own Starlark script of def h_NAME(s)
	// functions the search was built with (script.WithHeuristics), ""
	// for none: the problem line alone does not rebuild such a search.
	Heuristics string `json:",omitempty"`
	Step       int
	Created    int64
}

// CreateRoom stores a new room. Its ID must be new.
func (s *DB) CreateRoom(ctx context.Context, r Room) error {
	if r.Created == 0 {
		r.Created = now()
	}
	if r.Used == 0 {
		r.Used = r.Created
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO rooms (id, key_hash, title, created, current, owner, used) VALUES (?, ?, ?, ?, -1, ?, ?)`,
		r.ID, r.KeyHash, r.Title, r.Created, r.Owner, r.Used)
	if err != nil {
		return usererr.Errorf("store", "creating room %s: %w", r.ID, err)
	}
	return nil
}

// Room returns the room with the given id.
func (s *DB) Room(ctx context.Context, id string) (Room, error) {
	var r Room
	err := s.db.QueryRowContext(ctx, `SELECT id, key_hash, title, created, current, owner, used FROM rooms WHERE id = ?`, id).
		Scan(&r.ID, &r.KeyHash, &r.Title, &r.Created, &r.Current, &r.Owner, &r.Used)
	if errors.Is(err, sql.ErrNoRows) {
		return r, usererr.Errorf("store", "room %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return r, usererr.Errorf("store", "reading room %s: %w", id, err)
	}
	return r, nil
}

// RoomByShort returns the id of the one room whose id starts with short
// (the code spoken aloud); none, or more than one, wraps ErrNotFound.
// Cost: O(log rooms), a range of the primary key.
func (s *DB) RoomByShort(ctx context.Context, short string) (string, error) {
	if short == "" {
		return "", usererr.Errorf("store", "room code %q: %w", short, ErrNotFound)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM rooms WHERE id >= ? AND id < ? ORDER BY id LIMIT 2`, short, short+"\x7f")
	if err != nil {
		return "", usererr.Errorf("store", "looking up room code %s: %w", short, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return "", usererr.Errorf("store", "looking up room code %s: %w", short, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return "", usererr.Errorf("store", "looking up room code %s: %w", short, err)
	}
	if len(ids) != 1 {
		return "", usererr.Errorf("store", "room code %s: %w", short, ErrNotFound)
	}
	return ids[0], nil
}

// CountRooms returns how many rooms the database holds.
func (s *DB) CountRooms(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM rooms`).Scan(&n); err != nil {
		return 0, usererr.Errorf("store", "counting rooms: %w", err)
	}
	return n, nil
}

// RoomUsage returns how many rooms there are, and how many owner opened.
func (s *DB) RoomUsage(ctx context.Context, owner string) (total, owned int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(owner = ?), 0) FROM rooms`, owner).Scan(&total, &owned)
	if err != nil {
		err = usererr.Errorf("store", "counting rooms: %w", err)
	}
	return
}

// TouchRoom records that the room's presenter acted at unix time t.
func (s *DB) TouchRoom(ctx context.Context, id string, t int64) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE rooms SET used = ? WHERE id = ?`, t, id); err != nil {
		return usererr.Errorf("store", "room %s: %w", id, err)
	}
	return nil
}

// EvictRoom deletes the least recently used room not used since before
// (unix seconds), with its searches, polls and answers, and returns its
// id, or "" when every room was used since. One transaction.
func (s *DB) EvictRoom(ctx context.Context, before int64) (string, error) {
	return s.evictOldest(ctx, "rooms", "room", before)
}

// CountPolls returns how many polls a room has asked.
func (s *DB) CountPolls(ctx context.Context, roomID string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM polls WHERE room_id = ?`, roomID).Scan(&n); err != nil {
		return 0, usererr.Errorf("store", "counting room %s's polls: %w", roomID, err)
	}
	return n, nil
}

// AddSearches appends searches (1 to 4, shown side by side) to a room's
// history at the next pos, makes them the room's current searches, and
// returns that pos. Their Pos, Lane and RoomID are set here. One
// transaction.
func (s *DB) AddSearches(ctx context.Context, roomID string, searches []Search) (int, error) {
	if len(searches) == 0 {
		return 0, usererr.New("store", "no searches to add")
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, usererr.Errorf("store", "adding searches to room %s: %w", roomID, err)
	}
	defer func() { _ = tx.Rollback() }()
	var pos int
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(pos) + 1, 0) FROM searches WHERE room_id = ?`, roomID).Scan(&pos); err != nil {
		return 0, usererr.Errorf("store", "adding searches to room %s: %w", roomID, err)
	}
	t := now()
	for lane, se := range searches {
		if _, err := tx.ExecContext(ctx, `INSERT INTO searches (id, room_id, pos, lane, problem, options, heuristics, step, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			se.ID, roomID, pos, lane, se.Problem, se.Options, se.Heuristics, se.Step, t); err != nil {
			return 0, usererr.Errorf("store", "adding search %s to room %s: %w", se.ID, roomID, err)
		}
	}
	res, err := tx.ExecContext(ctx, `UPDATE rooms SET current = ? WHERE id = ?`, pos, roomID)
	if err != nil {
		return 0, usererr.Errorf("store", "adding searches to room %s: %w", roomID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return 0, usererr.Errorf("store", "room %s: %w", roomID, ErrNotFound)
	}
	if err := tx.Commit(); err != nil {
		return 0, usererr.Errorf("store", "adding searches to room %s: %w", roomID, err)
	}
	return pos, nil
}

// SetCurrent makes the searches at pos the room's live ones.
func (s *DB) SetCurrent(ctx context.Context, roomID string, pos int) error {
	res, err := s.db.ExecContext(ctx, `UPDATE rooms SET current = ? WHERE id = ? AND EXISTS (SELECT 1 FROM searches WHERE room_id = ? AND pos = ?)`, pos, roomID, roomID, pos)
	if err != nil {
		return usererr.Errorf("store", "room %s: showing search %d: %w", roomID, pos, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return usererr.Errorf("store", "room %s has no search %d: %w", roomID, pos, ErrNotFound)
	}
	return nil
}

// Searches returns a room's history, by pos then lane. Cost: O(searches).
func (s *DB) Searches(ctx context.Context, roomID string) ([]Search, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, room_id, pos, lane, problem, options, heuristics, step, created FROM searches WHERE room_id = ? ORDER BY pos, lane`, roomID)
	if err != nil {
		return nil, usererr.Errorf("store", "reading room %s's searches: %w", roomID, err)
	}
	defer rows.Close()
	var out []Search
	for rows.Next() {
		var se Search
		if err := rows.Scan(&se.ID, &se.RoomID, &se.Pos, &se.Lane, &se.Problem, &se.Options, &se.Heuristics, &se.Step, &se.Created); err != nil {
			return nil, usererr.Errorf("store", "reading room %s's searches: %w", roomID, err)
		}
		out = append(out, se)
	}
	if err := rows.Err(); err != nil {
		return nil, usererr.Errorf("store", "reading room %s's searches: %w", roomID, err)
	}
	return out, nil
}

// Search returns the search with the given (session) id.
func (s *DB) Search(ctx context.Context, id string) (Search, error) {
	var se Search
	err := s.db.QueryRowContext(ctx, `SELECT id, room_id, pos, lane, problem, options, heuristics, step, created FROM searches WHERE id = ?`, id).
		Scan(&se.ID, &se.RoomID, &se.Pos, &se.Lane, &se.Problem, &se.Options, &se.Heuristics, &se.Step, &se.Created)
	if errors.Is(err, sql.ErrNoRows) {
		return se, usererr.Errorf("store", "search %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return se, usererr.Errorf("store", "reading search %s: %w", id, err)
	}
	return se, nil
}

// SetStep records the live step of a search. It is called on every step
// before the step is shown to anyone, so a restart resumes at the last
// step any follower saw. One short write (one row, in WAL mode).
func (s *DB) SetStep(ctx context.Context, searchID string, step int) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE searches SET step = ? WHERE id = ?`, step, searchID); err != nil {
		return usererr.Errorf("store", "saving the step of search %s: %w", searchID, err)
	}
	return nil
}
