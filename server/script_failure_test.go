package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestScriptFailureSaysWhy: a script from the landing form that breaks
// the sandbox's range limit on its second expansion; the step's narration,
// the view of a follower joining afterwards and the page's first paint
// all give the reason the command line gives.
func TestScriptFailureSaysWhy(t *testing.T) {
	srv := New(Config{})
	ts := newTestServer(t, srv)
	t.Cleanup(srv.Close)
	const script = "start = 0\ndef is_goal(s):\n    return s == 5\ndef successors(s):\n    if s == 1:\n        return [(\"x\", i) for i in range(100000000)]\n    return [(\"next\", s + 1)]\n"
	resp, body := post(t, ts.URL+"/sessions", url.Values{"source": {"script"}, "script": {script}, "algo": {"bfs"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the script: %s %.300s", resp.Status, body)
	}
	loc, _ := url.Parse(resp.Header.Get("Location"))
	sess, _ := srv.session(strings.TrimPrefix(loc.Path, "/s/"))
	const why = "range of 100000000 elements: the sandbox allows at most 1048576"
	conn, _, _ := dial(t, ts, sess, sess.Key())
	var step stepMsg
	for range 2 {
		send(t, conn, clientMsg{Type: cmdStep})
		w := readWire(t, conn)
		for w.Type != msgStep {
			w = readWire(t, conn)
		}
		if err := json.Unmarshal(w.JSON, &step); err != nil {
			t.Fatal(err)
		}
	}
	if step.Event.Status != "failed" || !strings.Contains(step.Narration, why) {
		t.Errorf("the failing step: status %s, narration %q; want the sandbox's reason", step.Event.Status, step.Narration)
	}
	_, join, state := dial(t, ts, sess, "")
	_ = join
	if !strings.Contains(state.Narration, why) {
		t.Errorf("a follower joining after the failure reads %q", state.Narration)
	}
	if _, page, _ := get(t, ts.URL+followerPath(sess)); !strings.Contains(page, why) {
		t.Errorf("the page's first paint does not say why the script failed")
	}
}
