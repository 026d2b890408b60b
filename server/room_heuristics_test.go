package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/viz/export"
)

// A room's load command over its websocket carries the lecturer's own
// heuristic: a script over the form's bound is refused in words on a
// connection that stays open, and the exports of a search built with it
// (trace, worksheet) carry and use it.
func TestRoomOwnHeuristicExports(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	p.room(nil)
	const own = "def h_mine(s):\n    return 0\n"
	const problem = "puzzle 283164705 goal=123804765"

	p.send(roomCmd{Type: roomLoad, Problem: problem, Searches: []string{"astar"}, Heuristics: own + strings.Repeat("#", script.MaxSource)})
	var e errorMsg
	p.next(msgError, &e, nil)
	if !strings.Contains(e.Message, "your heuristic has") || !strings.Contains(e.Message, "at most") {
		t.Fatalf("oversized heuristic: %q", e.Message)
	}

	p.send(roomCmd{Type: roomLoad, Problem: problem, Searches: []string{"astar h=mine", "astar h=manhattan"}, Heuristics: own})
	m := p.room(func(m roomMsg) bool { return m.Current == 0 })
	mine := m.History[0].Lanes[0]
	if !strings.HasPrefix(mine.Options, "astar h=mine") {
		t.Fatalf("lanes %+v", m.History[0].Lanes)
	}
	p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	waitFor(t, func() bool { return sessionStep(t, ts, mine.ID, "") == 2 })

	status, body, _ := get(t, ts.URL+"/s/"+mine.ID+"/export?format=json")
	if status != http.StatusOK {
		t.Fatalf("trace: %d %s", status, body)
	}
	tr, err := export.ReadTrace(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Heuristics) != 1 || tr.Heuristics[0].Text != own || !strings.Contains(tr.Options, "h=mine") {
		t.Fatalf("trace heuristics %+v, options %q; want the room's script", tr.Heuristics, tr.Options)
	}
	if _, err := tr.Replay(); err != nil {
		t.Errorf("the trace does not replay: %v", err)
	}
	status, body, _ = get(t, ts.URL+"/s/"+mine.ID+"/worksheet?format=md&answers=1&key="+url.QueryEscape(key))
	if status != http.StatusOK || !strings.Contains(body, "mine") {
		t.Fatalf("worksheet: %d %s", status, body)
	}
}
