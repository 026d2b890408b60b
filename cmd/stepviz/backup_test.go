package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/store"
)

func TestBackup(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	db, err := store.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateRoom(context.Background(), store.Room{ID: "room42", KeyHash: store.HashKey("k")}); err != nil {
		t.Fatal(err)
	}
	defer db.Close() // the server keeps it open while the copy is made
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-db", src, "-o", dst}, exitOK, "copied to"},
		{[]string{"-db", src, "-o", dst}, exitUsage, "already exists"},
		{[]string{"-db", src}, exitUsage, "-o copy.db"},
		{[]string{"-db", filepath.Join(dir, "none", "x.db"), "-o", filepath.Join(dir, "c.db")}, exitUsage, "there is no database"},
		{[]string{"-db", filepath.Join(dir, "a.bd"), "-o", filepath.Join(dir, "typo.db")}, exitUsage, "there is no database " + filepath.Join(dir, "a.bd")},
		{[]string{"-db", src, "-o", filepath.Join(dir, "none", "c.db")}, exitUsage, "give -o a path in a folder you may write to"},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"backup"}, tc.args...), &out, &errb); code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
			t.Errorf("backup %v: exit %d, %q %q; want %d and %q", tc.args, code, out.String(), errb.String(), tc.code, tc.want)
		}
		if e := errb.String(); strings.Contains(e, "store:") || strings.Count(e, "backup:") > 1 {
			t.Errorf("backup %v: %q carries a package's prefix; a user reads only \"stepviz backup: \" and the reason", tc.args, e)
		}
	}
	for _, p := range []string{filepath.Join(dir, "a.bd"), filepath.Join(dir, "typo.db"), filepath.Join(dir, "c.db")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("a refused backup left %s behind", p)
		}
	}
	if fi, err := os.Stat(dst); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the copy's mode is %v (%v), want -rw------- as the database's: it holds the presenter key hashes", fi.Mode(), err)
	}
	cp, err := store.Open(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if _, err := cp.Room(context.Background(), "room42"); err != nil {
		t.Fatalf("the copy lacks the room: %v", err)
	}
}
