package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"stepviz/viz/export"
)

// TestExportDownloads drives a session to step 4 over its websocket, then
// downloads its trace as a follower would: the live step by default, any
// reached step on request, and the same events the engine makes.
func TestExportDownloads(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g")
	c, _, _ := dial(t, ts, sess, sess.Key())
	for i := 0; i < 4; i++ {
		send(t, c, ClientMsg{Type: "step"})
		var m json.RawMessage
		readAs(t, c, "step", &m)
	}
	base := ts.URL + "/s/" + sess.ID + "/export"

	code, body, hdr := get(t, base+"?format=json")
	if code != http.StatusOK {
		t.Fatalf("GET json: %d %s", code, body)
	}
	if cd := hdr.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, "step4.json") {
		t.Errorf("Content-Disposition %q: want an attachment named ...step4.json", cd)
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

	for _, bad := range []struct{ query, want string }{
		{"?format=pdf", "unknown export format"},
		{"?format=json&step=-1", "want a whole number"},
		{fmt.Sprintf("?format=json&step=%d", 4+exploreAhead+1), "want a whole number"},
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
