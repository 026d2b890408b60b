package server

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/server/room"
	persist "stepviz/store"
)

// roomServer serves a server with a database in a temporary directory.
func roomServer(t *testing.T, dbPath string) (*Server, *httptest.Server) {
	t.Helper()
	if dbPath == "" {
		dbPath = filepath.Join(t.TempDir(), "stepviz.db")
	}
	db, err := persist.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	srv := New(Config{DB: db})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close(); db.Close() })
	return srv, ts
}

// createRoom opens a room and returns its code and presenter key.
func createRoom(t *testing.T, ts *httptest.Server) (string, string) {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(ts.URL+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /rooms: %s", resp.Status)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || !strings.HasPrefix(loc.Path, "/r/") {
		t.Fatalf("redirect to %q", resp.Header.Get("Location"))
	}
	code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")
	if len(code) != room.CodeLen || strings.ContainsAny(code, "01ilo") || key == "" {
		t.Fatalf("room %q key %q", code, key)
	}
	return code, key
}

// roomConn is a test's room websocket.
type roomConn struct {
	t *testing.T
	c *websocket.Conn
}

func dialRoom(t *testing.T, ts *httptest.Server, code, key, token string) *roomConn {
	t.Helper()
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/r/" + code + "/ws?t=" + token
	if key != "" {
		u += "&key=" + url.QueryEscape(key)
	}
	c, resp, err := websocket.DefaultDialer.Dial(u, nil)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial room: %v (HTTP %d)", err, status)
	}
	t.Cleanup(func() { c.Close() })
	return &roomConn{t, c}
}

func (rc *roomConn) send(m roomCmd) {
	rc.t.Helper()
	b, _ := json.Marshal(m)
	if err := rc.c.WriteMessage(websocket.TextMessage, b); err != nil {
		rc.t.Fatalf("write: %v", err)
	}
}

// next reads messages until one of type typ for which ok returns true
// (nil: any), decoding it into v.
func (rc *roomConn) next(typ string, v any, ok func() bool) {
	rc.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_ = rc.c.SetReadDeadline(deadline)
		_, raw, err := rc.c.ReadMessage()
		if err != nil {
			rc.t.Fatalf("waiting for a %s message: %v", typ, err)
		}
		var head struct{ Type, Message string }
		_ = json.Unmarshal(raw, &head)
		if head.Type == msgError && typ != msgError {
			rc.t.Fatalf("error from the room: %s", head.Message)
		}
		if head.Type != typ {
			continue
		}
		if err := json.Unmarshal(raw, v); err != nil {
			rc.t.Fatal(err)
		}
		if ok == nil || ok() {
			return
		}
	}
}

func (rc *roomConn) room(ok func(roomMsg) bool) roomMsg {
	rc.t.Helper()
	var m roomMsg
	rc.next(msgRoom, &m, func() bool { return ok == nil || ok(m) })
	return m
}

func (rc *roomConn) poll(ok func(pollMsg) bool) pollMsg {
	rc.t.Helper()
	var m pollMsg
	rc.next(msgPoll, &m, func() bool { return ok == nil || ok(m) })
	return m
}

// sessionStep dials a search's session websocket and returns the step its
// first full state shows.
func sessionStep(t *testing.T, ts *httptest.Server, id, key string) int {
	t.Helper()
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/s/" + id + "/ws"
	if key != "" {
		u += "?key=" + url.QueryEscape(key)
	}
	c, _, err := websocket.DefaultDialer.Dial(u, nil)
	if err != nil {
		t.Fatalf("dial session %s: %v", id, err)
	}
	defer c.Close()
	for {
		raw := readWire(t, c).JSON // the join state is a binary frame (protocol v2)
		var m struct {
			Type string
			Step *int
		}
		_ = json.Unmarshal(raw, &m)
		if m.Step != nil && m.Type != msgStep {
			return *m.Step
		}
	}
}

