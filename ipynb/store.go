package ipynb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"stepviz/internal/usererr"
)

// Store keeps saved notebooks for the web notebook's handler, which depends
// on this interface only: notebook.MemStore keeps notebooks in memory until
// the process ends, and package store keeps them in SQLite.
//
// Rules every implementation keeps (notebook/storetest checks them; the
// notebook package keeps them in memory, package store in SQLite):
//   - A notebook has an owner (the address of the client that created it)
//     and a write key, a secret made at Create and returned only then.
//     Update with any other key fails with ErrWrongKey and changes nothing.
//   - A notebook's size is the length of its .ipynb encoding (Write).
//     Create and Update refuse with a *QuotaError, and change nothing, a
//     notebook over Limits.MaxDocBytes, an owner over MaxOwnerDocs or
//     MaxOwnerBytes, and a store over MaxDocs or MaxBytes that eviction
//     cannot bring back under.
//   - Eviction removes only notebooks not used (read with Get or written)
//     for Limits.IdleEvict, least recently used first, and only to make
//     room. An evicted notebook leaves a record: Get and Update on it fail
//     with an *EvictedError saying when and why, never a plain "not found".
//
// Every method is safe for concurrent use and honours ctx where it waits.
type Store interface {
	// Create saves doc as a new notebook owned by owner and returns its id
	// and write key.
	Create(ctx context.Context, owner string, doc *Doc) (Saved, error)
	// Update replaces notebook id with doc when key is its write key.
	// The returned Saved has an empty Key.
	Update(ctx context.Context, id, key string, doc *Doc) (Saved, error)
	// Get returns notebook id and marks it used. Errors: ErrNotFound,
	// *EvictedError.
	Get(ctx context.Context, id string) (*Doc, error)
	// Policy says what the store keeps and for how long, for the page.
	Policy() Policy
}

// Saved is what Create and Update return.
type Saved struct {
	ID  string // 16 hex digits
	Key string // the write key, set by Create only: 32 hex digits
}

// Policy describes a store to its users.
type Policy struct {
	// Durable is true when saved notebooks survive a restart of the server.
	Durable bool
	Limits  Limits
}

// Kept says for how long the store keeps a saved notebook, for the page.
func (p Policy) Kept() string {
	l := p.Limits
	where := "on this server until it restarts"
	if p.Durable {
		where = "on this server"
	}
	return fmt.Sprintf("saved %s; when it is full (%d notebooks, %s), a notebook not opened for %v may be removed: download the .ipynb to keep your own copy",
		where, l.MaxDocs, Size(l.MaxBytes), l.IdleEvict)
}

// Size writes a byte count for people: "512 B", "3.9 KB", "16 MB".
func Size(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<10))) + " KB"
	default:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MB"
	}
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

// Limits bounds a store. The zero value of a field means its default.
type Limits struct {
	MaxDocs       int           // notebooks in all (default 500)
	MaxBytes      int64         // bytes in all (default 256 MB)
	MaxDocBytes   int64         // bytes of one notebook (default 16 MB)
	MaxOwnerDocs  int           // notebooks of one owner (default 50)
	MaxOwnerBytes int64         // bytes of one owner's notebooks (default 64 MB)
	IdleEvict     time.Duration // unused this long, a notebook may be evicted to make room (default 24 h)
}

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	if l.MaxDocs <= 0 {
		l.MaxDocs = 500
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = 256 << 20
	}
	if l.MaxDocBytes <= 0 {
		l.MaxDocBytes = 16 << 20
	}
	if l.MaxOwnerDocs <= 0 {
		l.MaxOwnerDocs = 50
	}
	if l.MaxOwnerBytes <= 0 {
		l.MaxOwnerBytes = 64 << 20
	}
	if l.IdleEvict <= 0 {
		l.IdleEvict = 24 * time.Hour
	}
	return l
}

// ErrNotFound: no notebook was ever saved under the id (or its eviction
// record has itself been dropped).
var ErrNotFound = usererr.New("notebook", "no notebook is saved under this id")

// ErrWrongKey: Update was given a key that is not the notebook's write key.
var ErrWrongKey = usererr.New("notebook", "this notebook belongs to someone else (the write key sent is missing or wrong); save it without its id to make your own copy (the page does this when it holds no key)")

// EvictedError: the notebook was removed to make room for others.
type EvictedError struct {
	ID     string
	At     time.Time
	Reason string // e.g. "the server was full and it had not been opened for 24h0m0s"
}

func (e *EvictedError) Error() string { return "notebook: " + e.UserText() }

// UserText is the message in the user's words (usererr.Texter).
func (e *EvictedError) UserText() string {
	return fmt.Sprintf("notebook %s was removed at %s UTC: %s; open your downloaded .ipynb file instead",
		e.ID, e.At.UTC().Format("2006-01-02 15:04"), e.Reason)
}

// QuotaError: a save was refused because a limit would be exceeded.
type QuotaError struct {
	Msg string // what limit, in the user's words, and what to do
}

func (e *QuotaError) Error() string { return "notebook: " + e.UserText() }

// UserText is the message in the user's words (usererr.Texter).
func (e *QuotaError) UserText() string { return "not saved: " + e.Msg }

// ValidID reports whether id has the form of a notebook id: 16 lower-case
// hex digits.
func ValidID(id string) bool { return isLowerHex(id, 16) }

// isLowerHex reports whether s is exactly n lower-case hex digits.
func isLowerHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// NewID returns a random notebook id (64 bits).
func NewID() string { return randomHex(8) }

// NewKey returns a random write key (128 bits).
func NewKey() string { return randomHex(16) }

// KeyHash is what a store keeps of a write key: its SHA-256, in hex, so a
// copy of the store does not give the keys away.
func KeyHash(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// KeyMatches reports, in constant time, whether key hashes to hash. A key
// that is not 32 hex digits never matches.
func KeyMatches(key, hash string) bool {
	if !isLowerHex(key, 32) {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(KeyHash(key)), []byte(hash)) == 1
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}
