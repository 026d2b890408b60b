package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"stepviz/notebook"
	"stepviz/notebook/storetest"
)

func openTemp(t *testing.T) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stepviz.db")
	db, err := Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db, path
}

func TestMigrationsNumbered(t *testing.T) {
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 || SchemaVersion() != len(ms) {
		t.Fatalf("%d migrations, SchemaVersion %d", len(ms), SchemaVersion())
	}
}

func TestOpenMigratesAndReopens(t *testing.T) {
	db, path := openTemp(t)
	ctx := context.Background()
	if err := db.CreateRoom(ctx, Room{ID: "abc234", KeyHash: HashKey("k")}); err != nil {
		t.Fatal(err)
	}
	var v int
	if err := db.db.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != SchemaVersion() {
		t.Fatalf("user_version %d, %v; want %d", v, err, SchemaVersion())
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db2.Close()
	r, err := db2.Room(ctx, "abc234")
	if err != nil || string(r.KeyHash) != string(HashKey("k")) || r.Current != -1 {
		t.Fatalf("room after reopen: %+v, %v", r, err)
	}
}

// TestOpenRefuses checks that every database Open cannot use is an error
// naming the file and what to do, and that the file is left as it was.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("this is not sqlite ", 400)), 0o644); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	newer := filepath.Join(dir, "newer.db")
	for _, p := range []struct {
		path, sql string
	}{{foreign, "CREATE TABLE t (x)"}, {newer, "PRAGMA user_version = 999"}} {
		db, err := sql.Open("sqlite", p.path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(p.sql); err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
	damaged := filepath.Join(dir, "damaged.db")
	{
		db, err := Open(damaged)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 200 {
			if err := db.CreateRoom(context.Background(), Room{ID: strings.Repeat("r", 1+i%50) + string(rune('a'+i%26)) + strings.Repeat("x", i), KeyHash: HashKey("k")}); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
		b, _ := os.ReadFile(damaged)
		for i := 4096 + 100; i < len(b) && i < 4096*3; i++ {
			b[i] ^= 0x5a // scramble the second and third pages
		}
		if err := os.WriteFile(damaged, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, path string
		want       []string
	}{
		{"not sqlite", garbage, []string{garbage, "not a usable stepviz database", "backup"}},
		{"damaged", damaged, []string{damaged, "not a usable stepviz database"}},
		{"someone else's", foreign, []string{foreign, "not stepviz's"}},
		{"newer schema", newer, []string{newer, "schema version 999", "newer stepviz"}},
		{"a directory", dir, []string{dir, "not a regular file"}},
		{"no directory", filepath.Join(dir, "no", "such.db"), []string{"directory does not exist"}},
		{"empty path", "", []string{"-db"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := os.ReadFile(tc.path)
			db, err := Open(tc.path)
			if err == nil {
				db.Close()
				t.Fatalf("Open(%s) succeeded", tc.path)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if after, _ := os.ReadFile(tc.path); string(after) != string(before) {
				t.Errorf("Open changed the file it refused")
			}
		})
	}
}

// TestOpenReadOnly opens a database its user may not write. Root may write
// any file, so as root the check runs in a child process as user nobody.
func TestOpenReadOnly(t *testing.T) {
	if path := os.Getenv("STORE_READONLY_DB"); path != "" {
		_, err := Open(path)
		if err == nil || !strings.Contains(err.Error(), "cannot be written") {
			t.Fatalf("Open of a read-only database: %v", err)
		}
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "ro.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		_, err := Open(path)
		if err == nil || !strings.Contains(err.Error(), "cannot be written") {
			t.Fatalf("Open of a read-only database: %v", err)
		}
		return
	}
	// As root: copy the test binary where nobody can run it, and run this
	// test again as nobody.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "store.test")
	b, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, filepath.Dir(dir)} {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "-test.run=^TestOpenReadOnly$", "-test.count=1")
	cmd.Env = append(os.Environ(), "STORE_READONLY_DB="+path)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "PASS") {
		t.Fatalf("as nobody, the test did not run:\n%s", out)
	}
}

func TestRoomHistory(t *testing.T) {
	db, _ := openTemp(t)
	ctx := context.Background()
	if err := db.CreateRoom(ctx, Room{ID: "r1", KeyHash: HashKey("key")}); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateRoom(ctx, Room{ID: "r1", KeyHash: HashKey("other")}); err == nil {
		t.Fatal("a second room with the same id was stored")
	}
	if _, err := db.Room(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing room: %v", err)
	}
	steps := []struct {
		searches []Search
		wantPos  int
	}{
		{[]Search{{ID: "s1", Problem: "puzzle 283164705", Options: "bfs"}}, 0},
		{[]Search{{ID: "s2", Problem: "puzzle 283164705", Options: "astar h=misplaced"}, {ID: "s3", Problem: "puzzle 283164705", Options: "astar h=manhattan"}}, 1},
	}
	for _, st := range steps {
		pos, err := db.AddSearches(ctx, "r1", st.searches)
		if err != nil || pos != st.wantPos {
			t.Fatalf("AddSearches: pos %d, %v; want %d", pos, err, st.wantPos)
		}
	}
	if _, err := db.AddSearches(ctx, "nope", []Search{{ID: "s9"}}); err == nil {
		t.Fatal("searches added to a room that does not exist")
	}
	if err := db.SetStep(ctx, "s3", 25); err != nil {
		t.Fatal(err)
	}
	all, err := db.Searches(ctx, "r1")
	if err != nil || len(all) != 3 {
		t.Fatalf("Searches: %v, %v", all, err)
	}
	if all[2].ID != "s3" || all[2].Pos != 1 || all[2].Lane != 1 || all[2].Step != 25 || all[2].Options != "astar h=manhattan" {
		t.Fatalf("third search: %+v", all[2])
	}
	r, _ := db.Room(ctx, "r1")
	if r.Current != 1 {
		t.Fatalf("current %d, want 1", r.Current)
	}
	if err := db.SetCurrent(ctx, "r1", 0); err != nil {
		t.Fatal(err)
	}
	if err := db.SetCurrent(ctx, "r1", 7); !errors.Is(err, ErrNotFound) {
		t.Fatalf("SetCurrent to a missing pos: %v", err)
	}
	if se, err := db.Search(ctx, "s1"); err != nil || se.RoomID != "r1" {
		t.Fatalf("Search: %+v, %v", se, err)
	}
}

func TestPolls(t *testing.T) {
	db, _ := openTemp(t)
	ctx := context.Background()
	if err := db.CreateRoom(ctx, Room{ID: "r1", KeyHash: HashKey("key")}); err != nil {
		t.Fatal(err)
	}
	id, err := db.CreatePoll(ctx, Poll{RoomID: "r1", SearchID: "s1", Step: 3, Kind: "next", Node: -1, Question: "Which node is expanded next?", Answer: "7"})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []Answer{{id, "p1", "7", 0}, {id, "p2", "5", 0}, {id, "p1", "6", 0}} {
		if err := db.SetAnswer(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	as, err := db.Answers(ctx, id)
	if err != nil || len(as) != 2 || as[0].Answer != "6" {
		t.Fatalf("answers: %+v, %v (p1 changed its answer to 6)", as, err)
	}
	if err := db.Reveal(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := db.SetAnswer(ctx, Answer{id, "p3", "7", 0}); !errors.Is(err, ErrRevealed) {
		t.Fatalf("answer after reveal: %v", err)
	}
	ps, err := db.Polls(ctx, "r1")
	if err != nil || len(ps) != 1 || !ps[0].Revealed || ps[0].Answer != "7" {
		t.Fatalf("polls: %+v, %v", ps, err)
	}
}

func TestNotebookStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T, lim notebook.Limits, now func() time.Time) notebook.Store {
		db, _ := openTemp(t)
		return db.Notebooks(lim, now)
	})
}

// TestNotebooksSurviveReopen saves a notebook, closes the database and
// reads it back from a new handle, as after a restart.
func TestNotebooksSurviveReopen(t *testing.T) {
	db, path := openTemp(t)
	ctx := context.Background()
	sv, err := db.Notebooks(notebook.Limits{}, nil).Create(ctx, "10.0.0.1", &notebook.Doc{Title: "lecture 3", Cells: []notebook.Cell{{Kind: "code", Source: "p = puzzle 283164705"}}})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	db2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	nbs := db2.Notebooks(notebook.Limits{}, nil)
	doc, err := nbs.Get(ctx, sv.ID)
	if err != nil || doc.Title != "lecture 3" || len(doc.Cells) != 1 || !nbs.Policy().Durable {
		t.Fatalf("after reopening: %+v, %v", doc, err)
	}
	if _, err := nbs.Update(ctx, sv.ID, sv.Key, &notebook.Doc{Title: "lecture 3b"}); err != nil {
		t.Fatalf("the write key no longer works after reopening: %v", err)
	}
}

// TestBackupWhileWriting copies the database while another goroutine
// writes to it; the copy opens as a stepviz database with every room
// written before the backup began.
func TestBackupWhileWriting(t *testing.T) {
	db, path := openTemp(t)
	ctx := context.Background()
	for i := range 50 {
		if err := db.CreateRoom(ctx, Room{ID: "before" + string(rune('A'+i)), KeyHash: HashKey("k")}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			_ = db.CreateRoom(ctx, Room{ID: "during" + strings.Repeat("x", i%40) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)), KeyHash: HashKey("k")})
		}
	}()
	dest := filepath.Join(filepath.Dir(path), "copy.db")
	err := db.Backup(ctx, dest)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Backup(ctx, dest); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("backup over an existing file: %v", err)
	}
	cp, err := Open(dest)
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	defer cp.Close()
	var n int
	if err := cp.db.QueryRow(`SELECT count(*) FROM rooms WHERE id LIKE 'before%'`).Scan(&n); err != nil || n != 50 {
		t.Fatalf("the backup has %d of the 50 rooms written before it (%v)", n, err)
	}
}

