package kernel

import (
	"strings"
	"testing"
)

func TestComplete(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, seedPuzzle, "a = search bfs")
	tests := []struct {
		code string // | marks the cursor
		want []string
		word string // the text the matches replace
	}{
		{"st|", []string{"step"}, "st"},
		{"s|", []string{"script", "search", "show", "step"}, "s"},
		{"search a|", []string{"astar"}, "a"},
		{"search astar h=m|", []string{"h=manhattan", "h=misplaced"}, "h=m"},
		{"search astar ti|", []string{"tie="}, "ti"},
		{"search astar tie=|", []string{"tie=fifo", "tie=high-g", "tie=lifo", "tie=low-h"}, "tie="},
		{"search ids parent=|", []string{"parent=keep", "parent=path", "parent=skip"}, "parent="},
		{"search biucs ontie=b|", []string{"ontie=backward"}, "ontie=b"},
		{"search dfs depth=n|", []string{"depth=none"}, "depth=n"},
		{"x = search gr|", []string{"greedy"}, "gr"},
		{"compare bfs, a|", []string{"astar"}, "a"},
		{"compare bfs, astar h|", []string{"h="}, "h"},
		{"show o|", []string{"open"}, "o"},
		{"show |", []string{"a", "board", "closed", "iteration", "node", "open", "path", "stats", "tree"}, ""},
		{"help ru|", []string{"run"}, "ru"},
		{"export js|", []string{"json", "jsonl"}, "js"},
		{"puzzle 1\nstep 2\nre|set", []string{"replay", "reset"}, "reset"},
		{"puzzle 1\nstep 2\nres|et", []string{"reset"}, "reset"},
		{"grid moves=|", []string{"moves=4", "moves=8"}, "moves="},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			cursor := len([]rune(tt.code[:strings.Index(tt.code, "|")]))
			code := strings.Replace(tt.code, "|", "", 1)
			got, start, end := s.Complete(code, cursor)
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("matches %q, want %q", got, tt.want)
			}
			if w := string([]rune(code)[start:end]); w != tt.word {
				t.Errorf("replaces %q, want %q", w, tt.word)
			}
		})
	}
}

func TestInspect(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, seedPuzzle)
	for _, tt := range []struct {
		code   string
		cursor int
		want   string
	}{
		{"step 3", 2, "step [NAME] [N]"},
		{"search astar tie=high-g", 15, "tie=RULE"},
		{"search astar", 9, "A*, f = g + h"},
		{"search astar h=manhattan", 14, "h=NAME"},
		{"show open", 7, "show [NAME]"},
		{"search astar h=linear-conflict", 30, "h=NAME"},
	} {
		got, ok := s.Inspect(tt.code, tt.cursor)
		if !ok || !strings.Contains(got, tt.want) {
			t.Errorf("Inspect(%q, %d) = %q, %v; want %q", tt.code, tt.cursor, got, ok, tt.want)
		}
	}
	if got, ok := s.Inspect("step 3", 5); ok {
		t.Errorf("Inspect on a number found %q", got)
	}
}

func TestIsComplete(t *testing.T) {
	for cell, want := range map[string]string{
		"step 3":                 "complete",
		"":                       "complete",
		"compare bfs,":           "incomplete",
		"grid cost=10-14":        "incomplete",
		"graph":                  "incomplete",
		"grid\nS.G":              "complete",
		"stpe":                   "invalid",
		"puzzle 1 # comment":     "complete",
		"search astar tie=nope ": "invalid",
	} {
		if got := IsComplete(cell); got != want {
			t.Errorf("IsComplete(%q) = %s, want %s", cell, got, want)
		}
	}
}

// TestCompletenessOfScripts: a problem or heuristic cell is incomplete
// until it has a script, and while its last line opens a block or a
// bracket is left open; the next line's indent is the block's.
func TestCompletenessOfScripts(t *testing.T) {
	for _, tc := range []struct{ cell, status, indent string }{
		{"heuristic tiles:", "incomplete", ""},
		{"problem maze:\n\n", "incomplete", ""},
		{"problem maze size=4:", "incomplete", ""},
		{"heuristic tiles:\ndef h(s):", "incomplete", "    "},
		{"heuristic tiles:\ndef h(s):  # the body comes next", "incomplete", "    "},
		{"heuristic tiles:\ndef h(s):\n    if s[0] == 1:", "incomplete", "        "},
		{"heuristic tiles:\ndef h(s):\n    return sum([1 for t in s\n", "incomplete", "        "},
		{"heuristic tiles:\ndef h(s):\n    return 0", "complete", ""},
		{"heuristic tiles:\ndef h(s):\n    return len(\"a:(\")  # ends with a colon:", "complete", ""},
		{"problem maze:\nstart = (0, 0)\ndef is_goal(s):\n    return s == (3, 3)\n", "complete", ""},
		{"heuristic:", "invalid", ""},
	} {
		if st, in := Completeness(tc.cell); st != tc.status || in != tc.indent {
			t.Errorf("Completeness(%q) = %s %q, want %s %q", tc.cell, st, in, tc.status, tc.indent)
		}
	}
}

// FuzzCompleteness: any cell gets one of the three answers, an indent only
// when incomplete, and an indent of blanks.
func FuzzCompleteness(f *testing.F) {
	f.Add("heuristic h:\ndef h(s):\n    return [1,\n")
	f.Add("problem p:\nx = \"(#\"  # (\n")
	f.Add("grid\n")
	f.Fuzz(func(t *testing.T, cell string) {
		st, indent := Completeness(cell)
		switch {
		case st != "complete" && st != "incomplete" && st != "invalid":
			t.Fatalf("status %q", st)
		case st != "incomplete" && indent != "":
			t.Fatalf("%s with indent %q", st, indent)
		case strings.Trim(indent, " \t") != "":
			t.Fatalf("indent %q is not blanks", indent)
		}
	})
}
