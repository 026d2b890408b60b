package server

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	persist "stepviz/store"
)

// browserClient is a browser's cookie jar that does not follow redirects.
func browserClient(t *testing.T) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// do sends a request and returns its status, Location and body.
func do(t *testing.T, c *http.Client, method, u string, form url.Values) (int, string, string) {
	t.Helper()
	var resp *http.Response
	var err error
	if method == "POST" {
		resp, err = c.PostForm(u, form)
	} else {
		resp, err = c.Get(u)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Location"), string(b)
}

// TestLecturerPage is a lecturer preparing more demos than one computer
// may hold in memory: with -db none is refused, /mine lists them all with
// the room, and Close ends one for good (only with its key).
func TestLecturerPage(t *testing.T) {
	_, ts := roomServer(t, "")
	c := browserClient(t)
	var links []*url.URL
	for i := range DefaultMaxPerClient + 4 {
		status, loc, body := do(t, c, "POST", ts.URL+"/sessions", url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "algo": {"astar"}, "h": {"manhattan"}})
		if status != http.StatusSeeOther {
			t.Fatalf("session %d refused: %d %.300s", i+1, status, body)
		}
		u, _ := url.Parse(loc)
		links = append(links, u)
	}
	status, loc, _ := do(t, c, "POST", ts.URL+"/rooms", url.Values{})
	if status != http.StatusSeeOther {
		t.Fatalf("POST /rooms: %d", status)
	}
	room, _ := url.Parse(loc)
	for i, u := range links {
		if status, _, _ := do(t, c, "GET", ts.URL+u.String(), nil); status != http.StatusOK {
			t.Errorf("session %d's presenter page after the others: %d", i+1, status)
		}
	}
	_, _, mine := do(t, c, "GET", ts.URL+"/mine", nil)
	if got := strings.Count(mine, `data-testid="mine-session"`); got != len(links) {
		t.Errorf("/mine lists %d sessions, want %d", got, len(links))
	}
	if got := strings.Count(mine, `data-testid="mine-room"`); got != 1 {
		t.Errorf("/mine lists %d rooms, want 1", got)
	}
	if other := browserClient(t); true {
		if _, _, m := do(t, other, "GET", ts.URL+"/mine", nil); strings.Contains(m, `data-testid="mine-session"`) {
			t.Errorf("another browser's /mine lists this one's sessions")
		}
	}

	closeIt := func(path, key string) int {
		t.Helper()
		status, _, _ := do(t, c, "POST", ts.URL+path+"/close", url.Values{"key": {key}})
		return status
	}
	first := links[0]
	if got := closeIt(first.Path, "not-the-key"); got != http.StatusNotFound {
		t.Errorf("closing with a wrong key: %d", got)
	}
	if got := closeIt(first.Path, first.Query().Get("key")); got != http.StatusSeeOther {
		t.Errorf("closing a session: %d", got)
	}
	if status, _, _ := do(t, c, "GET", ts.URL+first.Path, nil); status != http.StatusNotFound {
		t.Errorf("a closed session's page: %d, want 404", status)
	}
	if got := closeIt(room.Path, room.Query().Get("key")); got != http.StatusSeeOther {
		t.Errorf("closing the room: %d", got)
	}
	if status, _, _ := do(t, c, "GET", ts.URL+room.Path, nil); status != http.StatusNotFound {
		t.Errorf("a closed room's page: %d, want 404", status)
	}
	_, _, mine = do(t, c, "GET", ts.URL+"/mine", nil)
	if got := strings.Count(mine, `data-testid="mine-session"`); got != len(links)-1 || strings.Contains(mine, first.Path[3:]) {
		t.Errorf("/mine after closing one lists %d sessions", got)
	}
	if strings.Contains(mine, `data-testid="mine-room"`) {
		t.Errorf("/mine still lists the closed room")
	}
}

// TestStrangerStillBounded: a client that holds no lecture's key (no
// database, or a client without cookies, such as a script) still holds at
// most its share of sessions in memory; a lecturer's sessions that a page
// is connected to are never unloaded for another.
func TestStrangerStillBounded(t *testing.T) {
	form := url.Values{"source": {"puzzle"}, "puzzle": {"867254301"}, "algo": {"bfs"}}
	for _, c := range []struct {
		name string
		db   bool
	}{{"no database", false}, {"a database, no cookies", true}} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{MaxPerClient: 3}
			if c.db {
				db, err := persist.Open(filepath.Join(t.TempDir(), "stepviz.db"))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				cfg.DB = db
			}
			srv := New(cfg)
			ts := newTestServer(t, srv)
			t.Cleanup(srv.Close)
			stranger := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			for i := range 4 {
				status, _, body := do(t, stranger, "POST", ts.URL+"/sessions", form)
				if want := map[bool]int{true: http.StatusSeeOther, false: http.StatusServiceUnavailable}[i < 3]; status != want {
					t.Errorf("session %d: %d, want %d %.200s", i+1, status, want, body)
				}
			}
		})
	}
	t.Run("a lecturer's watched sessions stay", func(t *testing.T) {
		db, err := persist.Open(filepath.Join(t.TempDir(), "stepviz.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		srv := New(Config{MaxPerClient: 2, DB: db})
		ts := newTestServer(t, srv)
		t.Cleanup(srv.Close)
		c := browserClient(t)
		var ids []string
		for range 2 {
			_, loc, _ := do(t, c, "POST", ts.URL+"/sessions", form)
			u, _ := url.Parse(loc)
			ids = append(ids, strings.TrimPrefix(u.Path, "/s/"))
			sess, _ := srv.session(ids[len(ids)-1])
			dial(t, ts, sess, "") // a follower watches it
		}
		if status, _, body := do(t, c, "POST", ts.URL+"/sessions", form); status != http.StatusServiceUnavailable {
			t.Errorf("a third session while both are watched: %d %.200s", status, body)
		}
		for _, id := range ids {
			if _, ok := srv.session(id); !ok {
				t.Errorf("watched session %s was unloaded", id)
			}
		}
	})
}
