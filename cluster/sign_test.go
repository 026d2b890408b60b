package cluster

import (
	"errors"
	"testing"
	"time"
)

func TestSignerOpen(t *testing.T) {
	s := newSigner([]byte("a-cluster-secret-of-32-bytes-or-more"))
	other := newSigner([]byte("another-cluster-secret-of-32-bytes!!"))
	subj, now := EvtSubject("room1"), time.Now()
	good := s.seal(subj, []byte(`{"kind":"move"}`), now)
	flip := func(i int) []byte {
		b := append([]byte(nil), good...)
		b[i] ^= 1
		return b
	}
	for _, c := range []struct {
		name    string
		subject string
		msg     []byte
		ok      bool
	}{
		{"genuine", subj, good, true},
		{"unsigned JSON", subj, []byte(`{"kind":"move","step":2}`), false},
		{"another room's subject", EvtSubject("room2"), good, false},
		{"payload altered", subj, flip(len(good) - 2), false},
		{"time altered", subj, flip(3), false},
		{"nonce altered", subj, flip(12), false},
		{"mac altered", subj, flip(headerBytes - 1), false},
		{"another cluster's secret", subj, other.seal(subj, []byte(`{"kind":"move"}`), now), false},
		{"truncated", subj, good[:headerBytes-1], false},
		{"empty", subj, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, err := s.open(c.subject, c.msg)
			if (err == nil) != c.ok {
				t.Fatalf("open: %v; want ok=%v", err, c.ok)
			}
			if c.ok && string(e.payload) != `{"kind":"move"}` {
				t.Fatalf("payload %q", e.payload)
			}
		})
	}
}

func TestReplayGuard(t *testing.T) {
	s := newSigner([]byte("a-cluster-secret-of-32-bytes-or-more"))
	subj, t0 := EvtSubject("r"), time.Unix(1_800_000_000, 0)
	open := func(t *testing.T, msg []byte) sealed {
		t.Helper()
		e, err := s.open(subj, msg)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	a := open(t, s.seal(subj, []byte("a"), t0))
	b := open(t, s.seal(subj, []byte("b"), t0.Add(time.Second)))
	g := newReplayGuard()
	for _, c := range []struct {
		name   string
		e      sealed
		stored time.Time
		ok     bool
	}{
		{"first", a, t0.Add(time.Second), true},
		{"the same again at once", a, t0.Add(2 * time.Second), false},
		{"another", b, t0.Add(2 * time.Second), true},
		{"a copy stored much later", b, t0.Add(ReplayWindow + 2*time.Second), false},
		{"signed in the future", open(t, s.seal(subj, []byte("c"), t0.Add(time.Hour))), t0.Add(3 * time.Second), false},
		{"a copy after pruning", a, t0.Add(5 * ReplayWindow), false},
	} {
		if err := g.admit(c.e, c.stored); (err == nil) != c.ok {
			t.Errorf("%s: admit: %v; want ok=%v", c.name, err, c.ok)
		}
	}
}

func TestSignedRecord(t *testing.T) {
	s := newSigner([]byte("a-cluster-secret-of-32-bytes-or-more"))
	v := s.signRecord("room.abc", []byte(`{"id":"abc"}`))
	for _, c := range []struct {
		name, key string
		v         []byte
		ok        bool
	}{
		{"genuine", "room.abc", v, true},
		{"under another key", "room.xyz", v, false},
		{"unsigned", "room.abc", []byte(`{"id":"abc"}`), false},
		{"altered", "room.abc", append(append([]byte(nil), v[:len(v)-2]...), 'X', '}'), false},
	} {
		p, err := s.openRecord(c.key, c.v)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v; want ok=%v", c.name, err, c.ok)
		}
		if err != nil && !errors.Is(err, errUnsigned) {
			t.Errorf("%s: error %v does not wrap errUnsigned", c.name, err)
		}
		if c.ok && string(p) != `{"id":"abc"}` {
			t.Errorf("%s: payload %q", c.name, p)
		}
	}
}
