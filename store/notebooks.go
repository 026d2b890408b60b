package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"stepviz/internal/usererr"
	"stepviz/ipynb"
)

// Notebooks is ipynb.Store on the database: saved notebooks survive a
// restart (Policy().Durable). It keeps every rule of ipynb.Store
// (notebook/storetest checks them). Create and Update are one transaction
// each and cost O(notebook size) plus O(notebooks) for the quota sums and
// the eviction scan; Get costs O(notebook size).
//
// Reads never write: Get only reads, and notes the use in memory (uses);
// the next save of any notebook writes the noted uses, in its own
// transaction, into the small table notebook_used, never into the
// notebook's own row. So a download costs no disk write and works on a
// full or read-only disk, and a restart forgets at most the uses since
// the last save (those notebooks then look idle a little sooner).
type Notebooks struct {
	db  *DB
	lim ipynb.Limits
	now func() time.Time

	mu sync.Mutex
	// uses maps a notebook read since the last save to when it was read
	// (unix ns); at most one entry per notebook (MaxDocs, plus evicted
	// ones until the next save).
	uses map[string]int64
}

var _ ipynb.Store = (*Notebooks)(nil)

// Notebooks returns the database's notebook store bounded by lim (zero
// fields take their defaults); now is the clock (nil: time.Now).
func (s *DB) Notebooks(lim ipynb.Limits, now func() time.Time) *Notebooks {
	if now == nil {
		now = time.Now
	}
	return &Notebooks{db: s, lim: lim.WithDefaults(), now: now, uses: map[string]int64{}}
}

// Policy: durable, with the store's limits.
func (n *Notebooks) Policy() ipynb.Policy {
	return ipynb.Policy{Durable: true, Limits: n.lim}
}

func (n *Notebooks) encode(doc *ipynb.Doc) ([]byte, error) {
	var b bytes.Buffer
	if err := ipynb.Write(&b, doc); err != nil {
		return nil, usererr.Errorf("store", "encoding the notebook: %w", err)
	}
	if int64(b.Len()) > n.lim.MaxDocBytes {
		return nil, &ipynb.QuotaError{Msg: fmt.Sprintf("the notebook is %s, over the %s a saved notebook may have: clear big outputs (Restart clears them) or download it instead",
			ipynb.Size(int64(b.Len())), ipynb.Size(n.lim.MaxDocBytes))}
	}
	return b.Bytes(), nil
}

func (n *Notebooks) ownerFull() error {
	return &ipynb.QuotaError{Msg: fmt.Sprintf("this computer's saved notebooks would take over %s, the most the server keeps for one: download the .ipynb instead", ipynb.Size(n.lim.MaxOwnerBytes))}
}

// Create saves doc as a new notebook of owner.
func (n *Notebooks) Create(ctx context.Context, owner string, doc *ipynb.Doc) (ipynb.Saved, error) {
	data, err := n.encode(doc)
	if err != nil {
		return ipynb.Saved{}, err
	}
	tx, err := n.db.db.BeginTx(ctx, nil)
	if err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving a notebook: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	forget, err := n.writeUses(ctx, tx)
	if err != nil {
		return ipynb.Saved{}, err
	}
	var docs int
	var size int64
	if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(length(ipynb)), 0) FROM notebooks WHERE owner = ?`, owner).Scan(&docs, &size); err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving a notebook: %w", err)
	}
	if docs+1 > n.lim.MaxOwnerDocs {
		return ipynb.Saved{}, &ipynb.QuotaError{Msg: fmt.Sprintf("this computer has saved %d notebooks here, the most the server keeps for one: download the .ipynb instead, or save over one of yours", docs)}
	}
	if size+int64(len(data)) > n.lim.MaxOwnerBytes {
		return ipynb.Saved{}, n.ownerFull()
	}
	if err := n.makeRoom(ctx, tx, 1, int64(len(data)), ""); err != nil {
		return ipynb.Saved{}, err
	}
	key := ipynb.NewKey()
	var id string
	for {
		id = ipynb.NewID()
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM notebooks WHERE id = ?) + (SELECT count(*) FROM notebook_evictions WHERE id = ?)`, id, id).Scan(&taken); err != nil {
			return ipynb.Saved{}, usererr.Errorf("store", "saving a notebook: %w", err)
		}
		if taken == 0 {
			break
		}
	}
	t := n.now().UnixNano()
	if _, err := tx.ExecContext(ctx, `INSERT INTO notebooks (id, owner, key_hash, ipynb, created, used) VALUES (?, ?, ?, ?, ?, ?)`,
		id, owner, ipynb.KeyHash(key), data, t, t); err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving a notebook: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving a notebook: %w", err)
	}
	forget()
	return ipynb.Saved{ID: id, Key: key}, nil
}

