package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"stepviz/server/session"
	"stepviz/viz/export"
)

// TestExportDownloads drives a session to step 4 over its websocket, then
// downloads its trace as a follower would: the live step by default, any
// reached step on request, and the same events the engine makes.
func TestExportDownloads(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g")
	c, _, _ := dial(t, ts, sess, sess.Key())
	for i := 0; i < 4; i++ {
		send(t, c, clientMsg{Type: "step"})
		var m json.RawMessage
		readAs(t, c, "step", &m)
	}
	base := ts.URL + "/s/" + sess.ID + "/export"

	code, body, hdr := get(t, base+"?format=json")
	if code != http.StatusOK {
		t.Fatalf("GET json: %d %s", code, body)
	}
	if cd := hdr.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, `"stepviz-puzzle-283164705-goal-12-astar-step4.json"`) {
		t.Errorf("Content-Disposition %q: want an attachment named after the problem, the algorithm and the step", cd)
	}
	tr, err := export.ReadTrace(strings.NewReader(body))
	if err != nil {
		t.Fatalf("the downloaded trace does not read back: %v", err)
	}
	if len(tr.Events) != 4 || !strings.Contains(tr.Problem, "283164705") || !strings.Contains(tr.Options, "tie=high-g") {
		t.Errorf("trace has %d events, problem %q, options %q; want 4 events of the session's search", len(tr.Events), tr.Problem, tr.Options)
	}
	if _, err := tr.Replay(); err != nil {
		t.Errorf("the downloaded trace does not replay: %v", err)
	}

	code, body, _ = get(t, base+"?format=csv&step=2")
	if rows := strings.Count(strings.TrimSpace(stripComments(body)), "\n"); code != http.StatusOK || rows != 2 {
		t.Errorf("csv up to step 2: status %d with %d data rows, want 200 and 2:\n%s", code, rows, body)
	}

	if code, body, _ := get(t, base+"?format=html"); code != http.StatusOK || !strings.Contains(body, "<!DOCTYPE html>") {
		t.Errorf("html replay of 4 steps: %d, want 200", code)
	}

	for _, bad := range []struct{ query, want string }{
		{"?format=pdf", "unknown export format"},
		{"?format=json&step=-1", "want a whole number"},
		{fmt.Sprintf("?format=json&step=%d", 4+session.ExploreAhead+1), "want a whole number"},
	} {
		if code, body, _ := get(t, base+bad.query); code != http.StatusBadRequest || !strings.Contains(body, bad.want) {
			t.Errorf("GET %s: %d %q, want 400 saying %q", bad.query, code, body, bad.want)
		}
	}
	if code, _, _ := get(t, ts.URL+"/s/nosuchsession/export?format=json"); code != http.StatusNotFound {
		t.Errorf("export of an unknown session: %d, want 404", code)
	}

	// The session page offers every format in its download menu.
	_, page, _ := get(t, ts.URL+"/s/"+sess.ID)
	for _, f := range export.Formats() {
		if !strings.Contains(page, `data-testid="export-`+f.Name+`"`) {
			t.Errorf("the download menu has no %s entry", f.Name)
		}
	}
}

// stripComments drops the CSV export's # lines (problem and options).
func stripComments(csv string) string {
	var keep []string
	for _, l := range strings.Split(csv, "\n") {
		if !strings.HasPrefix(l, "#") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestExportCeilingAndBound: an export past the ceiling is refused with
// 413 and the stepviz trace command that makes it (the server never builds
// an export whole in memory);
// a third export while two are being made gets 503 with Retry-After; an
// export within the ceiling is streamed with its exact Content-Length.
func TestExportCeilingAndBound(t *testing.T) {
	srv, ts, sess := liveServer(t, Config{ExportCeiling: 64 << 10}, "puzzle 867254301 goal=123456780", "astar h=manhattan tie=high-g")
	base := ts.URL + "/s/" + sess.ID + "/export"

	code, body, _ := get(t, base+"?format=md&step=2000")
	want := "stepviz trace -problem 'puzzle 867254301 goal=123456780' -algo astar -h manhattan -tie high-g"
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, want) || !strings.Contains(body, "-steps 2000 -format md -o stepviz-trace.md") {
		t.Fatalf("md export past the ceiling: %d %q, want 413 with %q", code, body, want)
	}

	resp, err := http.Get(base + "?format=json&step=20")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.ContentLength != int64(len(b)) || len(b) == 0 {
		t.Fatalf("json export: %d, Content-Length %d, %d bytes", resp.StatusCode, resp.ContentLength, len(b))
	}

	if code, body, _ := get(t, base+"?format=html&step=2000"); code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "-steps 2000 -format html") {
		t.Errorf("html replay of 2,000 steps: %d %q, want 413 with the trace command", code, body)
	}

	// two exports in progress hold both slots
	srv.exports <- struct{}{}
	srv.exports <- struct{}{}
	code, body, hdr := get(t, base+"?format=json&step=20")
	<-srv.exports
	<-srv.exports
	if code != http.StatusServiceUnavailable || hdr.Get("Retry-After") == "" || !strings.Contains(body, "try again") {
		t.Fatalf("a third export: %d %q Retry-After %q, want 503 with Retry-After", code, body, hdr.Get("Retry-After"))
	}
	if code, _, _ := get(t, base+"?format=json&step=20"); code != http.StatusOK {
		t.Fatalf("an export once the slots are free: %d", code)
	}
}

func TestTraceCommandQuotes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"bfs", "bfs"}, {"puzzle 1 2", "'puzzle 1 2'"}, {"it's", `'it'\''s'`}, {"", "''"},
	} {
		if got := shellQuote(tc.in); got != tc.want {
			t.Errorf("shellQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
