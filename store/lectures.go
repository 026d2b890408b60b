package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"stepviz/internal/usererr"
)

// Lecture is a session started from the landing page: enough to rebuild
// its search at its step after a restart.
type Lecture struct {
	ID      string // the session id of /s/{ID}
	KeyHash []byte // HashKey of the presenter key
	// Form is the landing form's values as JSON (the server's own
	// encoding), which rebuild the search.
	Form          string
	Spec, Options string
	Step          int
	Owner         string // the address that started it
	Created, Used int64  // unix seconds
}

// MaxLectureForm bounds the form a lecture keeps (a pasted grid or script).
const MaxLectureForm = 256 << 10

// CreateLecture stores a new lecture. Its ID must be new.
func (s *DB) CreateLecture(ctx context.Context, l Lecture) error {
	if len(l.Form) > MaxLectureForm {
		return usererr.Errorf("store", "lecture %s: its form has %d bytes, more than the %d kept", l.ID, len(l.Form), MaxLectureForm)
	}
	if l.Created == 0 {
		l.Created = now()
	}
	if l.Used == 0 {
		l.Used = l.Created
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO lectures (id, key_hash, form, spec, options, step, owner, created, used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		l.ID, l.KeyHash, l.Form, l.Spec, l.Options, l.Step, l.Owner, l.Created, l.Used)
	if err != nil {
		return usererr.Errorf("store", "keeping lecture %s: %w", l.ID, err)
	}
	return nil
}

const lectureCols = `id, key_hash, form, spec, options, step, owner, created, used`

func scanLecture(sc interface{ Scan(...any) error }) (Lecture, error) {
	var l Lecture
	err := sc.Scan(&l.ID, &l.KeyHash, &l.Form, &l.Spec, &l.Options, &l.Step, &l.Owner, &l.Created, &l.Used)
	return l, err
}

// Lecture returns the lecture with the given id.
func (s *DB) Lecture(ctx context.Context, id string) (Lecture, error) {
	l, err := scanLecture(s.db.QueryRowContext(ctx, `SELECT `+lectureCols+` FROM lectures WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return l, usererr.Errorf("store", "lecture %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return l, usererr.Errorf("store", "reading lecture %s: %w", id, err)
	}
	return l, nil
}

// Lectures returns the lectures among ids that exist, most recently used
// first (a lecturer's list). Cost: O(len(ids)); ids beyond 1000 are ignored.
func (s *DB) Lectures(ctx context.Context, ids []string) ([]Lecture, error) {
	ids = ids[:min(len(ids), 1000)]
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+lectureCols+` FROM lectures WHERE id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY used DESC`, args...)
	if err != nil {
		return nil, usererr.Errorf("store", "reading lectures: %w", err)
	}
	defer rows.Close()
	var out []Lecture
	for rows.Next() {
		l, err := scanLecture(rows)
		if err != nil {
			return nil, usererr.Errorf("store", "reading lectures: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, usererr.Errorf("store", "reading lectures: %w", err)
	}
	return out, nil
}

// LectureUsage returns how many lectures are kept, and how many owner
// started.
func (s *DB) LectureUsage(ctx context.Context, owner string) (total, owned int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(owner = ?), 0) FROM lectures`, owner).Scan(&total, &owned)
	if err != nil {
		err = usererr.Errorf("store", "counting lectures: %w", err)
	}
	return
}

// SetLectureStep records a lecture's live step and that its presenter
// moved it at unix time used. One short write.
func (s *DB) SetLectureStep(ctx context.Context, id string, step int, used int64) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE lectures SET step = ?, used = ? WHERE id = ?`, step, used, id); err != nil {
		return usererr.Errorf("store", "saving the step of lecture %s: %w", id, err)
	}
	return nil
}

// DeleteLecture removes a lecture; it reports whether there was one.
func (s *DB) DeleteLecture(ctx context.Context, id string) (bool, error) {
	return s.deleteRow(ctx, "lectures", "lecture", id)
}

// EvictLecture deletes the least recently used lecture not used since
// before (unix seconds) and returns its id, or "" when every lecture was
// used since.
func (s *DB) EvictLecture(ctx context.Context, before int64) (string, error) {
	return s.evictOldest(ctx, "lectures", "lecture", before)
}

// DeleteRoom removes a room with its searches, polls and answers; it
// reports whether there was one.
func (s *DB) DeleteRoom(ctx context.Context, id string) (bool, error) {
	return s.deleteRow(ctx, "rooms", "room", id)
}