// evicted returns the eviction record of id, or nil.
func evicted(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, id string) (error, error) {
	var at int64
	var reason string
	err := q.QueryRowContext(ctx, `SELECT at, reason FROM notebook_evictions WHERE id = ?`, id).Scan(&at, &reason)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, usererr.Errorf("store", "reading notebook %s: %w", id, err)
	}
	return &ipynb.EvictedError{ID: id, At: time.Unix(0, at), Reason: reason}, nil
}

// Update replaces notebook id when key is its write key.
func (n *Notebooks) Update(ctx context.Context, id, key string, doc *ipynb.Doc) (ipynb.Saved, error) {
	if !ipynb.ValidID(id) {
		return ipynb.Saved{}, ipynb.ErrNotFound
	}
	data, err := n.encode(doc)
	if err != nil {
		return ipynb.Saved{}, err
	}
	tx, err := n.db.db.BeginTx(ctx, nil)
	if err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving notebook %s: %w", id, err)
	}
	defer func() { _ = tx.Rollback() }()
	forget, err := n.writeUses(ctx, tx)
	if err != nil {
		return ipynb.Saved{}, err
	}
	var owner, keyHash string
	var old int64
	err = tx.QueryRowContext(ctx, `SELECT owner, key_hash, length(ipynb) FROM notebooks WHERE id = ?`, id).Scan(&owner, &keyHash, &old)
	if errors.Is(err, sql.ErrNoRows) {
		ev, err := evicted(ctx, tx, id)
		if err != nil {
			return ipynb.Saved{}, err
		}
		if ev != nil {
			return ipynb.Saved{}, ev
		}
		return ipynb.Saved{}, ipynb.ErrNotFound
	}
	if err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving notebook %s: %w", id, err)
	}
	if !ipynb.KeyMatches(key, keyHash) {
		return ipynb.Saved{}, ipynb.ErrWrongKey
	}
	if grow := int64(len(data)) - old; grow > 0 {
		var ownerBytes int64
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(sum(length(ipynb)), 0) FROM notebooks WHERE owner = ?`, owner).Scan(&ownerBytes); err != nil {
			return ipynb.Saved{}, usererr.Errorf("store", "saving notebook %s: %w", id, err)
		}
		if ownerBytes+grow > n.lim.MaxOwnerBytes {
			return ipynb.Saved{}, n.ownerFull()
		}
		if err := n.makeRoom(ctx, tx, 0, grow, id); err != nil {
			return ipynb.Saved{}, err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE notebooks SET ipynb = ?, used = ? WHERE id = ?`, data, n.now().UnixNano(), id); err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving notebook %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return ipynb.Saved{}, usererr.Errorf("store", "saving notebook %s: %w", id, err)
	}
	forget()
	return ipynb.Saved{ID: id}, nil
}

// Get returns notebook id and notes it used (in memory: it writes
// nothing).
func (n *Notebooks) Get(ctx context.Context, id string) (*ipynb.Doc, error) {
	if !ipynb.ValidID(id) {
		return nil, ipynb.ErrNotFound
	}
	var data []byte
	err := n.db.db.QueryRowContext(ctx, `SELECT ipynb FROM notebooks WHERE id = ?`, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		ev, err := evicted(ctx, n.db.db, id)
		if err != nil {
			return nil, err
		}
		if ev != nil {
			return nil, ev
		}
		return nil, ipynb.ErrNotFound
	}
	if err != nil {
		return nil, usererr.Errorf("store", "reading notebook %s: %w", id, err)
	}
	n.mu.Lock()
	n.uses[id] = n.now().UnixNano()
	n.mu.Unlock()
	return ipynb.Read(bytes.NewReader(data))
}

