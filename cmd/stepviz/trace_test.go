package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/viz/export"
)

func TestTraceEveryFormat(t *testing.T) {
	dir := t.TempDir()
	for _, f := range export.Formats() {
		t.Run(f.Name, func(t *testing.T) {
			out := filepath.Join(dir, "trace-"+f.Name+f.Ext)
			code, _, stderr := runCmd(t, "trace", "-problem", "puzzle 283164705 goal=123804765", "-algo", "astar", "-h", "manhattan", "-tie", "high-g", "-steps", "4", "-format", f.Name, "-o", out)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil || len(data) == 0 {
				t.Fatalf("no output written: %v", err)
			}
			if _, side, ok := export.Sidecar(f.Name, out); ok {
				data, _ = os.ReadFile(side) // a CSV records its options beside it
			}
			if !strings.Contains(string(data), "tie=high-g") {
				t.Errorf("%s does not record the options", f.Name)
			}
		})
	}
}

func TestTraceJSONLToStdout(t *testing.T) {
	code, stdout, stderr := runCmd(t, "trace", "-problem", "graph romania", "-algo", "ucs", "-steps", "3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	var lines []map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %d is not JSON: %v", len(lines)+1, err)
		}
		lines = append(lines, m)
	}
	if len(lines) != 4 || lines[0]["format"] != "stepviz-trace" || lines[0]["options"] != "ucs tie=fifo goaltest=expand open=reparent closed=ignore order=natural" {
		t.Fatalf("want a header line and 3 event lines, got %d lines: %v", len(lines), lines[0])
	}
	for i, l := range lines[1:] {
		if l["step"] != float64(i+1) {
			t.Errorf("line %d has step %v", i+2, l["step"])
		}
	}
	if _, err := export.ReadTrace(strings.NewReader(stdout)); err != nil {
		t.Errorf("ReadTrace of the JSONL output: %v", err)
	}
}

func TestTraceFormatFromExtension(t *testing.T) {
	dir := t.TempDir()
	for ext, want := range map[string]string{".csv": "step,node,state", ".md": "## Step 1", ".dot": "digraph search", ".trace.json": `"version": "1.0.5"`} {
		out := filepath.Join(dir, "t"+ext)
		if code, _, stderr := runCmd(t, "trace", "-problem", "graph romania", "-steps", "2", "-o", out); code != exitOK {
			t.Fatalf("%s: exit %d: %s", ext, code, stderr)
		}
		data, _ := os.ReadFile(out)
		if !strings.Contains(string(data), want) {
			t.Errorf("-o t%s: output does not contain %q", ext, want)
		}
		side, err := os.ReadFile(out + "-metadata.json")
		if (ext == ".csv") != (err == nil) {
			t.Errorf("-o t%s: sidecar %s-metadata.json: %v (a csv has one, nothing else)", ext, out, err)
		}
		if ext == ".csv" && !strings.Contains(string(side), `"problem": "graph romania"`) {
			t.Errorf("-o t.csv: the sidecar does not record the problem:\n%s", side)
		}
	}
}

func TestTraceBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-problem", "graph romania", "-format", "jsn"}, "did you mean json"},
		{[]string{"-problem", "graph romania", "-h", "manhatan"}, "unknown heuristic"},
		{[]string{"-algo", "astar"}, "no problem"},
		{[]string{"-problem", "puzzle 12345678", "-steps", "2"}, "puzzle"},
		{[]string{"-problem", "graph romania", "-steps", "-5"}, "-steps -5"},
		{[]string{"-problem", "graph romania", "-o", "/nonexistent/dir/t.json"}, "writing /nonexistent/dir/t.json"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, append([]string{"trace"}, tt.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("trace %v: exit %d, stderr %q; want exit %d saying %q", tt.args, code, stderr, exitUsage, tt.want)
		}
	}
}

// TestTraceRefusedLeavesFileAlone: an export refused as it is made (an
// HTML replay of more steps than a page holds) exits 2 with the reason
// and leaves the file named by -o as it was, and no temporary file: the
// export streams through a temporary file renamed only when it is done.
func TestTraceRefusedLeavesFileAlone(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "replay.html")
	if err := os.WriteFile(out, []byte("an earlier replay"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd(t, "trace", "-problem", "puzzle 867254301 goal=123456780", "-algo", "bfs", "-steps", "60000", "-o", out)
	if code != exitUsage || !strings.Contains(stderr, "more than 50000 steps") {
		t.Fatalf("exit %d, stderr %q; want 2 and the reason (the replay's step limit)", code, stderr)
	}
	if strings.Contains(stderr, "export: ") {
		t.Errorf("the message carries a package prefix: %q", stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "an earlier replay" {
		t.Errorf("the file was changed by a refused export: %d bytes", len(b))
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files, want only replay.html: a temporary file was left", len(entries))
	}
}