// TestRoomQuotaAndEviction: rooms are counted by owner, and only a room
// unused since the cutoff is evicted, with everything it holds.
func TestRoomQuotaAndEviction(t *testing.T) {
	db, _ := openTemp(t)
	ctx := context.Background()
	for i, r := range []Room{
		{ID: "old", Owner: "10.0.0.1", Created: 100, Used: 100},
		{ID: "mid", Owner: "10.0.0.1", Created: 200, Used: 5000},
		{ID: "new", Owner: "10.0.0.2", Created: 300, Used: 9000},
	} {
		r.KeyHash = HashKey(fmt.Sprint(i))
		if err := db.CreateRoom(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.AddSearches(ctx, "old", []Search{{ID: "s-old", Problem: "puzzle 283164705", Options: "bfs"}}); err != nil {
		t.Fatal(err)
	}
	if pid, err := db.CreatePoll(ctx, Poll{RoomID: "old", SearchID: "s-old", Kind: "next", Question: "q", Answer: "1"}); err != nil {
		t.Fatal(err)
	} else if err := db.SetAnswer(ctx, Answer{PollID: pid, Pseudonym: "s-1", Answer: "1"}); err != nil {
		t.Fatal(err)
	}
	total, owned, err := db.RoomUsage(ctx, "10.0.0.1")
	if err != nil || total != 3 || owned != 2 {
		t.Fatalf("usage %d %d %v", total, owned, err)
	}
	if id, err := db.EvictRoom(ctx, 50); err != nil || id != "" {
		t.Fatalf("evicted %q (%v) though every room was used after the cutoff", id, err)
	}
	if err := db.TouchRoom(ctx, "mid", 50); err != nil {
		t.Fatal(err)
	}
	if id, err := db.EvictRoom(ctx, 150); err != nil || id != "mid" {
		t.Fatalf("evicted %q (%v), want mid (least recently used)", id, err)
	}
	if id, err := db.EvictRoom(ctx, 150); err != nil || id != "old" {
		t.Fatalf("evicted %q (%v), want old", id, err)
	}
	if _, err := db.Search(ctx, "s-old"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the evicted room's search is still there: %v", err)
	}
	if n, _ := db.CountPolls(ctx, "old"); n != 0 {
		t.Fatalf("the evicted room's polls are still there: %d", n)
	}
	var answers int
	_ = db.db.QueryRow(`SELECT count(*) FROM answers`).Scan(&answers)
	if answers != 0 {
		t.Fatalf("%d answers left behind", answers)
	}
}

// TestReadsNeverWrite: reading a saved notebook changes no row (a download
// works on a full disk); the read is still counted as a use, written at
// the next save into notebook_used and found there after a reopen.
func TestReadsNeverWrite(t *testing.T) {
	db, path := openTemp(t)
	ctx := context.Background()
	nbs := db.Notebooks(notebook.Limits{}, nil)
	doc := &notebook.Doc{Title: "big", Cells: []notebook.Cell{{Kind: "markdown", Source: strings.Repeat("x", 100<<10)}}}
	sv, err := nbs.Create(ctx, "10.0.0.1", doc)
	if err != nil {
		t.Fatal(err)
	}
	changes := func() int64 {
		t.Helper()
		var n int64
		if err := db.db.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := changes()
	for range 40 {
		if _, err := nbs.Get(ctx, sv.ID); err != nil {
			t.Fatal(err)
		}
	}
	if after := changes(); after != before {
		t.Fatalf("40 reads changed %d rows; want none", after-before)
	}
	if _, err := nbs.Create(ctx, "10.0.0.2", &notebook.Doc{Title: "small"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	var used int64
	if err := db2.db.QueryRowContext(ctx, `SELECT used FROM notebook_used WHERE id = ?`, sv.ID).Scan(&used); err != nil || used == 0 {
		t.Fatalf("the read was not recorded at the next save: used %d, %v", used, err)
	}
}

// TestOpenOneServer: a second Open of a database in use is refused in
// words that name the cause; OpenExisting (backup) works beside it; the
// lock goes with Close; OpenExisting refuses a missing file.
func TestOpenOneServer(t *testing.T) {
	db, path := openTemp(t)
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "already in use by another stepviz serve") {
		t.Fatalf("a second Open: %v; want it refused as in use", err)
	}
	side, err := OpenExisting(path)
	if err != nil {
		t.Fatalf("OpenExisting beside the server: %v", err)
	}
	side.Close()
	db.Close()
	again, err := Open(path)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	again.Close()
	missing := filepath.Join(filepath.Dir(path), "stepviz.bd")
	if _, err := OpenExisting(missing); err == nil || !strings.Contains(err.Error(), "there is no database") {
		t.Fatalf("OpenExisting(missing): %v", err)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("OpenExisting created the missing file")
	}
}
