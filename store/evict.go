package store

import (
	"context"
	"database/sql"
	"errors"

	"stepviz/internal/usererr"
)

// The tables whose rows a client makes (lectures, rooms) have an id and
// a used time (unix seconds); what hangs off a row (a room's searches,
// polls and answers) goes with it by the schema's ON DELETE CASCADE.
// table is always one of this package's constant names, never a
// caller's text.

// deleteRow deletes row id of table and reports whether there was one;
// what names a row in an error ("room").
func (s *DB) deleteRow(ctx context.Context, table, what, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM `+table+` WHERE id = ?`, id)
	if err != nil {
		return false, usererr.Errorf("store", "closing %s %s: %w", what, id, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// evictOldest deletes the least recently used row of table not used
// since before and returns its id, or "" when every row was used since;
// what names a row in an error. One statement.
func (s *DB) evictOldest(ctx context.Context, table, what string, before int64) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `DELETE FROM `+table+` WHERE id = (SELECT id FROM `+table+` WHERE used < ? ORDER BY used LIMIT 1) RETURNING id`, before).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", usererr.Errorf("store", "evicting a %s: %w", what, err)
	}
	return id, nil
}
