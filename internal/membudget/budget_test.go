package membudget

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestReserve(t *testing.T) {
	b := New(100 << 20)
	check := func(t *testing.T, want int64) {
		t.Helper()
		if got := b.Used(); got != want {
			t.Fatalf("used %d, want %d", got, want)
		}
	}
	s, err := b.Reserve("sessions", 60<<20)
	if err != nil {
		t.Fatal(err)
	}
	check(t, 60<<20)
	_, err = b.Reserve("notebook searches", 50<<20)
	var full *FullError
	if !errors.As(err, &full) || !strings.Contains(err.Error(), "sessions 60 MB") || !strings.Contains(err.Error(), "50 MB") {
		t.Fatalf("over the budget: %v", err)
	}
	check(t, 60<<20)
	n, err := b.ReserveUpTo("notebook searches", 10<<20, 50<<20)
	if err != nil || n.Bytes() != 40<<20 {
		t.Fatalf("up to: %v %v", n, err)
	}
	check(t, 100<<20)
	s.Release()
	s.Release() // a second release does nothing
	check(t, 40<<20)
	n.Release()
	check(t, 0)
	if len(b.Usage()) != 0 {
		t.Errorf("usage %v after every release", b.Usage())
	}
	var none *Budget
	if r, err := none.ReserveUpTo("x", 1, 5); err != nil || r.Bytes() != 5 {
		t.Errorf("nil budget: %v %v", r, err)
	}
}

// TestReserveConcurrent: reservations racing never take more than the
// ceiling.
func TestReserveConcurrent(t *testing.T) {
	b := New(1000)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var held []*Reservation
	for range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r, err := b.Reserve("x", 100); err == nil {
				mu.Lock()
				held = append(held, r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(held) != 10 || b.Used() != 1000 {
		t.Errorf("%d reservations of 100 hold %d of 1000", len(held), b.Used())
	}
}
