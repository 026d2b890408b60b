package server

import (
	"context"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	persist "stepviz/store"
)

// TestRoomCodeEntropy: a room's id carries at least 64 bits (uniform
// characters of the alphabet) and its short code is its first
// persist.ShortCodeLen characters.
func TestRoomCodeEntropy(t *testing.T) {
	if bits := float64(roomCodeLen) * math.Log2(float64(len(roomAlphabet))); bits < 64 {
		t.Fatalf("a room id carries %.1f bits; want at least 64", bits)
	}
	seen := map[string]bool{}
	counts := map[rune]int{}
	for range 2000 {
		c, err := newRoomCode()
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != roomCodeLen || strings.Trim(c, roomAlphabet) != "" || seen[c] {
			t.Fatalf("room code %q (len %d, repeated %v)", c, len(c), seen[c])
		}
		seen[c] = true
		for _, r := range c {
			counts[r]++
		}
	}
	// 28,000 characters over 31: about 903 each; modulo bias would put
	// 8 of them near 1,016.
	for r, n := range counts {
		if n < 780 || n > 1030 {
			t.Errorf("%q drawn %d times of 28000; want about 903", r, n)
		}
	}
}

// from sends a GET from the given client address straight to srv.
func from(t *testing.T, srv *Server, ts *httptest.Server, addr, path string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", ts.URL+path, nil)
	req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, ts.Listener.Addr()))
	req.RemoteAddr = addr + ":40000"
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	return w.Result()
}

// TestJoinByShortCode: /j/{short} leads to the room's link; the short
// code alone is not a link to the room.
func TestJoinByShortCode(t *testing.T) {
	srv, ts := roomServer(t, "")
	code, _ := createRoom(t, ts)
	short := persist.ShortCode(code)
	for _, c := range []struct {
		path     string
		status   int
		location string
	}{
		{"/j/" + short, http.StatusSeeOther, "/r/" + code},
		{"/r/" + short, http.StatusNotFound, ""},
		{"/j/" + code, http.StatusNotFound, ""},
	} {
		resp := from(t, srv, ts, "10.1.0.1", c.path)
		if resp.StatusCode != c.status || resp.Header.Get("Location") != c.location {
			t.Errorf("GET %s: %d to %q; want %d to %q", c.path, resp.StatusCode, resp.Header.Get("Location"), c.status, c.location)
		}
	}
	resp := from(t, srv, ts, "10.1.0.1", "/r/"+code)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /r/%s: %d", code, resp.StatusCode)
	}
}

// TestGuessesThrottled: one address gets guessBurst misses (wrong short
// codes, unknown room ids, wrong presenter keys alike), then 429 with
// Retry-After even for a right code, but not for the right presenter key;
// another address is not slowed.
func TestGuessesThrottled(t *testing.T) {
	srv, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	short := persist.ShortCode(code)
	guesser, other := "10.2.0.1", "10.2.0.2"
	misses := []string{"/j/zzzzzz", "/r/zzzzzzzzzzzzzz", "/r/" + code + "?key=guess"}
	for i := range guessBurst {
		p := misses[i%len(misses)]
		if resp := from(t, srv, ts, guesser, p); resp.StatusCode == http.StatusTooManyRequests {
			t.Fatalf("miss %d (%s) throttled; want %d misses allowed", i+1, p, guessBurst)
		}
	}
	for _, p := range append(misses, "/j/"+short) {
		resp := from(t, srv, ts, guesser, p)
		if resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("GET %s after %d misses: %d; want 429", p, guessBurst, resp.StatusCode)
		}
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || s < 1 || s > int(guessRefill.Seconds())+1 {
			t.Fatalf("Retry-After %q", resp.Header.Get("Retry-After"))
		}
	}
	// the lecturer behind the same address, with the right key, gets in
	if resp := from(t, srv, ts, guesser, "/r/"+code+"?key="+url.QueryEscape(key)); resp.StatusCode != http.StatusOK {
		t.Fatalf("the presenter's link from the throttled address: %d; want 200", resp.StatusCode)
	}
	if resp := from(t, srv, ts, other, "/j/"+short); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("another address's right code: %d; want 303", resp.StatusCode)
	}
}

// TestGuessLimiterBounded: the throttle remembers at most guessAddrs
// addresses however many miss.
func TestGuessLimiterBounded(t *testing.T) {
	var g guessLimiter
	now := time.Unix(1_800_000_000, 0)
	for i := range guessAddrs + 500 {
		g.miss("10.9."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250), now)
	}
	if n := len(g.by); n > guessAddrs {
		t.Fatalf("remembers %d addresses; want at most %d", n, guessAddrs)
	}
	g.miss("10.8.0.1", now)
	for range guessBurst {
		g.miss("10.8.0.1", now)
	}
	if w := g.wait("10.8.0.1", now); w <= 0 || w > guessRefill {
		t.Fatalf("wait %v after %d misses; want (0, %v]", w, guessBurst+1, guessRefill)
	}
	if w := g.wait("10.8.0.1", now.Add(guessRefill)); w != 0 {
		t.Fatalf("wait %v a refill later; want 0", w)
	}
}
