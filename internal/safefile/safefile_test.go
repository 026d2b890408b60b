package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fixtures makes a directory with a regular file, a FIFO (no writer), a
// symlink to the regular file and a subdirectory.
func fixtures(t *testing.T) (dir string) {
	t.Helper()
	dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "small.txt"), []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("small.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReadFile(t *testing.T) {
	dir := fixtures(t)
	tests := []struct {
		name, path string
		max        int64
		want       string // "" for success
	}{
		{"regular", filepath.Join(dir, "small.txt"), 10, ""},
		{"symlink to a regular file", filepath.Join(dir, "link"), 10, ""},
		{"over the bound", filepath.Join(dir, "small.txt"), 4, "is 5 bytes, over the limit of 4"},
		{"directory", filepath.Join(dir, "sub"), 10, "is a directory, not a regular file"},
		{"FIFO without a writer", filepath.Join(dir, "fifo"), 10, "is a named pipe (FIFO), not a regular file"},
		{"/dev/zero", "/dev/zero", 10, "is a character device, not a regular file"},
		{"missing", filepath.Join(dir, "nope"), 10, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			data, err := ReadFile(tt.path, tt.max)
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v: a refusal must be at once", d)
			}
			if tt.want == "" {
				if err != nil || string(data) != "hello" {
					t.Fatalf("ReadFile = %q, %v", data, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("ReadFile error = %v, want one containing %q", err, tt.want)
			}
		})
	}
	if _, err := ReadFile(filepath.Join(dir, "small.txt"), 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the bound: %v does not wrap ErrTooLarge", err)
	}
}

func TestWriteFile(t *testing.T) {
	dir := fixtures(t)
	// An existing file keeps its mode (0600 was widened to 0644).
	p := filepath.Join(dir, "small.txt")
	if err := WriteFile(p, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after WriteFile = %v, want 0600 kept", fi.Mode().Perm())
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("content = %q", b)
	}
	// A new file gets perm.
	n := filepath.Join(dir, "new.txt")
	if err := WriteFile(n, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(n); fi.Mode().Perm() != 0o644 {
		t.Errorf("new file mode = %v, want 0644", fi.Mode().Perm())
	}
	// Non-regular targets are refused and left as they are.
	for _, name := range []string{"fifo", "link", "sub"} {
		target := filepath.Join(dir, name)
		before, _ := os.Lstat(target)
		err := WriteFile(target, []byte("x"), 0o644)
		if err == nil || !strings.Contains(err.Error(), "refusing to replace it") {
			t.Errorf("WriteFile(%s) error = %v, want a refusal", name, err)
		}
		after, _ := os.Lstat(target)
		if before.Mode() != after.Mode() {
			t.Errorf("%s changed from %v to %v", name, before.Mode(), after.Mode())
		}
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".stepviz-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestSameFile(t *testing.T) {
	dir := fixtures(t)
	if !SameFile(filepath.Join(dir, "small.txt"), filepath.Join(dir, "sub", "..", "small.txt")) {
		t.Error("the same existing file through two paths")
	}
	if !SameFile(filepath.Join(dir, "a.md"), filepath.Join(dir, ".", "a.md")) {
		t.Error("the same missing file through two paths")
	}
	if SameFile(filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md")) {
		t.Error("two different files")
	}
}

// TestWriteWithFailure: a write that fails part way (after writing more
// than the buffer holds) leaves the file as it was and no temporary file;
// one that succeeds replaces it with everything written.
func TestWriteWithFailure(t *testing.T) {
	dir := fixtures(t)
	p := filepath.Join(dir, "small.txt")
	big := strings.Repeat("0123456789", 20_000) // 200 kB: past the buffer, so some reached the temporary file
	stop := errors.New("stopped at step 7")
	err := WriteWith(p, 0o644, func(w io.Writer) error {
		if _, err := io.WriteString(w, big); err != nil {
			return err
		}
		return stop
	})
	if !errors.Is(err, stop) {
		t.Errorf("WriteWith error = %v, want the write's own", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "hello" {
		t.Errorf("after a failed write the file holds %d bytes, want it as it was (hello)", len(b))
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".stepviz-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	if err := WriteWith(p, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, big); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != big {
		t.Errorf("after a write the file holds %d bytes, want %d", len(b), len(big))
	}
}
