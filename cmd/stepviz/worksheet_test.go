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
		{[]string{"-problem", "puzzle 867254301 goal=123456780", "-algo", "bfs", "-steps", "501"}, "a worksheet of more than 500 steps is too long to fill in by hand: give -steps 500 or fewer"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, append([]string{"worksheet"}, tt.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("worksheet %v: exit %d, stderr %q; want %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestWorksheetSaysWhenTheSearchEndsFirst: a sheet asked for more steps
// than the search takes has the search's steps, and the command says so
// (greedy reaches Bucharest at step 4, A* at step 6); with as many steps
// as the search takes or fewer it says nothing of it.
func TestWorksheetSaysWhenTheSearchEndsFirst(t *testing.T) {
	tests := []struct {
		algo, steps string
		want        string // "" when nothing is said
	}{
		{"greedy", "5", "the search ends at step 4 (solved), so the sheet has 4 steps, not the 5 asked for"},
		{"astar", "200", "the search ends at step 6 (solved), so the sheet has 6 steps, not the 200 asked for"},
		{"astar", "6", ""},
		{"astar", "3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.algo+" "+tt.steps, func(t *testing.T) {
			for _, out := range []string{filepath.Join(t.TempDir(), "hw.md"), ""} {
				code, _, stderr := runCmd(t, "worksheet", "-problem", "graph romania", "-algo", tt.algo, "-steps", tt.steps, "-o", out)
				if code != exitOK {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				if got := strings.Contains(stderr, "the search ends at step"); got != (tt.want != "") || !strings.Contains(stderr, tt.want) {
					t.Errorf("-o %q: stderr %q, want %q", out, stderr, tt.want)
				}
			}
		})
	}
}