// writeUses writes the uses noted since the last save into
// notebook_used, in tx; after tx commits, call the returned func to
// forget them. Cost: O(notebooks read since the last save).
func (n *Notebooks) writeUses(ctx context.Context, tx *sql.Tx) (func(), error) {
	n.mu.Lock()
	snap := make(map[string]int64, len(n.uses))
	for id, t := range n.uses {
		snap[id] = t
	}
	n.mu.Unlock()
	for id, t := range snap {
		if _, err := tx.ExecContext(ctx, `INSERT INTO notebook_used (id, used) SELECT id, ? FROM notebooks WHERE id = ?
			ON CONFLICT (id) DO UPDATE SET used = max(used, excluded.used)`, t, id); err != nil {
			return nil, usererr.Errorf("store", "noting when notebooks were read: %w", err)
		}
	}
	return func() {
		n.mu.Lock()
		for id, t := range snap {
			if n.uses[id] == t {
				delete(n.uses, id)
			}
		}
		n.mu.Unlock()
	}, nil
}

// lastUse is the SQL of a notebook's last use (n.used: its last save;
// u.used: its last read written by writeUses), over notebooks n LEFT JOIN
// notebook_used u.
const lastUse = `max(n.used, coalesce(u.used, 0))`

// noted is when id was read since the last save (0: not read).
func (n *Notebooks) noted(id string) int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.uses[id]
}

// makeRoom evicts notebooks unused for IdleEvict, least recently used
// first (never keep), until docs more notebooks and size more bytes fit,
// leaving a record of each; it evicts nothing when that would not be
// enough.
func (n *Notebooks) makeRoom(ctx context.Context, tx *sql.Tx, docs int, size int64, keep string) error {
	var count int
	var total int64
	if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(length(ipynb)), 0) FROM notebooks`).Scan(&count, &total); err != nil {
		return usererr.Errorf("store", "measuring saved notebooks: %w", err)
	}
	needDocs, needBytes := count+docs-n.lim.MaxDocs, total+size-n.lim.MaxBytes
	if needDocs <= 0 && needBytes <= 0 {
		return nil
	}
	full := &ipynb.QuotaError{Msg: fmt.Sprintf("the server is full (it keeps %d notebooks, %s in all, and removes only those not opened for %v): download the .ipynb instead",
		n.lim.MaxDocs, ipynb.Size(n.lim.MaxBytes), n.lim.IdleEvict)}
	cutoff := n.now().Add(-n.lim.IdleEvict).UnixNano()
	rows, err := tx.QueryContext(ctx, `SELECT n.id, length(n.ipynb) FROM notebooks n LEFT JOIN notebook_used u ON u.id = n.id
		WHERE `+lastUse+` < ? AND n.id != ? ORDER BY `+lastUse, cutoff, keep)
	if err != nil {
		return usererr.Errorf("store", "making room for a notebook: %w", err)
	}
	var victims []string
	freedDocs, freedBytes := 0, int64(0)
	for rows.Next() && (freedDocs < needDocs || freedBytes < needBytes) {
		var id string
		var sz int64
		if err := rows.Scan(&id, &sz); err != nil {
			rows.Close()
			return usererr.Errorf("store", "making room for a notebook: %w", err)
		}
		if n.noted(id) >= cutoff {
			continue // read since the last save
		}
		victims = append(victims, id)
		freedDocs++
		freedBytes += sz
	}
	rows.Close()
	if freedDocs < needDocs || freedBytes < needBytes {
		return full
	}
	at := n.now().UnixNano()
	reason := fmt.Sprintf("the server was full and it had not been opened for %v", n.lim.IdleEvict)
	for _, id := range victims {
		if _, err := tx.ExecContext(ctx, `DELETE FROM notebooks WHERE id = ?`, id); err != nil {
			return usererr.Errorf("store", "evicting notebook %s: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM notebook_used WHERE id = ?`, id); err != nil {
			return usererr.Errorf("store", "evicting notebook %s: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO notebook_evictions (id, at, reason) VALUES (?, ?, ?)`, id, at, reason); err != nil {
			return usererr.Errorf("store", "evicting notebook %s: %w", id, err)
		}
	}
	// Keep the newest 4×MaxDocs eviction records, as MemStore does.
	if _, err := tx.ExecContext(ctx, `DELETE FROM notebook_evictions WHERE seq <= (SELECT max(seq) FROM notebook_evictions) - ?`, 4*n.lim.MaxDocs); err != nil {
		return usererr.Errorf("store", "trimming eviction records: %w", err)
	}
	return nil
}
