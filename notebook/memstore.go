package notebook

import (
	"bytes"
	"container/list"
	"context"
	"fmt"
	"sync"
	"time"

	"stepviz/internal/usererr"
)

// MemStore is a Store that keeps notebooks in memory, as their .ipynb
// encoding, until the process ends (Policy().Durable is false). It keeps
// the rules of Store; eviction records are kept for the newest
// 4×MaxDocs evictions. Create, Update and Get cost O(notebook size) to
// encode or decode, plus O(evicted) when they evict.
type MemStore struct {
	lim Limits
	now func() time.Time

	mu      sync.Mutex
	docs    map[string]*memDoc
	lru     *list.List // of *memDoc, least recently used at the front
	owners  map[string]*ownerUse
	bytes   int64
	evicted map[string]*EvictedError
	evOrder []string // evicted ids, oldest first
}

type memDoc struct {
	id, owner, keyHash string
	ipynb              []byte
	used               time.Time
	elem               *list.Element
}

type ownerUse struct {
	docs  int
	bytes int64
}

var _ Store = (*MemStore)(nil)

// NewMemStore returns an empty MemStore bounded by lim (zero fields take
// their defaults). now is the clock (nil: time.Now).
func NewMemStore(lim Limits, now func() time.Time) *MemStore {
	if now == nil {
		now = time.Now
	}
	return &MemStore{
		lim: lim.WithDefaults(), now: now,
		docs: map[string]*memDoc{}, lru: list.New(), owners: map[string]*ownerUse{},
		evicted: map[string]*EvictedError{},
	}
}

// Policy: not durable.
func (s *MemStore) Policy() Policy { return Policy{Durable: false, Limits: s.lim} }

// encode is doc's .ipynb encoding, refused over MaxDocBytes.
func encode(doc *Doc, lim Limits) ([]byte, error) {
	var b bytes.Buffer
	if err := WriteIpynb(&b, doc); err != nil {
		return nil, usererr.Errorf("notebook", "encoding the notebook: %w", err)
	}
	if int64(b.Len()) > lim.MaxDocBytes {
		return nil, &QuotaError{Msg: fmt.Sprintf("the notebook is %s, over the %s a saved notebook may have: clear big outputs (Restart clears them) or download it instead",
			Size(int64(b.Len())), Size(lim.MaxDocBytes))}
	}
	return b.Bytes(), nil
}

