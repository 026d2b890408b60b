// Package store is stepviz's database: rooms, the searches each room has
// shown, presenter key hashes, class polls and their answers, and saved
// notebooks, in one SQLite file through the pure-Go driver
// modernc.org/sqlite (no cgo).
//
// Open applies the numbered migrations of schema.sql at start, each in a
// transaction, and puts the database in WAL mode, so readers never wait for
// the writer and a copy can be taken while serving (Backup, or
// `stepviz backup`). A file that is not a stepviz database, is damaged, was
// written by a newer stepviz, or cannot be written is an error at Open that
// says which and what to do: Open never silently starts a fresh database in
// place of one it cannot use.
//
// A *DB is safe for concurrent use. Every method is one short statement or
// transaction; their cost is stated where it is not O(1) rows.
package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"stepviz/internal/usererr"
)

//go:embed schema.sql
var schema string

// DB is an open stepviz database.
type DB struct {
	db   *sql.DB
	path string
	// lock holds the one-server lock (lock.go); nil for OpenExisting.
	lock *os.File
}

// migrationHeader starts each migration in schema.sql; compiled when a
// store is opened, not at start-up.
var migrationHeader = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^-- migration (\d+):.*$`) })

// migrations splits schema.sql into its numbered migrations, in order.
// Numbers start at 1 and increase by one; anything else is a programming
// error caught by the package's tests.
func migrations() ([]string, error) {
	locs := migrationHeader().FindAllStringSubmatchIndex(schema, -1)
	out := make([]string, 0, len(locs))
	for i, loc := range locs {
		n, _ := strconv.Atoi(schema[loc[2]:loc[3]])
		if n != i+1 {
			return nil, usererr.Errorf("store", "schema.sql: migration %d is numbered %d", i+1, n)
		}
		end := len(schema)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out = append(out, schema[loc[1]:end])
	}
	return out, nil
}

// SchemaVersion is the migration number this build of stepviz writes.
func SchemaVersion() int {
	m, _ := migrations()
	return len(m)
}

// Open opens the database at path for a server, creating it (and nothing
// else: not its directory) if it does not exist, and migrates it to
// SchemaVersion. It holds the one-server lock until Close: a database
// another server (or another Open) holds is refused in words that say so.
// The checks at start cost O(database size) (PRAGMA quick_check), a
// fraction of a second for a lecture's database.
func Open(path string) (*DB, error) {
	return open(path, true)
}

// OpenExisting opens a database that must already exist, without the
// one-server lock, for tools that work beside a running server (`stepviz
// backup`): a missing file is an error naming it, never a new empty
// database.
func OpenExisting(path string) (*DB, error) {
	if path == "" {
		return nil, usererr.New("store", "no database path: pass -db FILE")
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, usererr.Errorf("store", "there is no database %s: check the -db path (it is the file stepviz serve was started with)", path)
	}
	return open(path, false)
}

