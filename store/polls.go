package store

import (
	"context"
	"database/sql"
	"errors"

	"stepviz/internal/usererr"
)

// Poll is a question the presenter asked the class about one search at one
// step.
type Poll struct {
	ID       int64
	RoomID   string
	SearchID string
	Step     int
	Kind     string // next | f | admissible
	Node     int    // the node asked about (kind f), else -1
	Question string
	Answer   string // the right answer
	// Choices are the choices offered, as the server encodes them (JSON),
	// made once by the server that asked; empty for polls stored before
	// schema migration 4 and for kinds whose choices are fixed.
	Choices  string
	Revealed bool
	Created  int64 // unix nanoseconds when asked (the order of a room's polls)
}

// Answer is one follower's answer to a poll.
type Answer struct {
	PollID    int64
	Pseudonym string
	Answer    string
	At        int64
}

// ErrRevealed is returned (wrapped) for an answer to a poll already revealed.
var ErrRevealed = errors.New("the poll has been revealed")

// CreatePoll stores a new poll and returns its id: p.ID if set (a poll
// stored again is left as it is), else a new one.
func (s *DB) CreatePoll(ctx context.Context, p Poll) (int64, error) {
	if p.Created == 0 {
		p.Created = now()
	}
	if p.ID != 0 {
		// An id given by the caller (a cluster's event): storing it twice
		// is a no-op, so events can be applied again.
		if _, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO polls (id, room_id, search_id, step, kind, node, question, answer, choices, revealed, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
			p.ID, p.RoomID, p.SearchID, p.Step, p.Kind, p.Node, p.Question, p.Answer, p.Choices, p.Created); err != nil {
			return 0, usererr.Errorf("store", "creating a poll in room %s: %w", p.RoomID, err)
		}
		return p.ID, nil
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO polls (room_id, search_id, step, kind, node, question, answer, choices, revealed, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
		p.RoomID, p.SearchID, p.Step, p.Kind, p.Node, p.Question, p.Answer, p.Choices, p.Created)
	if err != nil {
		return 0, usererr.Errorf("store", "creating a poll in room %s: %w", p.RoomID, err)
	}
	return res.LastInsertId()
}

const pollColumns = `id, room_id, search_id, step, kind, node, question, answer, choices, revealed, created`

func scanPoll(sc interface{ Scan(...any) error }) (Poll, error) {
	var p Poll
	err := sc.Scan(&p.ID, &p.RoomID, &p.SearchID, &p.Step, &p.Kind, &p.Node, &p.Question, &p.Answer, &p.Choices, &p.Revealed, &p.Created)
	return p, err
}

// Poll returns one poll.
func (s *DB) Poll(ctx context.Context, id int64) (Poll, error) {
	p, err := scanPoll(s.db.QueryRowContext(ctx, `SELECT `+pollColumns+` FROM polls WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, usererr.Errorf("store", "poll %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return p, usererr.Errorf("store", "reading poll %d: %w", id, err)
	}
	return p, nil
}

// Polls returns a room's polls, oldest first. Cost: O(polls).
func (s *DB) Polls(ctx context.Context, roomID string) ([]Poll, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+pollColumns+` FROM polls WHERE room_id = ? ORDER BY created, id`, roomID)
	if err != nil {
		return nil, usererr.Errorf("store", "reading room %s's polls: %w", roomID, err)
	}
	defer rows.Close()
	var out []Poll
	for rows.Next() {
		p, err := scanPoll(rows)
		if err != nil {
			return nil, usererr.Errorf("store", "reading room %s's polls: %w", roomID, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// SetAnswer records (or replaces) a follower's answer to an open poll.
func (s *DB) SetAnswer(ctx context.Context, a Answer) error {
	if a.At == 0 {
		a.At = now()
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO answers (poll_id, pseudonym, answer, at) SELECT ?, ?, ?, ? FROM polls WHERE id = ? AND revealed = 0
		ON CONFLICT (poll_id, pseudonym) DO UPDATE SET answer = excluded.answer, at = excluded.at`,
		a.PollID, a.Pseudonym, a.Answer, a.At, a.PollID)
	if err != nil {
		return usererr.Errorf("store", "saving an answer to poll %d: %w", a.PollID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return usererr.Errorf("store", "poll %d: %w", a.PollID, ErrRevealed)
	}
	return nil
}

// Reveal closes a poll to answers and marks it revealed.
func (s *DB) Reveal(ctx context.Context, pollID int64) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE polls SET revealed = 1 WHERE id = ?`, pollID); err != nil {
		return usererr.Errorf("store", "revealing poll %d: %w", pollID, err)
	}
	return nil
}

// Answers returns a poll's answers by pseudonym. Cost: O(answers).
func (s *DB) Answers(ctx context.Context, pollID int64) ([]Answer, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT poll_id, pseudonym, answer, at FROM answers WHERE poll_id = ? ORDER BY pseudonym`, pollID)
	if err != nil {
		return nil, usererr.Errorf("store", "reading poll %d's answers: %w", pollID, err)
	}
	defer rows.Close()
	var out []Answer
	for rows.Next() {
		var a Answer
		if err := rows.Scan(&a.PollID, &a.Pseudonym, &a.Answer, &a.At); err != nil {
			return nil, usererr.Errorf("store", "reading poll %d's answers: %w", pollID, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
