package server

import (
	"context"
	"path/filepath"
	"testing"

	persist "stepviz/store"
	"stepviz/templates"
)

// BenchmarkLectureStep is one presenter step of a session with no
// follower, kept as a lecture (its step saved before anyone sees it) and
// not; and the rebuild of a kept lecture at step 2,000 after a restart.
func BenchmarkLectureStep(b *testing.B) {
	db, err := persist.Open(filepath.Join(b.TempDir(), "stepviz.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	fv := templates.FormValues{Source: "puzzle", Puzzle: "867254301", PuzzleGoal: "123456780", Options: map[string]string{"algo": "bfs"}}
	for _, kept := range []bool{false, true} {
		name := map[bool]string{false: "memory", true: "kept"}[kept]
		b.Run(name, func(b *testing.B) {
			srv := New(Config{DB: db, MaxNodes: 10_000_000})
			defer srv.Close()
			search, err := searchFromForm(fv, srv.cfg.MaxNodes)
			if err != nil {
				b.Fatal(err)
			}
			sess, err := srv.startSession(search)
			if err != nil {
				b.Fatal(err)
			}
			if kept {
				if why := srv.keepLecture(context.Background(), sess, fv, "10.0.0.1"); why != "" {
					b.Fatal(why)
				}
			}
			for b.Loop() {
				_ = sess.Command(clientMsg{Type: cmdStep})
			}
		})
	}
	b.Run("rebuild-at-2000", func(b *testing.B) {
		srv := New(Config{DB: db, MaxNodes: 10_000_000})
		search, _ := searchFromForm(fv, srv.cfg.MaxNodes)
		sess, _ := srv.startSession(search)
		if why := srv.keepLecture(context.Background(), sess, fv, "10.0.0.1"); why != "" {
			b.Fatal(why)
		}
		_ = sess.Command(clientMsg{Type: cmdSeek, Step: 2000})
		id := sess.ID
		srv.Close()
		for b.Loop() {
			srv2 := New(Config{DB: db, MaxNodes: 10_000_000})
			if _, ok, err := srv2.lectureSession(context.Background(), id); !ok || err != nil {
				b.Fatal(ok, err)
			}
			srv2.Close()
		}
	})
}