func TestRoomPages(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	for _, tc := range []struct {
		path   string
		status int
		want   string
	}{
		{"/r/" + code, 200, `data-role="follower"`},
		{"/r/" + code + "?key=" + url.QueryEscape(key), 200, `data-testid="qr"`},
		{"/r/" + code + "?key=wrong", 403, "wrong presenter key"},
		{"/r/zzzzzz", 404, "no such room"},
		{"/r/" + code + "/polls.csv", 403, "presenter's link"},
		{"/r/" + code + "/polls.csv?key=" + url.QueryEscape(key), 200, "poll,question"},
	} {
		status, body, _ := get(t, ts.URL+tc.path)
		if status != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("GET %s: %d, want %d with %q: %.200s", tc.path, status, tc.status, tc.want, body)
		}
	}
	status, body, h := get(t, ts.URL+"/r/"+code+"/qr.png")
	if status != 200 || h.Get("Content-Type") != "image/png" || !strings.HasPrefix(body, "\x89PNG") {
		t.Fatalf("QR code: %d %s", status, h.Get("Content-Type"))
	}
	status, body, _ = get(t, ts.URL+"/r/"+code)
	if status != 200 || strings.Contains(body, key) {
		t.Fatal("the followers' page carries the presenter key")
	}
}

// TestRoomShowSwitchCompare: show BFS, switch to A* (followers follow on
// the same link), then compare two searches side by side in lock-step.
func TestRoomShowSwitchCompare(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	f := dialRoom(t, ts, code, "", "follower-token-00001")
	if m := f.room(nil); m.Current != -1 || m.Role != roleFollower {
		t.Fatalf("first room message: %+v", m)
	}
	p.room(nil)

	// Followers may not drive.
	f.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705", Searches: []string{"bfs"}})
	var e errorMsg
	f.next(msgError, &e, nil)
	if !strings.Contains(e.Message, "only the presenter") {
		t.Fatalf("follower load: %q", e.Message)
	}
	// Bad input names what is wrong.
	p.send(roomCmd{Type: roomLoad, Problem: "grid arena.map", Searches: []string{"astar"}})
	p.next(msgError, &e, nil)
	if !strings.Contains(e.Message, "reads no files") {
		t.Fatalf("file refused: %q", e.Message)
	}
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=nope"}})
	p.next(msgError, &e, nil)
	if !strings.Contains(e.Message, "nope") {
		t.Fatalf("bad heuristic: %q", e.Message)
	}

	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"bfs"}})
	m := f.room(func(m roomMsg) bool { return m.Current == 0 })
	bfs := m.History[0].Lanes[0]
	if !strings.HasPrefix(bfs.Options, "bfs") {
		t.Fatalf("history: %+v", m.History)
	}
	p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	waitFor(t, func() bool { return sessionStep(t, ts, bfs.ID, "") == 2 })

	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=manhattan"}})
	m = f.room(func(m roomMsg) bool { return m.Current == 1 })
	astar := m.History[1].Lanes[0]
	if !strings.HasPrefix(astar.Options, "astar h=manhattan") || astar.ID == bfs.ID || m.History[0].Lanes[0].Step != 2 {
		t.Fatalf("after switching: %+v", m.History)
	}
	if sessionStep(t, ts, astar.ID, "") != 0 || sessionStep(t, ts, bfs.ID, "") != 2 {
		t.Fatal("the new search should start at 0 and the old one stay at 2")
	}

	// Side by side: three searches on one problem, stepped together.
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"bfs", "astar h=misplaced", "astar h=manhattan"}})
	m = f.room(func(m roomMsg) bool { return m.Current == 2 })
	if len(m.History[2].Lanes) != 3 {
		t.Fatalf("side by side: %+v", m.History[2])
	}
	for range 5 {
		p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	}
	var cmp compareMsg
	f.next(msgCompare, &cmp, func() bool {
		if len(cmp.Rows) != 3 {
			return false
		}
		for _, r := range cmp.Rows {
			if r.Step != 5 {
				return false
			}
		}
		return true
	})
	if cmp.Rows[0].Counters.Generated == cmp.Rows[2].Counters.Generated && cmp.Rows[0].Counters.Expanded == cmp.Rows[2].Counters.Expanded &&
		cmp.Rows[0].Counters.Open == cmp.Rows[2].Counters.Open {
		t.Fatalf("BFS and A* rows are identical: %+v", cmp.Rows)
	}
	// One lane alone, then the table shows it ahead.
	p.send(roomCmd{Type: roomDrive, Command: cmdGoal, Lane: 2})
	f.next(msgCompare, &cmp, func() bool { return len(cmp.Rows) == 3 && cmp.Rows[2].Status == "solved" && cmp.Rows[2].Cost != nil })
	if *cmp.Rows[2].Cost != 5 || cmp.Rows[0].Step != 5 {
		t.Fatalf("after running search 3 to its goal: %+v", cmp.Rows)
	}

	// A follower can look at an earlier search: its session still answers
	// at the step it was left at; the presenter can show it live again.
	p.send(roomCmd{Type: roomShow, Pos: 0})
	f.room(func(m roomMsg) bool { return m.Current == 0 })
}