func open(path string, lock bool) (_ *DB, err error) {
	if path == "" {
		return nil, usererr.New("store", "no database path: pass -db FILE")
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return nil, usererr.Errorf("store", "%s is not a regular file: pass -db with the path of a database file", path)
	case err == nil:
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return nil, usererr.Errorf("store", "the database %s cannot be written (%v): make it writable (chmod u+w) or pass -db with a writable copy", path, unwrapPath(err))
		}
		_ = f.Close()
	case errors.Is(err, os.ErrNotExist):
		if _, derr := os.Stat(filepath.Dir(path)); derr != nil {
			return nil, usererr.Errorf("store", "cannot create the database %s: its directory does not exist (%v)", path, unwrapPath(derr))
		}
	default:
		return nil, usererr.Errorf("store", "cannot open the database %s: %v", path, err)
	}
	var lf *os.File
	if lock {
		if lf, err = lockFile(path); err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				lf.Close()
			}
		}()
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(5000)", "foreign_keys(1)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return nil, usererr.Errorf("store", "opening %s: %w", path, err)
	}
	// One connection: every write is serialised by database/sql instead of
	// meeting SQLITE_BUSY; statements are short, so readers wait little.
	db.SetMaxOpenConns(1)
	s := &DB{db: db, path: path, lock: lf}
	if err := s.check(); err != nil {
		_ = db.Close()
		return nil, err
	}
	if err := s.migrate(); err != nil {
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// check refuses a file that is not a healthy SQLite database, in words
// that say what to do about it.
func (s *DB) check() error {
	var res string
	err := s.db.QueryRow("PRAGMA quick_check").Scan(&res)
	if err == nil && res != "ok" {
		err = errors.New(res)
	}
	if err != nil {
		msg := err.Error()
		switch {
		case strings.Contains(msg, "not a database"), strings.Contains(msg, "malformed"), strings.Contains(msg, "corrupt"), res != "" && res != "ok":
			return usererr.Errorf("store", "%s is not a usable stepviz database (%s): restore it from a backup (stepviz backup) or pass -db with a new path; stepviz will not overwrite it", s.path, msg)
		case strings.Contains(msg, "readonly"), strings.Contains(msg, "read-only"), strings.Contains(msg, "unable to open"):
			return usererr.Errorf("store", "the database %s cannot be written (%s): make it and its directory writable or pass -db with a writable path", s.path, msg)
		}
		return usererr.Errorf("store", "opening %s: %w", s.path, err)
	}
	return nil
}

// wal puts the database in WAL mode (persistent in the file), once the file
// is known to be stepviz's.
func (s *DB) wal() error {
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode = WAL").Scan(&mode); err != nil {
		return s.writeErr("setting WAL mode on", err)
	}
	if mode != "wal" {
		return usererr.Errorf("store", "%s could not be put in WAL mode (journal_mode is %s): is its directory writable?", s.path, mode)
	}
	return nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction with the new user_version, so a crash leaves the database at
// one version or the next, never between.
func (s *DB) migrate() error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	var have int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&have); err != nil {
		return usererr.Errorf("store", "reading the schema version of %s: %w", s.path, err)
	}
	if have > len(ms) {
		return usererr.Errorf("store", "%s has schema version %d but this stepviz knows only up to %d: run a newer stepviz, or pass -db with another path", s.path, have, len(ms))
	}
	if have == 0 {
		// A version-0 file must be empty: SQLite's own new file, or one
		// this package created. Anything else is someone else's database.
		var n int
		if err := s.db.QueryRow("SELECT count(*) FROM sqlite_schema").Scan(&n); err != nil {
			return usererr.Errorf("store", "reading %s: %w", s.path, err)
		}
		if n > 0 {
			return usererr.Errorf("store", "%s is an SQLite database but not stepviz's (it has tables and no stepviz schema version): pass -db with another path", s.path)
		}
	}
	if err := s.wal(); err != nil {
		return err
	}
	for v := have + 1; v <= len(ms); v++ {
		tx, err := s.db.Begin()
		if err != nil {
			return s.writeErr("migrating", err)
		}
		if _, err := tx.Exec(ms[v-1]); err != nil {
			_ = tx.Rollback()
			return s.writeErr(fmt.Sprintf("applying migration %d", v), err)
		}
		if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
			_ = tx.Rollback()
			return s.writeErr(fmt.Sprintf("applying migration %d", v), err)
		}
		if err := tx.Commit(); err != nil {
			return s.writeErr(fmt.Sprintf("applying migration %d", v), err)
		}
	}
	// Prove the file takes writes now, not at the first step of a lecture.
	if _, err := s.db.Exec(fmt.Sprintf("PRAGMA user_version = %d", len(ms))); err != nil {
		return s.writeErr("writing", err)
	}
	return nil
}

func (s *DB) writeErr(what string, err error) error {
	if strings.Contains(err.Error(), "readonly") {
		return usererr.Errorf("store", "the database %s cannot be written (%v): make it and its directory writable or pass -db with a writable path", s.path, err)
	}
	return usererr.Errorf("store", "%s %s: %w", what, s.path, err)
}

// Path is the file the database was opened from.
func (s *DB) Path() string { return s.path }

// Close closes the database (the WAL is checkpointed into the main file),
// then releases the one-server lock.
func (s *DB) Close() error {
	err := s.db.Close()
	if s.lock != nil {
		s.lock.Close()
	}
	return err
}

// Backup writes a consistent copy of the database to dest (VACUUM INTO)
// while others keep reading and writing it. dest must not exist; it is
// made readable by its owner alone (0600), as the database is, since it
// holds the same presenter key hashes and notebooks. A failed backup
// leaves no dest behind. Cost: O(database size).
func (s *DB) Backup(ctx context.Context, dest string) error {
	// The empty file, made first, holds the name (O_EXCL) and its mode:
	// VACUUM INTO writes into an empty file and keeps its permissions.
	f, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	switch {
	case errors.Is(err, os.ErrExist):
		return usererr.Errorf("store", "%s already exists, and a backup never writes over a file; choose a new file name", dest)
	case err != nil:
		return usererr.Errorf("store", "cannot write the copy %s (%v): give -o a path in a folder you may write to", dest, unwrapPath(err))
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(dest)
		return usererr.Errorf("store", "cannot write the copy %s (%v)", dest, unwrapPath(err))
	}
	if _, err := s.db.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		_ = os.Remove(dest)
		return usererr.Errorf("store", "backing up %s to %s: %w", s.path, dest, err)
	}
	return nil
}

// HashKey is how a secret (presenter key, notebook write key) is stored:
// its sha256. The keys are 18 random bytes, so an unsalted hash is enough
// to make a stolen database useless for driving a room.
func HashKey(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

func now() int64 { return time.Now().Unix() }
