package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/notebook"
)

// TestReadsOnAFullDisk: a server whose disk is full still opens its saved
// notebooks. The database lives on an 8 MiB tmpfs, filled to its last
// byte after the server opened it; a read must need no room at all.
func TestReadsOnAFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		testenv.Missing(t, "mounting a small tmpfs needs root")
	}
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=8m"); err != nil {
		testenv.Missing(t, "mounting a tmpfs: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) })
	path := filepath.Join(dir, "stepviz.db")
	ctx := context.Background()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := &notebook.Doc{Title: "lecture", Cells: []notebook.Cell{{Kind: "markdown", Source: strings.Repeat("x", 1<<20)}}}
	sv, err := db.Notebooks(notebook.Limits{}, nil).Create(ctx, "10.0.0.1", doc)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	db2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	// The disk fills up while the server runs.
	fill, err := os.Create(filepath.Join(dir, "fill"))
	if err != nil {
		t.Fatal(err)
	}
	defer fill.Close()
	chunk := make([]byte, 4<<10)
	for {
		if _, err := fill.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	nbs := db2.Notebooks(notebook.Limits{}, nil)
	for i := range 3 {
		got, err := nbs.Get(ctx, sv.ID)
		if err != nil || got.Title != "lecture" {
			t.Fatalf("read %d on a full disk: %v", i+1, err)
		}
	}
}
