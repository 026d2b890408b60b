package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
)

// ErrNotOwner is returned (wrapped) when a notebook is saved over with a
// write key other than its owner's.
var ErrNotOwner = errors.New("the write key is not this notebook's")

// Notebook is a saved notebook: its .ipynb bytes and its owner.
type Notebook struct {
	ID        string
	OwnerHash []byte // HashKey of the owner's write key
	Data      []byte
	Created   int64
	Updated   int64
}

// PutNotebook saves a notebook: a new id is created with ownerHash as its
// owner; an existing one is replaced only if ownerHash is its owner's.
// One transaction.
func (s *DB) PutNotebook(ctx context.Context, id string, ownerHash, data []byte) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: saving notebook %s: %w", id, err)
	}
	defer func() { _ = tx.Rollback() }()
	var have []byte
	err = tx.QueryRowContext(ctx, `SELECT owner_hash FROM notebooks WHERE id = ?`, id).Scan(&have)
	t := now()
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = tx.ExecContext(ctx, `INSERT INTO notebooks (id, owner_hash, data, created, updated) VALUES (?, ?, ?, ?, ?)`, id, ownerHash, data, t, t)
	case err != nil:
	case subtle.ConstantTimeCompare(have, ownerHash) != 1:
		return fmt.Errorf("store: notebook %s: %w", id, ErrNotOwner)
	default:
		_, err = tx.ExecContext(ctx, `UPDATE notebooks SET data = ?, updated = ? WHERE id = ?`, data, t, id)
	}
	if err != nil {
		return fmt.Errorf("store: saving notebook %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: saving notebook %s: %w", id, err)
	}
	return nil
}

// Notebook returns a saved notebook.
func (s *DB) Notebook(ctx context.Context, id string) (Notebook, error) {
	var nb Notebook
	err := s.db.QueryRowContext(ctx, `SELECT id, owner_hash, data, created, updated FROM notebooks WHERE id = ?`, id).
		Scan(&nb.ID, &nb.OwnerHash, &nb.Data, &nb.Created, &nb.Updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nb, fmt.Errorf("store: notebook %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nb, fmt.Errorf("store: reading notebook %s: %w", id, err)
	}
	return nb, nil
}

// NotebookUsage returns how many notebooks are saved and their total bytes,
// overall and for one owner, for quotas. Cost: O(notebooks).
func (s *DB) NotebookUsage(ctx context.Context, ownerHash []byte) (count, bytes, ownerCount, ownerBytes int64, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(length(data)), 0),
		coalesce(sum(owner_hash = ?), 0), coalesce(sum(CASE WHEN owner_hash = ? THEN length(data) ELSE 0 END), 0) FROM notebooks`,
		ownerHash, ownerHash).Scan(&count, &bytes, &ownerCount, &ownerBytes)
	if err != nil {
		err = fmt.Errorf("store: measuring saved notebooks: %w", err)
	}
	return
}

// DeleteNotebook removes a saved notebook (eviction).
func (s *DB) DeleteNotebook(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM notebooks WHERE id = ?`, id); err != nil {
		return fmt.Errorf("store: deleting notebook %s: %w", id, err)
	}
	return nil
}
