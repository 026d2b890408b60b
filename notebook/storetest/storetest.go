// Package storetest checks that a notebook.Store keeps the rules its
// documentation states: write keys, quotas, and eviction only of idle
// notebooks, with a record. Every implementation runs Run in its tests.
package storetest

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"stepviz/notebook"
)

// Clock is a settable clock for a store under test.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// NewStore makes an empty store bounded by lim, reading the time from now.
type NewStore func(t *testing.T, lim notebook.Limits, now func() time.Time) notebook.Store

func doc(title string, size int) *notebook.Doc {
	return &notebook.Doc{Title: title, Cells: []notebook.Cell{{Kind: "code", Source: strings.Repeat("x", size)}}}
}

// Run runs the conformance tests on stores made by newStore.
func Run(t *testing.T, newStore NewStore) {
	ctx := context.Background()
	newS := func(t *testing.T, lim notebook.Limits) (notebook.Store, *Clock) {
		t.Helper()
		c := &Clock{t: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)}
		return newStore(t, lim, c.Now), c
	}
	create := func(t *testing.T, s notebook.Store, owner string, d *notebook.Doc) notebook.Saved {
		t.Helper()
		sv, err := s.Create(ctx, owner, d)
		if err != nil {
			t.Fatalf("Create(%s): %v", owner, err)
		}
		if !notebook.ValidID(sv.ID) || len(sv.Key) != 32 {
			t.Fatalf("Create: id %q key %q", sv.ID, sv.Key)
		}
		return sv
	}
	title := func(t *testing.T, s notebook.Store, id string) string {
		t.Helper()
		d, err := s.Get(ctx, id)
		if err != nil {
			t.Fatalf("Get(%s): %v", id, err)
		}
		return d.Title
	}
	quota := func(t *testing.T, err error, want string) {
		t.Helper()
		var q *notebook.QuotaError
		if !errors.As(err, &q) || !strings.Contains(err.Error(), want) {
			t.Fatalf("got %v, want a QuotaError saying %q", err, want)
		}
	}

	t.Run("WriteKey", func(t *testing.T) {
		s, _ := newS(t, notebook.Limits{})
		sv := create(t, s, "10.0.0.1", doc("v1", 10))
		for _, key := range []string{"", "x", strings.Repeat("0", 32), strings.ToUpper(sv.Key), sv.Key + "0"} {
			if _, err := s.Update(ctx, sv.ID, key, doc("evil", 1)); !errors.Is(err, notebook.ErrWrongKey) {
				t.Errorf("Update with key %q: %v, want ErrWrongKey", key, err)
			}
		}
		if got := title(t, s, sv.ID); got != "v1" {
			t.Fatalf("after refused updates the title is %q", got)
		}
		if _, err := s.Update(ctx, sv.ID, sv.Key, doc("v2", 10)); err != nil {
			t.Fatalf("Update with the key: %v", err)
		}
		if got := title(t, s, sv.ID); got != "v2" {
			t.Fatalf("after the update the title is %q", got)
		}
		for _, id := range []string{"0123456789abcdef", "../../etc/passwd", ""} {
			if _, err := s.Get(ctx, id); !errors.Is(err, notebook.ErrNotFound) {
				t.Errorf("Get(%q): %v, want ErrNotFound", id, err)
			}
			if _, err := s.Update(ctx, id, sv.Key, doc("x", 1)); !errors.Is(err, notebook.ErrNotFound) {
				t.Errorf("Update(%q): %v, want ErrNotFound", id, err)
			}
		}
	})

	t.Run("Quotas", func(t *testing.T) {
		s, _ := newS(t, notebook.Limits{MaxDocs: 5, MaxOwnerDocs: 2, MaxDocBytes: 4000, MaxOwnerBytes: 4000, MaxBytes: 10400})
		// a notebook of one cell of n bytes encodes to about n+520 bytes
		quota(t, errOf(s.Create(ctx, "a", doc("big", 5000))), "over the 3.9 KB a saved notebook may have")
		a1 := create(t, s, "a", doc("a1", 2500))
		create(t, s, "a", doc("a2", 100))
		quota(t, errOf(s.Create(ctx, "a", doc("a3", 10))), "2 notebooks")
		quota(t, errOf(s.Update(ctx, a1.ID, a1.Key, doc("a1", 3400))), "computer's saved notebooks would take over 3.9 KB")
		if got := title(t, s, a1.ID); got != "a1" {
			t.Fatalf("a refused update changed the notebook: %q", got)
		}
		create(t, s, "b", doc("b1", 2500))
		create(t, s, "c", doc("c1", 2500))
		// 3 notebooks of ~3 KB + 1 small: another 3 KB goes over 10400 bytes,
		// and nothing is idle, so nothing is evicted.
		quota(t, errOf(s.Create(ctx, "d", doc("d1", 2500))), "server is full")
		create(t, s, "d", doc("d1", 100))
		quota(t, errOf(s.Create(ctx, "e", doc("e1", 10))), "server is full") // 5 notebooks
	})

	t.Run("EvictsOnlyIdleAndSaysSo", func(t *testing.T) {
		s, clk := newS(t, notebook.Limits{MaxDocs: 3, IdleEvict: time.Hour})
		old := create(t, s, "a", doc("old", 10))
		clk.Advance(10 * time.Minute)
		used := create(t, s, "b", doc("used", 10))
		clk.Advance(10 * time.Minute)
		fresh := create(t, s, "c", doc("fresh", 10))
		clk.Advance(time.Hour)
		title(t, s, used.ID) // opening it makes it used
		n4 := create(t, s, "d", doc("n4", 10))
		var ev *notebook.EvictedError
		if _, err := s.Get(ctx, old.ID); !errors.As(err, &ev) || ev.ID != old.ID || !strings.Contains(err.Error(), "removed") {
			t.Fatalf("Get of the evicted notebook: %v, want an EvictedError", err)
		}
		if _, err := s.Update(ctx, old.ID, old.Key, doc("x", 1)); !errors.As(err, &ev) {
			t.Fatalf("Update of the evicted notebook: %v, want an EvictedError", err)
		}
		title(t, s, used.ID)
		title(t, s, n4.ID)
		// fresh is idle after one more minute (61 min), used and n4 are not:
		// one more notebook evicts fresh only.
		clk.Advance(time.Minute)
		create(t, s, "e", doc("n5", 10))
		if _, err := s.Get(ctx, fresh.ID); !errors.As(err, &ev) {
			t.Fatalf("Get(fresh): %v, want an EvictedError", err)
		}
		quota(t, errOf(s.Create(ctx, "f", doc("n6", 10))), "server is full")
		title(t, s, used.ID)
		title(t, s, n4.ID)
	})

	t.Run("Concurrent", func(t *testing.T) {
		s, _ := newS(t, notebook.Limits{MaxDocs: 1000, MaxOwnerDocs: 1000})
		sv := create(t, s, "a", doc("shared", 10))
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 20 {
					if _, err := s.Create(ctx, "o", doc("c", i)); err != nil {
						t.Error(err)
						return
					}
					if _, err := s.Update(ctx, sv.ID, sv.Key, doc("shared", i)); err != nil {
						t.Error(err)
						return
					}
					if _, err := s.Get(ctx, sv.ID); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
	})

	t.Run("Canceled", func(t *testing.T) {
		s, _ := newS(t, notebook.Limits{})
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.Create(cctx, "a", doc("x", 1)); err == nil {
			t.Fatalf("Create with a canceled context succeeded")
		}
	})
}

func errOf(_ any, err error) error { return err }