// TestRoomPoll runs a poll with 20 followers answering, reveals it and
// exports the results.
func TestRoomPoll(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=manhattan"}})
	p.room(func(m roomMsg) bool { return m.Current == 0 })
	for range 3 {
		p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	}
	var cmp compareMsg
	p.next(msgCompare, &cmp, func() bool { return len(cmp.Rows) == 1 && cmp.Rows[0].Step == 3 })

	followers := make([]*roomConn, 20)
	for i := range followers {
		followers[i] = dialRoom(t, ts, code, "", fmt.Sprintf("follower-token-%05d", i))
		followers[i].room(nil)
	}
	p.send(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 0})
	q := p.poll(nil)
	if q.Right == "" || len(q.Choices) < 2 || !strings.Contains(q.Question, "expanded next") {
		t.Fatalf("presenter's poll: %+v", q)
	}
	var wrong string
	for _, ch := range q.Choices {
		if ch.Answer != q.Right {
			wrong = ch.Answer
		}
	}
	for i, f := range followers {
		fq := f.poll(nil)
		if fq.Right != "" || fq.Counts != nil {
			t.Fatalf("a follower sees the answer before the reveal: %+v", fq)
		}
		a := q.Right
		if i%4 == 3 {
			a = wrong // 5 of 20 wrong
		}
		f.send(roomCmd{Type: roomAnswer, Poll: q.ID, Answer: a})
		if got := f.poll(nil); got.Yours != a {
			t.Fatalf("follower %d: yours %q, want %q", i, got.Yours, a)
		}
	}
	// The presenter sees the distribution arrive.
	q = p.poll(func(m pollMsg) bool { return m.Answers == 20 })
	if q.Counts[q.Right] != 15 || q.Counts[wrong] != 5 {
		t.Fatalf("distribution %v", q.Counts)
	}
	// Hostile or confused answers are refused with a reason.
	followers[0].send(roomCmd{Type: roomAnswer, Poll: q.ID, Answer: "999999"})
	var e errorMsg
	followers[0].next(msgError, &e, nil)
	if !strings.Contains(e.Message, "not one of the choices") {
		t.Fatalf("bad choice: %q", e.Message)
	}
	followers[1].send(roomCmd{Type: roomReveal})
	followers[1].next(msgError, &e, nil)

	p.send(roomCmd{Type: roomReveal})
	for i, f := range followers {
		r := f.poll(func(m pollMsg) bool { return m.Revealed })
		if r.Right != q.Right || r.ShareRight == nil || *r.ShareRight != 0.75 || r.Counts[q.Right] != 15 {
			t.Fatalf("follower %d after reveal: %+v", i, r)
		}
	}
	followers[2].send(roomCmd{Type: roomAnswer, Poll: q.ID, Answer: wrong})
	followers[2].next(msgError, &e, nil)
	if !strings.Contains(e.Message, "revealed") {
		t.Fatalf("answer after reveal: %q", e.Message)
	}

	// f of a node, typed.
	p.send(roomCmd{Type: roomAsk, Kind: pollF, Lane: 0, Node: 2})
	qf := p.poll(func(m pollMsg) bool { return m.Kind == pollF })
	followers[0].poll(func(m pollMsg) bool { return m.Kind == pollF })
	followers[0].send(roomCmd{Type: roomAnswer, Poll: qf.ID, Answer: " " + qf.Right + ".0 "})
	if got := followers[0].poll(nil); got.Yours != qf.Right {
		t.Fatalf("typed %s.0, recorded %q", qf.Right, got.Yours)
	}
	followers[1].poll(func(m pollMsg) bool { return m.Kind == pollF })
	followers[1].send(roomCmd{Type: roomAnswer, Poll: qf.ID, Answer: "NaN"})
	followers[1].next(msgError, &e, nil)
	if !strings.Contains(e.Message, "not a number") {
		t.Fatalf("NaN: %q", e.Message)
	}
	p.send(roomCmd{Type: roomAsk, Kind: pollF, Lane: 0, Node: 5000})
	p.next(msgError, &e, nil)
	if !strings.Contains(e.Message, "does not exist") {
		t.Fatalf("missing node: %q", e.Message)
	}

	// The export: one row per answer, then a summary per poll.
	_, body, h := get(t, ts.URL+"/r/"+code+"/polls.csv?key="+url.QueryEscape(key))
	if !strings.HasPrefix(h.Get("Content-Type"), "text/csv") {
		t.Fatalf("content type %q", h.Get("Content-Type"))
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+20+1 {
		t.Fatalf("%d rows: %v", len(rows), rows)
	}
	seen := map[string]bool{}
	right := 0
	for _, r := range rows[1:21] {
		if !strings.HasPrefix(r[6], "s-") || seen[r[6]] {
			t.Fatalf("pseudonym %q (repeated or not one)", r[6])
		}
		seen[r[6]] = true
		if r[3] != "#1 astar h=manhattan on puzzle 283164705 goal=123804765" {
			t.Fatalf("the search is named %q", r[3])
		}
		if r[8] == "1" {
			right++
		}
	}
	if right != 15 {
		t.Fatalf("%d right answers in polls.csv, want 15", right)
	}
	// The summary: its own file, one row per poll.
	_, body, _ = get(t, ts.URL+"/r/"+code+"/polls-summary.csv?key="+url.QueryEscape(key))
	sums, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(sums) != 1+2 || sums[0][8] != "share_right" || sums[1][6] != "20" || sums[1][7] != "15" || sums[1][8] != "0.750" {
		t.Fatalf("polls-summary.csv:\n%s", body)
	}
}

