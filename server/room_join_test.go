package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"

	"stepviz/server/room"
	persist "stepviz/store"
)

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
	for i := range room.GuessBurst {
		p := misses[i%len(misses)]
		if resp := from(t, srv, ts, guesser, p); resp.StatusCode == http.StatusTooManyRequests {
			t.Fatalf("miss %d (%s) throttled; want %d misses allowed", i+1, p, room.GuessBurst)
		}
	}
	for _, p := range append(misses, "/j/"+short) {
		resp := from(t, srv, ts, guesser, p)
		if resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("GET %s after %d misses: %d; want 429", p, room.GuessBurst, resp.StatusCode)
		}
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || s < 1 || s > int(room.GuessRefill.Seconds())+1 {
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