// Create saves doc as a new notebook of owner.
func (s *MemStore) Create(ctx context.Context, owner string, doc *Doc) (Saved, error) {
	data, err := encode(doc, s.lim)
	if err != nil {
		return Saved{}, err
	}
	if err := ctx.Err(); err != nil {
		return Saved{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	size := int64(len(data))
	ou := s.owners[owner]
	if ou == nil {
		ou = &ownerUse{}
	}
	if ou.docs+1 > s.lim.MaxOwnerDocs {
		return Saved{}, &QuotaError{Msg: fmt.Sprintf("this computer has saved %d notebooks here, the most the server keeps for one: download the .ipynb instead, or save over one of yours", ou.docs)}
	}
	if ou.bytes+size > s.lim.MaxOwnerBytes {
		return Saved{}, &QuotaError{Msg: fmt.Sprintf("this computer's saved notebooks would take over %s, the most the server keeps for one: download the .ipynb instead", Size(s.lim.MaxOwnerBytes))}
	}
	if err := s.makeRoom(1, size, nil); err != nil {
		return Saved{}, err
	}
	key := NewKey()
	id := NewID()
	for s.docs[id] != nil || s.evicted[id] != nil {
		id = NewID()
	}
	d := &memDoc{id: id, owner: owner, keyHash: KeyHash(key), ipynb: data, used: s.now()}
	d.elem = s.lru.PushBack(d)
	s.docs[id] = d
	s.owners[owner] = ou
	ou.docs++
	ou.bytes += size
	s.bytes += size
	return Saved{ID: id, Key: key}, nil
}

// Update replaces notebook id when key is its write key.
func (s *MemStore) Update(ctx context.Context, id, key string, doc *Doc) (Saved, error) {
	if !ValidID(id) {
		return Saved{}, ErrNotFound
	}
	data, err := encode(doc, s.lim)
	if err != nil {
		return Saved{}, err
	}
	if err := ctx.Err(); err != nil {
		return Saved{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[id]
	if d == nil {
		if ev := s.evicted[id]; ev != nil {
			return Saved{}, ev
		}
		return Saved{}, ErrNotFound
	}
	if !KeyMatches(key, d.keyHash) {
		return Saved{}, ErrWrongKey
	}
	grow := int64(len(data)) - int64(len(d.ipynb))
	ou := s.owners[d.owner]
	if grow > 0 && ou.bytes+grow > s.lim.MaxOwnerBytes {
		return Saved{}, &QuotaError{Msg: fmt.Sprintf("this computer's saved notebooks would take over %s, the most the server keeps for one: download the .ipynb instead", Size(s.lim.MaxOwnerBytes))}
	}
	if grow > 0 {
		if err := s.makeRoom(0, grow, d); err != nil {
			return Saved{}, err
		}
	}
	d.ipynb = data
	d.used = s.now()
	s.lru.MoveToBack(d.elem)
	ou.bytes += grow
	s.bytes += grow
	return Saved{ID: id}, nil
}

// Get returns notebook id and marks it used.
func (s *MemStore) Get(ctx context.Context, id string) (*Doc, error) {
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	s.mu.Lock()
	d := s.docs[id]
	if d == nil {
		ev := s.evicted[id]
		s.mu.Unlock()
		if ev != nil {
			return nil, ev
		}
		return nil, ErrNotFound
	}
	d.used = s.now()
	s.lru.MoveToBack(d.elem)
	data := d.ipynb // never modified in place: Update replaces the slice
	s.mu.Unlock()
	return ReadIpynb(bytes.NewReader(data))
}

// makeRoom evicts idle notebooks, least recently used first, until docs
// more notebooks and size more bytes fit; keep is never evicted. It
// evicts nothing when that would not be enough. Called with s.mu held.
func (s *MemStore) makeRoom(docs int, size int64, keep *memDoc) error {
	needDocs := len(s.docs) + docs - s.lim.MaxDocs
	needBytes := s.bytes + size - s.lim.MaxBytes
	if needDocs <= 0 && needBytes <= 0 {
		return nil
	}
	cutoff := s.now().Add(-s.lim.IdleEvict)
	var victims []*memDoc
	freedDocs, freedBytes := 0, int64(0)
	for e := s.lru.Front(); e != nil && (freedDocs < needDocs || freedBytes < needBytes); e = e.Next() {
		d := e.Value.(*memDoc)
		if !d.used.Before(cutoff) {
			break // the rest were used more recently still
		}
		if d == keep {
			continue
		}
		victims = append(victims, d)
		freedDocs++
		freedBytes += int64(len(d.ipynb))
	}
	if freedDocs < needDocs || freedBytes < needBytes {
		return &QuotaError{Msg: fmt.Sprintf("the server is full (it keeps %d notebooks, %s in all, and removes only those not opened for %v): download the .ipynb instead",
			s.lim.MaxDocs, Size(s.lim.MaxBytes), s.lim.IdleEvict)}
	}
	at := s.now()
	for _, d := range victims {
		s.remove(d)
		s.recordEviction(&EvictedError{ID: d.id, At: at,
			Reason: fmt.Sprintf("the server was full and it had not been opened for %v", s.lim.IdleEvict)})
	}
	return nil
}

func (s *MemStore) remove(d *memDoc) {
	s.lru.Remove(d.elem)
	delete(s.docs, d.id)
	ou := s.owners[d.owner]
	ou.docs--
	ou.bytes -= int64(len(d.ipynb))
	if ou.docs == 0 {
		delete(s.owners, d.owner)
	}
	s.bytes -= int64(len(d.ipynb))
}

// recordEviction keeps ev for Get and Update, dropping the oldest record
// beyond 4×MaxDocs.
func (s *MemStore) recordEviction(ev *EvictedError) {
	s.evicted[ev.ID] = ev
	s.evOrder = append(s.evOrder, ev.ID)
	for len(s.evOrder) > 4*s.lim.MaxDocs {
		delete(s.evicted, s.evOrder[0])
		s.evOrder = s.evOrder[1:]
	}
}