// TestRoomSurvivesRestart closes the server and starts another on the same
// database: the room, its searches at their steps and its poll are back,
// and the presenter key still drives.
func TestRoomSurvivesRestart(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "stepviz.db")
	srv1, ts1 := roomServer(t, dbPath)
	code, key := createRoom(t, ts1)
	p := dialRoom(t, ts1, code, key, "presenter-token-0000")
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"bfs", "astar h=manhattan"}})
	m := p.room(func(m roomMsg) bool { return m.Current == 0 })
	for range 4 {
		p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	}
	var cmp compareMsg
	p.next(msgCompare, &cmp, func() bool { return len(cmp.Rows) == 2 && cmp.Rows[0].Step == 4 && cmp.Rows[1].Step == 4 })
	p.send(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 1})
	q := p.poll(nil)
	f := dialRoom(t, ts1, code, "", "follower-token-00001")
	if rm := f.room(nil); rm.Poll == nil || rm.Poll.ID != q.ID || rm.Poll.Right != "" {
		t.Fatalf("a follower joining sees the open poll without its answer: %+v", rm.Poll)
	}
	f.send(roomCmd{Type: roomAnswer, Poll: q.ID, Answer: q.Right})
	f.poll(func(m pollMsg) bool { return m.Yours != "" })
	ts1.Close()
	srv1.Close()
	srv1.cfg.DB.Close() // the process ends: its hold on the database goes

	_, ts2 := roomServer(t, dbPath)
	for _, l := range m.History[0].Lanes {
		if got := sessionStep(t, ts2, l.ID, ""); got != 4 {
			t.Fatalf("search %s after the restart: step %d, want 4", l.Options, got)
		}
	}
	f2 := dialRoom(t, ts2, code, "", "follower-token-00001")
	rm := f2.room(nil)
	if rm.Current != 0 || len(rm.History) != 1 || rm.Poll == nil || rm.Poll.Yours != q.Right || rm.Poll.Answers != 1 {
		t.Fatalf("room after the restart: %+v poll %+v", rm, rm.Poll)
	}
	// The choices come back as they were offered (stored with the poll,
	// not recomputed by replaying the search).
	if fmt.Sprint(rm.Poll.Choices) != fmt.Sprint(q.Choices) {
		t.Fatalf("the poll's choices after the restart: %+v, before: %+v", rm.Poll.Choices, q.Choices)
	}
	p2 := dialRoom(t, ts2, code, key, "presenter-token-0000")
	p2.room(nil)
	p2.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	waitFor(t, func() bool { return sessionStep(t, ts2, m.History[0].Lanes[0].ID, "") == 5 })
	// The presenter key drives the search's own websocket too.
	if got := sessionStep(t, ts2, m.History[0].Lanes[1].ID, key); got != 5 {
		t.Fatalf("presenter on the lane after restart: step %d", got)
	}
	db, err := persist.Open(filepath.Join(t.TempDir(), "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Room(context.Background(), code); err == nil {
		t.Fatal("a fresh database knows the room")
	}
}

