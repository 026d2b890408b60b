package session

import (
	"slices"
	"testing"
	"time"

	"stepviz/internal/membudget"
)

// newTestStore holds sessions for the tests of the exported API.
func newTestStore(t *testing.T) *Store {
	t.Helper()
	st := NewStore(4, 4, time.Hour, membudget.New(membudget.DefaultLimit))
	t.Cleanup(st.CloseAll)
	return st
}

// TestLiveAPI: what the server and rooms do through the exported API
// reaches the live search and its description, and a query is not a
// command.
func TestLiveAPI(t *testing.T) {
	st := newTestStore(t)
	sess, err := st.Add(newSearch(t, "puzzle 867254301 goal=123456780", "bfs"), 100_000, "")
	if err != nil {
		t.Fatal(err)
	}
	step := func() int {
		t.Helper()
		k := -1
		if !sess.Do(func(lv Live) { k = lv.Search.StepCount() }) {
			t.Fatal("the session stopped")
		}
		return k
	}
	sess.AddWarning("not kept across restarts")
	var warnings []string
	sess.Do(func(lv Live) { warnings = lv.Info.Warnings })
	if !slices.Contains(warnings, "not kept across restarts") {
		t.Errorf("warnings %q after AddWarning", warnings)
	}
	for _, tc := range []struct {
		msg     ClientMsg
		want    int
		refused bool
	}{
		{ClientMsg{Type: CmdStep}, 1, false},
		{ClientMsg{Type: CmdSeek, Step: 5}, 5, false},
		{ClientMsg{Type: CmdBack}, 4, false},
		{ClientMsg{Type: QueryView, Step: 9}, 4, true},
		{ClientMsg{Type: CmdReset}, 0, false},
		{ClientMsg{Type: CmdBack}, 0, true},
	} {
		err := sess.Command(tc.msg)
		if (err != nil) != tc.refused || step() != tc.want {
			t.Errorf("%+v: error %v, step %d; want step %d, refused %v", tc.msg, err, step(), tc.want, tc.refused)
		}
	}
	wrapped := 0
	sess.MoveTo(1, func(move func()) { wrapped++; move() })
	sess.MoveTo(1, func(move func()) { wrapped++; move() }) // there already: no move
	sess.MoveTo(7, nil)
	if wrapped != 1 || step() != 7 {
		t.Errorf("MoveTo: %d wrapped moves, step %d; want 1 and step 7", wrapped, step())
	}
	if !sess.Keep(nil) || !sess.Kept() {
		t.Error("Keep did not keep the session")
	}
	st.CloseAll()
	if sess.Do(func(Live) {}) || sess.Command(ClientMsg{Type: CmdStep}) == nil {
		t.Error("a stopped session still answers")
	}
}
