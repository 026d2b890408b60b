package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestKernelInstall(t *testing.T) {
	prefix := t.TempDir()
	user := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", user)
	for _, tc := range []struct {
		args []string
		dir  string
	}{
		{[]string{"install", "--prefix", prefix}, filepath.Join(prefix, "share", "jupyter", "kernels", "stepviz")},
		{[]string{"install", "--user"}, filepath.Join(user, "kernels", "stepviz")},
		{[]string{"install"}, filepath.Join(user, "kernels", "stepviz")},
	} {
		var out, errb bytes.Buffer
		if code := runKernel(tc.args, &out, &errb); code != 0 {
			t.Fatalf("stepviz kernel %v: exit %d: %s", tc.args, code, errb.String())
		}
		b, err := os.ReadFile(filepath.Join(tc.dir, "kernel.json"))
		if err != nil {
			t.Fatalf("stepviz kernel %v: %v", tc.args, err)
		}
		var spec struct {
			Argv          []string `json:"argv"`
			InterruptMode string   `json:"interrupt_mode"`
			DisplayName   string   `json:"display_name"`
		}
		if err := json.Unmarshal(b, &spec); err != nil {
			t.Fatal(err)
		}
		if len(spec.Argv) != 3 || !filepath.IsAbs(spec.Argv[0]) || spec.Argv[1] != "kernel" || spec.Argv[2] != "{connection_file}" || spec.InterruptMode != "message" || spec.DisplayName == "" {
			t.Errorf("kernel.json: %s", b)
		}
		if !strings.Contains(out.String(), tc.dir) {
			t.Errorf("output %q does not name %s", out.String(), tc.dir)
		}
	}
	for _, args := range [][]string{
		{"install", "--user", "--prefix", prefix},
		{"install", "extra"},
		{"install", "--prefx", prefix},
		{},
		{"a", "b"},
		{filepath.Join(t.TempDir(), "missing.json")},
	} {
		var out, errb bytes.Buffer
		if code := runKernel(args, &out, &errb); code != exitUsage {
			t.Errorf("stepviz kernel %v: exit %d, want %d (%s)", args, code, exitUsage, errb.String())
		}
		if errb.Len() == 0 {
			t.Errorf("stepviz kernel %v: no message", args)
		}
	}
}
