package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"stepviz/server/session"
	"stepviz/viz/export"
)

// TestWorksheetDownloads steps a Romania A* session to step 5 over its
// websocket (AIMA Figure 3.24's first five expansions), then downloads its
// homework sheet and answer key as the page links them: the same bytes
// as stepviz worksheet writes for the session's problem and options, the
// key's open list the live search's, the key the presenter's only, and
// a bad format, step or size refused saying what to do.
func TestWorksheetDownloads(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "graph romania", "astar")
	c, _, _ := dial(t, ts, sess, sess.Key())
	for i := 0; i < 5; i++ {
		send(t, c, clientMsg{Type: "step"})
		var m json.RawMessage
		readAs(t, c, "step", &m)
	}
	var liveOpen []string
	sess.Do(func(lv session.Live) {
		for _, o := range lv.Search.Snapshot().Open {
			liveOpen = append(liveOpen, o.State.String())
		}
	})
	base := ts.URL + "/s/" + sess.ID + "/worksheet"
	for _, tt := range []struct {
		query    string
		key      bool
		filename string
	}{
		{"?format=md", false, `"stepviz-graph-romania-astar-step5-worksheet.md"`},
		{"?format=tex&step=3", false, `"stepviz-graph-romania-astar-step3-worksheet.tex"`},
		{"?format=html", false, `"stepviz-graph-romania-astar-step5-worksheet.html"`},
		{"?format=md&answers=1&key=" + sess.Key(), true, `"stepviz-graph-romania-astar-step5-worksheet-key.md"`},
		{"?format=tex&answers=1&step=4&key=" + sess.Key(), true, `"stepviz-graph-romania-astar-step4-worksheet-key.tex"`},
	} {
		t.Run(tt.query, func(t *testing.T) {
			code, body, hdr := get(t, base+tt.query)
			if code != http.StatusOK {
				t.Fatalf("%d %s", code, body)
			}
			if cd := hdr.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, tt.filename) {
				t.Errorf("Content-Disposition %q: want an attachment named %s", cd, tt.filename)
			}
			format, step := "md", 5
			for _, f := range export.WorksheetFormats {
				if strings.Contains(tt.query, "format="+f) {
					format = f
				}
			}
			if i := strings.Index(tt.query, "step="); i >= 0 {
				step = int(tt.query[i+5] - '0')
			}
			var want bytes.Buffer
			if err := export.WriteWorksheet(&want, format, newSearch(t, "graph romania", "astar"), step, export.Blanks{Open: true, F: true, Order: true}, tt.key); err != nil {
				t.Fatal(err)
			}
			if body != want.String() {
				t.Errorf("the download differs from stepviz worksheet's %s", format)
			}
			if tt.key && step == 5 {
				open := body[strings.Index(body, "## Open list"):]
				for i, name := range liveOpen {
					if !strings.Contains(open, "| "+string(rune('1'+i))+" | **"+name+"** |") {
						t.Errorf("the key's open list has no %s at number %d; the live open list is %v", name, i+1, liveOpen)
					}
				}
			}
		})
	}
	for _, bad := range []struct {
		query string
		code  int
		want  string
	}{
		{"?format=md&answers=1", http.StatusForbidden, "the answer key is for the presenter"},
		{"?format=pdf", http.StatusBadRequest, "want one of md, tex, html"},
		{"?format=md&step=0", http.StatusBadRequest, "step the search, then download it"},
		{"?format=md&step=x", http.StatusBadRequest, "want a whole number"},
	} {
		if code, body, _ := get(t, base+bad.query); code != bad.code || !strings.Contains(body, bad.want) {
			t.Errorf("GET %s: %d %q, want %d saying %q", bad.query, code, body, bad.code, bad.want)
		}
	}

	// The follower's menu offers the sheet; the presenter's the key too.
	_, follower, _ := get(t, ts.URL+"/s/"+sess.ID)
	_, presenter, _ := get(t, ts.URL+"/s/"+sess.ID+"?key="+sess.Key())
	for _, f := range export.WorksheetFormats {
		if !strings.Contains(follower, `data-testid="export-worksheet-`+f+`"`) || !strings.Contains(presenter, `data-testid="export-worksheet-`+f+`"`) {
			t.Errorf("the download menus have no worksheet-%s", f)
		}
		if strings.Contains(follower, `data-testid="export-worksheet-key-`+f+`"`) || !strings.Contains(presenter, `data-testid="export-worksheet-key-`+f+`"`) {
			t.Errorf("worksheet-key-%s: want it in the presenter's menu only", f)
		}
	}
}

// TestWorksheetTooLarge: a sheet past the server's ceiling is refused
// with the stepviz worksheet command that writes it.
func TestWorksheetTooLarge(t *testing.T) {
	_, ts, sess := liveServer(t, Config{ExportCeiling: 2 << 10}, "graph romania", "astar")
	c, _, _ := dial(t, ts, sess, sess.Key())
	send(t, c, clientMsg{Type: "step"})
	var m json.RawMessage
	readAs(t, c, "step", &m)
	code, body, _ := get(t, ts.URL+"/s/"+sess.ID+"/worksheet?format=html")
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "stepviz worksheet -problem 'graph romania' -algo astar") || !strings.Contains(body, "-steps 1 -o sheet.html") {
		t.Errorf("%d %q: want 413 with the command", code, body)
	}
}