// TestRoomQuota: one client address opens at most maxRoomsPerClient rooms;
// the next is refused with the reason.
func TestRoomQuota(t *testing.T) {
	_, ts := roomServer(t, "")
	for range room.MaxRoomsPerClient {
		createRoom(t, ts)
	}
	resp, err := http.PostForm(ts.URL+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	_, _ = io.Copy(&b, resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(b.String(), fmt.Sprintf("opened %d rooms", room.MaxRoomsPerClient)) {
		t.Fatalf("room %d: %s %q", room.MaxRoomsPerClient+1, resp.Status, b.String())
	}
}

// TestRoomLabelsShowVariants: two searches side by side that differ only
// in their tie rule are named apart, by the line without the algorithm's
// defaults, in the history and the comparison rows, and in words in a
// poll's question.
func TestRoomLabelsShowVariants(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	p.room(nil)
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=manhattan", "astar h=manhattan tie=lifo"}})
	m := p.room(func(m roomMsg) bool { return m.Current == 0 })
	want := []string{"astar h=manhattan", "astar h=manhattan tie=lifo"}
	for i, l := range m.History[0].Lanes {
		if l.Label != want[i] || !strings.HasPrefix(l.Options, want[0]+" tie=") {
			t.Errorf("lane %d: label %q (options %q), want label %q", i, l.Label, l.Options, want[i])
		}
	}
	p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	var cmp compareMsg
	p.next(msgCompare, &cmp, func() bool { return len(cmp.Rows) == 2 && cmp.Rows[0].Step == 1 && cmp.Rows[1].Step == 1 })
	for i, r := range cmp.Rows {
		if r.Label != want[i] {
			t.Errorf("comparison row %d: label %q, want %q", i, r.Label, want[i])
		}
	}
	p.send(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 1})
	var poll pollMsg
	p.next(msgPoll, &poll, nil)
	if q := poll.Question; !strings.Contains(q, "of A* with Manhattan distance (ties: newest first) on this 8-puzzle:") || strings.Contains(q, "goal") {
		t.Errorf("poll question %q, want it to name the search in words as A* with Manhattan distance (ties: newest first) and no more", q)
	}
}
