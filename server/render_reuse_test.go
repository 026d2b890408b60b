package server

import (
	"fmt"
	"html"
	"regexp"
	"testing"

	"stepviz/server/session"
)

// TestSessionPageWhileStepping: the session page's first paint, served
// while the presenter steps the session on (run it with -race: the hub
// writes each step's event into memory it reuses), shows a step and a
// narration of that same step: what the page keeps of the live event is
// copied inside Session.Do.
func TestSessionPageWhileStepping(t *testing.T) {
	srv := New(Config{})
	ts := newTestServer(t, srv)
	sess, err := srv.startSession(newSearch(t, "puzzle 867254301 goal=123456780", "astar h=manhattan"))
	if err != nil {
		t.Fatal(err)
	}
	stepNo := regexp.MustCompile(`id="step-n">(\d+)<`)
	narr := regexp.MustCompile(`(?s)id="narration">\s*([^<]*?)\s*</p>`)
	done := make(chan error)
	go func() {
		for range 3000 {
			if err := sess.Command(session.ClientMsg{Type: session.CmdStep}); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	pages, shown := 0, 0
	for stepping := true; stepping || pages < 3; pages++ {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			stepping = false
		default:
		}
		code, body, _ := get(t, ts.URL+"/s/"+sess.ID)
		if code != 200 {
			t.Fatalf("page: %d", code)
		}
		m, n := stepNo.FindStringSubmatch(body), narr.FindStringSubmatch(body)
		if m == nil || n == nil {
			t.Fatalf("no step number or narration on the page:\n%.2000s", body)
		}
		if m[1] != "0" {
			shown++
			if want := fmt.Sprintf("Step %s", m[1]); len(n[1]) < len(want) || html.UnescapeString(n[1])[:len(want)] != want {
				t.Fatalf("the page shows step %s and the narration %q", m[1], n[1])
			}
		}
	}
	if shown < 3 {
		t.Errorf("%d of %d pages showed a step past 0", shown, pages)
	}
}
