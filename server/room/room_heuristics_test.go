package room

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/server/session"
	persist "stepviz/store"
)

// The lecturer's own heuristic: 0 everywhere, so its root's h is 0
// where Manhattan's is not.
const ownH = "def h_mine(s):\n    return 0\n"

const heurProblem = "puzzle 867254301 goal=123456780"

// roomsOn returns Rooms on the database at path (opened here) with their
// own sessions, sharing bus when it is set, and what stops them and
// closes the database (at the test's end if not before).
func roomsOn(t *testing.T, path string, bus Bus) (*Rooms, func()) {
	t.Helper()
	db, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	store := session.NewStore(100, 100, time.Hour, membudget.New(1<<30))
	rs := New(Config{DB: db, Bus: bus, Sessions: store, MaxNodes: 100000, VotersPerAddress: 10})
	var once sync.Once
	stop := func() {
		once.Do(func() {
			rs.Close()
			store.CloseAll()
			db.Close()
		})
	}
	t.Cleanup(stop)
	return rs, stop
}

// laneRoot is search id's heuristic and its root's h, read from its
// session (rebuilt from its record when rs has none).
func laneRoot(t *testing.T, rs *Rooms, id string) (h string, rootH float64) {
	t.Helper()
	sess, ok, err := rs.Session(context.Background(), id)
	if err != nil || !ok {
		t.Fatalf("search %s: %v, %v", id, ok, err)
	}
	sess.Do(func(l session.Live) {
		h, rootH = l.Search.Options().Heuristic, l.Search.Node(0).H
	})
	return h, rootH
}

// checkLanes checks that the room's searches are A* with the lecturer's
// heuristic (root h 0) beside A* with Manhattan (root h above 0).
func checkLanes(t *testing.T, rs *Rooms, ids []string) {
	t.Helper()
	want := []string{"mine", "manhattan"}
	for i, id := range ids {
		h, rootH := laneRoot(t, rs, id)
		if h != want[i] || (rootH == 0) != (want[i] == "mine") {
			t.Errorf("search %d: heuristic %q, root h %v; want %s", i+1, h, rootH, want[i])
		}
	}
}

func roomIDs(r *Room) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ids []string
	for _, se := range r.history {
		ids = append(ids, se.ID)
	}
	return ids
}

// A room compares A* with the lecturer's heuristic against A* with
// Manhattan side by side, and a restart on the same database rebuilds both.
func TestRoomLoadOwnHeuristicSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "stepviz.db")
	rs, stop := roomsOn(t, path, nil)
	r, _, err := rs.Create(ctx, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	// "astar" alone searches with the script's first heuristic.
	if err := r.load(ctx, heurProblem, []string{"astar", "astar h=manhattan"}, ownH); err != nil {
		t.Fatal(err)
	}
	ids := roomIDs(r)
	checkLanes(t, rs, ids)
	se, err := rs.db.Search(ctx, ids[0])
	if err != nil || se.Heuristics != ownH {
		t.Fatalf("stored search: heuristics %q, %v; want the script", se.Heuristics, err)
	}
	stop()

	// A restart: new Rooms and sessions on the same database.
	again, _ := roomsOn(t, path, nil)
	checkLanes(t, again, ids)
}

// A bad script is refused with its line, in the script's words; a script
// over the form's bound is refused before Starlark reads it.
func TestRoomLoadOwnHeuristicRefused(t *testing.T) {
	ctx := context.Background()
	rs, _ := roomsOn(t, filepath.Join(t.TempDir(), "stepviz.db"), nil)
	r, _, err := rs.Create(ctx, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, script string
		lines        []string
		want         []string
	}{
		{"syntax", "def h_mine(s):\n    return 1 +\n", []string{"astar h=mine"}, []string{"mine.star:2"}},
		{"first step fails", "def h_mine(s):\n    return 1 // 0\n", []string{"astar h=mine"}, []string{"mine.star:2", "division"}},
		{"not a number", "def h_mine(s):\n    return \"far\"\n", []string{"bfs", "astar h=mine"}, []string{"search 2", "mine.star"}},
		{"oversized", "def h_mine(s):\n    return 0\n" + strings.Repeat("#", script.MaxSource), []string{"astar"}, []string{"your heuristic has", "at most 1048576"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := r.load(ctx, heurProblem, tc.lines, tc.script)
			if err == nil {
				t.Fatal("loaded")
			}
			text := usererr.Text(err) // what the presenter reads
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("error %q lacks %q", text, w)
				}
			}
			if strings.HasPrefix(text, "server:") || strings.HasPrefix(text, "script:") {
				t.Errorf("error %q has a package prefix", text)
			}
		})
	}
	if n := len(roomIDs(r)); n != 0 {
		t.Errorf("%d searches loaded by refused scripts", n)
	}
}

// The load event carries the script once, so another instance of a
// cluster (its own database) builds the same searches for its followers.
func TestRoomLoadOwnHeuristicEvent(t *testing.T) {
	ctx := context.Background()
	bus := newMemBus()
	t.Cleanup(bus.release)
	one, _ := roomsOn(t, filepath.Join(t.TempDir(), "one.db"), bus)
	r, _, err := one.Create(ctx, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.load(ctx, heurProblem, []string{"astar h=mine", "astar h=manhattan"}, ownH); err != nil {
		t.Fatal(err)
	}
	evs := bus.events(r.ID)
	if len(evs) != 1 || evs[0].Kind != evLoad || evs[0].Heuristics != ownH {
		t.Fatalf("events %+v; want one load with the script", evs)
	}
	for _, se := range evs[0].Searches {
		if se.Heuristics != "" {
			t.Errorf("search %s carries the script again", se.ID)
		}
	}
	other, _ := roomsOn(t, filepath.Join(t.TempDir(), "other.db"), bus)
	checkLanes(t, other, roomIDs(r))
}
