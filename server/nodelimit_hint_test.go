package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestNodeLimitHintOnAMap: arena2 from the landing form with the default
// duplicates=keep runs into the node limit; the narration the class reads
// says that duplicates=drop goes further, and with it the search does.
func TestNodeLimitHintOnAMap(t *testing.T) {
	srv := New(Config{MaxNodes: 5000})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	for _, c := range []struct {
		duplicates string
		hint       bool
	}{{"", true}, {"drop", false}} {
		form := url.Values{"source": {"grid"}, "grid_map": {"arena2"}, "algo": {"astar"}, "h": {"octile"}}
		if c.duplicates != "" {
			form.Set("duplicates", c.duplicates)
		}
		resp, body := post(t, ts.URL+"/sessions", form)
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("arena2 %v: %s %.300s", form, resp.Status, body)
		}
		loc, _ := url.Parse(resp.Header.Get("Location"))
		sess, _ := srv.session(strings.TrimPrefix(loc.Path, "/s/"))
		conn, _, _ := dial(t, ts, sess, sess.Key())
		send(t, conn, clientMsg{Type: cmdGoal})
		var narration, status string
		for range 50 {
			var v view
			w := readWire(t, conn)
			if w.Type != msgMove && w.Type != msgStep {
				continue
			}
			if err := json.Unmarshal(w.JSON, &v); err != nil {
				t.Fatal(err)
			}
			if narration, status = v.Narration, string(v.Status); status != "running" {
				break
			}
		}
		hint := strings.Contains(narration, "duplicates=drop")
		if hint != c.hint {
			t.Errorf("duplicates=%q: status %s, narration %q; want the hint %v", c.duplicates, status, narration, c.hint)
		}
		if c.hint && status != "limit reached" {
			t.Errorf("duplicates=keep ended %q, want the node limit", status)
		}
	}
}
