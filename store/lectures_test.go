package store

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestLectures(t *testing.T) {
	db, path := openTemp(t)
	ctx := context.Background()
	for i, l := range []Lecture{
		{ID: "a", KeyHash: HashKey("ka"), Form: `{"Source":"puzzle"}`, Spec: "puzzle 283164705", Options: "astar", Owner: "10.0.0.1", Used: 100},
		{ID: "b", KeyHash: HashKey("kb"), Form: `{}`, Spec: "graph romania", Options: "bfs", Owner: "10.0.0.1", Used: 300},
		{ID: "c", KeyHash: HashKey("kc"), Form: `{}`, Spec: "grid S.G", Options: "ucs", Owner: "10.0.0.2", Used: 200},
	} {
		if err := db.CreateLecture(ctx, l); err != nil {
			t.Fatalf("lecture %d: %v", i, err)
		}
	}
	if err := db.CreateLecture(ctx, Lecture{ID: "a", Form: "{}"}); err == nil {
		t.Error("a second lecture a was kept")
	}
	if err := db.CreateLecture(ctx, Lecture{ID: "big", Form: strings.Repeat("x", MaxLectureForm+1)}); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("an oversized form: %v", err)
	}
	if err := db.SetLectureStep(ctx, "a", 42, 400); err != nil {
		t.Fatal(err)
	}
	// a restart keeps them
	db.Close()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	l, err := db.Lecture(ctx, "a")
	if err != nil || l.Step != 42 || l.Used != 400 || string(l.KeyHash) != string(HashKey("ka")) || l.Form != `{"Source":"puzzle"}` || l.Spec != "puzzle 283164705" {
		t.Fatalf("lecture a after a restart: %+v, %v", l, err)
	}
	if _, err := db.Lecture(ctx, "zz"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing lecture: %v", err)
	}
	ls, err := db.Lectures(ctx, []string{"c", "a", "zz", "b"})
	if err != nil || len(ls) != 3 || ls[0].ID != "a" || ls[1].ID != "b" || ls[2].ID != "c" {
		t.Errorf("Lectures: %+v, %v; want a, b, c by last use", ls, err)
	}
	if total, owned, err := db.LectureUsage(ctx, "10.0.0.1"); total != 3 || owned != 2 || err != nil {
		t.Errorf("LectureUsage = %d, %d, %v", total, owned, err)
	}
	if id, err := db.EvictLecture(ctx, 150); id != "" || err != nil {
		t.Errorf("EvictLecture(150) = %q, %v; every lecture was used since", id, err)
	}
	if id, err := db.EvictLecture(ctx, 250); id != "c" || err != nil {
		t.Errorf("EvictLecture(250) = %q, %v; want c", id, err)
	}
	if ok, err := db.DeleteLecture(ctx, "b"); !ok || err != nil {
		t.Errorf("DeleteLecture(b) = %v, %v", ok, err)
	}
	if ok, _ := db.DeleteLecture(ctx, "b"); ok {
		t.Error("lecture b deleted twice")
	}
	if ls, _ := db.Lectures(ctx, []string{"a", "b", "c"}); len(ls) != 1 {
		t.Errorf("left: %+v; want a", ls)
	}
}
