package jupyter

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteInside: "export ... to FILE" writes inside the notebook's
// folder only (issue 9: it wrote anywhere the user could).
func TestWriteInside(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "escape")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.csv"), 0o600); err != nil {
		t.Fatal(err)
	}
	write := writeInside(dir)
	tests := []struct{ name, want string }{
		{"trace.json", ""},
		{"out/trace.json", ""},
		{filepath.Join(outside, "abs.json"), "outside the notebook's folder"},
		{"../up.json", "outside the notebook's folder"},
		{"out/../../up.json", "outside the notebook's folder"},
		{"escape/through-link.json", "outside the notebook's folder"},
		{"pipe.csv", "refusing to replace it"},
		{"nosuch/trace.json", "create it first"},
	}
	for _, tt := range tests {
		err := write(tt.name, []byte("data"))
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			} else if b, _ := os.ReadFile(filepath.Join(dir, tt.name)); string(b) != "data" {
				t.Errorf("%s: wrote %q", tt.name, b)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("files written outside the notebook's folder: %v", entries)
	}
}

// TestNodeCeilingEnv: STEPVIZ_MAX_NODES sets the kernel's ceiling; a value
// that is not a sane number of nodes stops the kernel with a clear error.
func TestNodeCeilingEnv(t *testing.T) {
	for _, tt := range []struct {
		env  string
		want int
		err  string
	}{
		{"", 10_000_000, ""},
		{"500000", 500_000, ""},
		{" 2000 ", 2000, ""},
		{"NaN", 0, "want a whole number of nodes from 1000"},
		{"9223372036854775807", 0, "want a whole number"},
		{"10", 0, "want a whole number"},
		{"-5", 0, "want a whole number"},
	} {
		n, err := nodeCeiling(tt.env)
		if tt.err == "" && (err != nil || n != tt.want) {
			t.Errorf("nodeCeiling(%q) = %d, %v; want %d", tt.env, n, err, tt.want)
		}
		if tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("nodeCeiling(%q) error %v, want %q", tt.env, err, tt.err)
		}
	}
}
