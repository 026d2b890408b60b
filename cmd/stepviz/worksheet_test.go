package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWorksheetWritesSheetAndKey(t *testing.T) {
	dir := t.TempDir()
	for _, format := range []string{"md", "tex", "html"} {
		sheet := filepath.Join(dir, "hw."+format)
		args := []string{"worksheet", "-problem", "graph romania", "-algo", "astar", "-tie", "high-g", "-steps", "4", "-blank", "open,order", "-format", format, "-o", sheet}
		code, _, stderr := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		s, _ := os.ReadFile(sheet)
		k, err := os.ReadFile(filepath.Join(dir, "hw-key."+format))
		if err != nil {
			t.Fatalf("%s: no answer key beside the sheet: %v", format, err)
		}
		for _, want := range []string{"larger g is expanded first", "when a node is selected for expansion"} {
			if !strings.Contains(string(s), want) {
				t.Errorf("%s sheet does not state %q", format, want)
			}
		}
		// Step 3 expands Rimnicu_Vilcea: the sheet leaves the order blank,
		// so the name is only in the road table, while the key fills it in.
		if strings.Contains(string(s), "Pitesti | 317") || !strings.Contains(string(k), "317") {
			t.Errorf("%s: the answers leak into the sheet or are missing from the key", format)
		}
		// The same inputs give the same bytes.
		if code, _, _ := runCmd(t, args...); code != exitOK {
			t.Fatal("second run failed")
		}
		again, _ := os.ReadFile(sheet)
		if string(again) != string(s) {
			t.Errorf("%s: two runs give different sheets", format)
		}
	}
}

func TestWorksheetBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-problem", "graph romania"}, "give -steps N"},
		{[]string{"-problem", "graph romania", "-steps", "3", "-blank", "opn"}, "did you mean open"},
		{[]string{"-problem", "graph romania", "-steps", "3", "-format", "pdf"}, "worksheet format \"pdf\""},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, append([]string{"worksheet"}, tt.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("worksheet %v: exit %d, stderr %q; want %q", tt.args, code, stderr, tt.want)
		}
	}
}
