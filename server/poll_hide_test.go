package server

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// hideWire is the part of a session message that could tell which open
// node is expanded next.
type hideWire struct {
	Type     string
	Step     *int
	Head     *[]int
	HeadKeys json.RawMessage
	Rows     []struct{ ID int }
	Keys     []json.RawMessage
	Key      json.RawMessage
	Node     struct{ ID int }
}

// readUntil reads c's messages until ok says stop, checking each with
// check; it fails after 10 s.
func readUntil(t *testing.T, c *websocket.Conn, check func(w wire, m hideWire), ok func(m hideWire) bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		w := readWire(t, c)
		var m hideWire
		if err := json.Unmarshal(w.JSON, &m); err != nil {
			t.Fatalf("decoding %.200s: %v", w.JSON, err)
		}
		check(w, m)
		if ok(m) {
			return
		}
	}
	t.Fatal("the awaited message did not come")
}

// TestPollHidesOrderOnTheWire: during a "which node is expanded next?"
// poll, every frame a student's session websocket receives (the move the
// poll opening sends, the state a student joining then gets, answers to
// view, rows and inspect queries) carries no head of the open list, open
// rows in node id order without sort keys, no sort key in an inspect and
// nothing past the poll's step; the presenter's socket still gets the
// head. After the reveal the student is sent its step again with the
// head, whose first node is the answer, and rows in pop order.
func TestPollHidesOrderOnTheWire(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	p.room(nil)
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=manhattan"}})
	id := p.room(func(m roomMsg) bool { return m.Current == 0 }).History[0].Lanes[0].ID
	const P = 3
	for range P {
		p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	}
	waitFor(t, func() bool { return sessionStep(t, ts, id, "") == P })

	dialSession := func(k string) *websocket.Conn {
		t.Helper()
		u := "ws" + ts.URL[len("http"):] + "/s/" + id + "/ws"
		if k != "" {
			u += "?key=" + k
		}
		c, _, err := websocket.DefaultDialer.Dial(u, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// a student who joined before the poll was sent the head
	student := dialSession("")
	var before []int
	readUntil(t, student, func(wire, hideWire) {}, func(m hideWire) bool {
		if m.Type == msgState && m.Head != nil {
			before = *m.Head
			return true
		}
		return false
	})
	if len(before) < 2 {
		t.Fatalf("the state before the poll has head %v: the test needs an open list", before)
	}

	p.send(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 0})
	right := p.poll(func(m pollMsg) bool { return m.Right != "" }).Right
	if right != strconv.Itoa(before[0]) {
		t.Fatalf("the poll's answer %s is not the head's first node %d", right, before[0])
	}
	rightID, _ := strconv.Atoi(right)

	hidden := func(who string) func(w wire, m hideWire) {
		return func(w wire, m hideWire) {
			t.Helper()
			if m.Head != nil && len(*m.Head) > 0 {
				t.Errorf("%s: a %s message during the poll carries the head %v (the answer is %s)", who, m.Type, *m.Head, right)
			}
			if k := string(m.HeadKeys); k != "" && k != "null" && k != "[]" && k != "{}" {
				t.Errorf("%s: a %s message during the poll carries the head's keys %s (the answer is %s)", who, m.Type, k, right)
			}
			if m.Step != nil && *m.Step > P && m.Type != msgMeta {
				t.Errorf("%s: a %s message during the poll shows step %d, past the poll's %d", who, m.Type, *m.Step, P)
			}
			if m.Type == msgRows {
				ids := make([]int, len(m.Rows))
				for i, r := range m.Rows {
					ids[i] = r.ID
				}
				if len(m.Keys) > 0 || !slices.IsSorted(ids) {
					t.Errorf("%s: open rows during the poll: ids %v, %d keys; want id order and no keys", who, ids, len(m.Keys))
				}
			}
			if m.Type == msgInspect && len(m.Key) > 0 && string(m.Key) != "null" {
				t.Errorf("%s: an inspect during the poll carries the sort key %s", who, m.Key)
			}
		}
	}
	// the poll's opening sends the student its step again, without the head
	readUntil(t, student, hidden("student"), func(m hideWire) bool { return m.Type == msgMove && m.Head != nil })
	// the student's own queries
	send(t, student, clientMsg{Type: queryRows, List: "open", Offset: 0, Count: 20, ID: 1})
	readUntil(t, student, hidden("student"), func(m hideWire) bool { return m.Type == msgRows })
	send(t, student, clientMsg{Type: queryInspect, Node: rightID, Step: P + 1, ID: 2})
	readUntil(t, student, hidden("student"), func(m hideWire) bool { return m.Type == msgInspect })
	send(t, student, clientMsg{Type: queryView, Step: 1000, ID: 3})
	readUntil(t, student, hidden("student"), func(m hideWire) bool { return m.Type == msgMove })
	// a student joining during the poll
	late := dialSession("")
	readUntil(t, late, hidden("late student"), func(m hideWire) bool { return m.Type == msgState })
	// the presenter's own socket is told the order
	pres := dialSession(key)
	readUntil(t, pres, func(w wire, m hideWire) {
		if m.Type == msgState && (m.Head == nil || len(*m.Head) == 0 || (*m.Head)[0] != rightID) {
			t.Errorf("the presenter's state during the poll has head %v, want it to start with %s", m.Head, right)
		}
	}, func(m hideWire) bool { return m.Type == msgState })

	p.send(roomCmd{Type: roomReveal})
	var after []int
	readUntil(t, student, func(wire, hideWire) {}, func(m hideWire) bool {
		if m.Type == msgMove && m.Head != nil && len(*m.Head) > 0 {
			after = *m.Head
			return true
		}
		return false
	})
	if after[0] != rightID {
		t.Errorf("after the reveal the student's head is %v, want it to start with the answer %s", after, right)
	}
	send(t, student, clientMsg{Type: queryRows, List: "open", Offset: 0, Count: 20, ID: 4})
	readUntil(t, student, func(w wire, m hideWire) {
		if m.Type == msgRows && (len(m.Rows) == 0 || m.Rows[0].ID != rightID || len(m.Keys) != len(m.Rows)) {
			t.Errorf("after the reveal the open rows start with %v and have %d keys, want the answer %s first and a key each", m.Rows, len(m.Keys), right)
		}
	}, func(m hideWire) bool { return m.Type == msgRows })
}
