// Package membudget is one account of the memory a stepviz server's work
// holds: lecture sessions, notebook searches and checks, notebook saves.
// Each piece of work reserves an estimate of its bytes before it starts
// (its worst case: a search's node limit times the bytes a node takes) and
// releases it when it ends. A reservation that would take the total over
// the ceiling is refused with an error saying what was asked and what
// holds the rest, so the server refuses new work with a clear message
// instead of growing until the machine runs out.
//
// The ceiling bounds the work accounted, not the process: the Go runtime,
// pages, buffers and sockets come on top (docs/security.md gives the
// figures measured). Each per-kind estimate is a documented constant of the
// package that reserves it, checked by that package's benchmarks.
package membudget

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// DefaultLimit is the budget of `stepviz serve` unless -memory says
// otherwise: with the runtime and the pages on top, the server stays
// under 1 GB.
const DefaultLimit = 640 << 20

// Budget is a ceiling on the bytes reserved at once. Safe for concurrent
// use; every method is O(1) but Usage (O(kinds)).
type Budget struct {
	limit int64
	mu    sync.Mutex
	used  int64
	kinds map[string]int64
}

// New returns a budget of limit bytes (limit > 0).
func New(limit int64) *Budget {
	return &Budget{limit: limit, kinds: map[string]int64{}}
}

// Limit is the budget's ceiling in bytes.
func (b *Budget) Limit() int64 { return b.limit }

// Used is the bytes reserved now.
func (b *Budget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Free is the bytes not reserved now.
func (b *Budget) Free() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.limit - b.used
}

// Usage is the bytes reserved now by kind.
func (b *Budget) Usage() map[string]int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make(map[string]int64, len(b.kinds))
	for k, v := range b.kinds {
		out[k] = v
	}
	return out
}

// FullError is a refused reservation.
type FullError struct {
	// Kind is what asked ("a lecture session"), Want its bytes.
	Kind        string
	Want        int64
	Used, Limit int64
	// Holders says what holds the bytes in use, largest first.
	Holders string
}

func (e *FullError) Error() string {
	return fmt.Sprintf("the server is busy: %s needs %d MB of memory, and %d MB of the server's %d MB are in use (%s). Try again when some work has ended, or ask whoever runs the server to raise serve -memory",
		e.Kind, mb(e.Want), mb(e.Used), mb(e.Limit), e.Holders)
}

func mb(n int64) int64 { return (n + 1<<20 - 1) >> 20 }

// Reservation is bytes held of a budget until Release.
type Reservation struct {
	b    *Budget
	kind string
	n    int64
	once sync.Once
}

// Bytes is the bytes the reservation holds.
func (r *Reservation) Bytes() int64 { return r.n }

// Release gives the bytes back; calls after the first do nothing. A nil
// reservation (no budget) may be released.
func (r *Reservation) Release() {
	if r == nil || r.b == nil {
		return
	}
	r.once.Do(func() {
		r.b.mu.Lock()
		defer r.b.mu.Unlock()
		r.b.used -= r.n
		if r.b.kinds[r.kind] -= r.n; r.b.kinds[r.kind] == 0 {
			delete(r.b.kinds, r.kind)
		}
	})
}

// Reserve takes n bytes for kind, or returns a *FullError. A nil budget
// grants everything (no ceiling).
func (b *Budget) Reserve(kind string, n int64) (*Reservation, error) {
	return b.ReserveUpTo(kind, n, n)
}

// ReserveUpTo takes as much as is free between least and most bytes for
// kind, or returns a *FullError when less than least is free. A nil budget
// grants most.
func (b *Budget) ReserveUpTo(kind string, least, most int64) (*Reservation, error) {
	if b == nil {
		return &Reservation{n: most}, nil
	}
	least, most = max(least, 0), max(most, least, 0)
	b.mu.Lock()
	defer b.mu.Unlock()
	free := b.limit - b.used
	if free < least {
		return nil, &FullError{Kind: kind, Want: least, Used: b.used, Limit: b.limit, Holders: b.holdersLocked()}
	}
	n := min(most, free)
	b.used += n
	b.kinds[kind] += n
	return &Reservation{b: b, kind: kind, n: n}, nil
}

func (b *Budget) holdersLocked() string {
	type kv struct {
		k string
		v int64
	}
	var all []kv
	for k, v := range b.kinds {
		all = append(all, kv{k, v})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v || all[i].v == all[j].v && all[i].k < all[j].k })
	var parts []string
	for _, e := range all {
		parts = append(parts, fmt.Sprintf("%s %d MB", e.k, mb(e.v)))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}
