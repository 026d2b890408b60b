package kernel

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestParseCell(t *testing.T) {
	tests := []struct {
		name, cell string
		want       []string // verb/name/count/topic summaries, one per command
	}{
		{"problem and search", "puzzle 283164705 goal=123804765\nsearch astar h=manhattan tie=high-g", []string{"problem", "search astar manhattan high-g"}},
		{"comments", "# set up\npuzzle 283164705   # the seed\n\n  # nothing\nstep", []string{"problem", "step 0"}},
		{"named search", "a = search bfs\nb=search astar h=misplaced", []string{"search a bfs", "search b astar misplaced"}},
		{"moves", "step 3\nstep a\nstep a 2\nback\nback b 4\nrun\nrun 10\nrun to goal\nrun a to goal\nreset\nreset a", []string{
			"step 3", "step a 0", "step a 2", "back 0", "back b 4", "run 0", "run 10", "run goal", "run a goal", "reset", "reset a"}},
		{"show", "show open\nshow a closed\nshow node 7\nshow b node 0\nshow STATS", []string{"show open", "show a closed", "show node 7", "show b node 0", "show stats"}},
		{"compare", "compare bfs, astar h=misplaced, astar h=manhattan tie=high-g", []string{"compare bfs|astar misplaced|astar manhattan"}},
		{"grid rows", "grid moves=8 cost=10-14\n.......\n...#...\n.S.#.G.\n...#...\n.......\nsearch astar", []string{"problem 5 rows", "search astar"}},
		{"grid inline walls are not comments", "grid S..#..G", []string{"problem"}},
		{"graph statements", "graph goal=D\nnode A 0 0   # a town\nnodes B C\nedge A B 5\n\nsearch ucs", []string{"problem 3 statements", "search ucs"}},
		{"help", "help\nhelp step", []string{"help", "help step"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmds, err := ParseCell(tt.cell)
			if err != nil {
				t.Fatalf("ParseCell: %v", err)
			}
			var got []string
			for _, c := range cmds {
				got = append(got, summary(c))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// summary writes the fields of a command a test cares about.
func summary(c Command) string {
	var parts []string
	switch c.Verb {
	case "problem":
		parts = []string{"problem"}
		if c.Rows != nil {
			parts = append(parts, fmt.Sprint(len(c.Rows)), "rows")
		}
		if c.Graph != nil {
			parts = append(parts, fmt.Sprint(len(c.Graph)), "statements")
		}
	case "search":
		parts = []string{"search", c.Name, string(c.Options.Algorithm), c.Options.Heuristic}
		if c.Options.Tie != "fifo" {
			parts = append(parts, string(c.Options.Tie))
		}
	case "step", "back", "run":
		n := fmt.Sprint(c.Count)
		if c.ToGoal {
			n = "goal"
		}
		parts = []string{c.Verb, c.Name, n}
	case "reset":
		parts = []string{"reset", c.Name}
	case "show":
		parts = []string{"show", c.Name, c.Topic}
		if c.Topic == "node" {
			parts = append(parts, fmt.Sprint(c.Node))
		}
	case "compare":
		var specs []string
		for _, o := range c.Specs {
			specs = append(specs, strings.TrimSpace(string(o.Algorithm)+" "+o.Heuristic))
		}
		parts = []string{"compare", strings.Join(specs, "|")}
	default:
		parts = append([]string{c.Verb}, c.Args...)
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

func TestParseCellErrors(t *testing.T) {
	tests := []struct {
		cell string
		line int
		want string // a substring of the message
	}{
		{"stpe", 1, "unknown command 'stpe': did you mean step?"},
		{"puzzle 1\nsearch astr", 2, "unknown algorithm 'astr': did you mean astar?"},
		{"search astar tie=hihg-g", 1, "unknown tie rule 'hihg-g': did you mean high-g?"},
		{"search astar hueristic=manhattan", 1, "unknown option 'hueristic': did you mean heuristic?"},
		{"search astar manhattan", 1, "'manhattan' is not an option: write name=value"},
		{"search astar h=", 1, "option h has no value"},
		{"search astar goaltest=later", 1, "unknown goal test 'later'"},
		{"search wastar w=0.5", 1, "weight \"0.5\": want a number from 1 to 1000"},
		{"step 0", 1, "the count must be a whole number >= 1"},
		{"step a b c", 1, "step does not understand 'b c'"},
		{"run to gaol", 1, "run does not understand 'to gaol'"},
		{"show", 1, "show needs a topic"},
		{"show opne", 1, "unknown topic 'opne': did you mean open?"},
		{"show node", 1, "show node needs a node id"},
		{"show node x", 1, "node id 'x'"},
		{"show open now", 1, "show open takes nothing after it"},
		{"compare", 1, "compare needs searches"},
		{"compare bfs,, astar", 1, "empty search between commas"},
		{"export", 1, "export takes a format"},
		{"export a b c", 1, "export takes a format"},
		{"export to x.csv", 1, "export takes a format"},
		{"step = search astar", 1, "'step' is a command word"},
		{"1a = search bfs", 1, "'1a' cannot name a search"},
		{"open = search bfs", 1, "'open' is a command word"},
		{"a = step", 1, "'a = ...' names a search"},
		{"\n\ngrid\nsearch astar", 3, "grid without rows"},
		{"graph start=A\nsearch astar", 1, "graph without a map"},
		{"reset a b", 1, "reset takes at most a search name"},
	}
	for _, tt := range tests {
		t.Run(tt.cell, func(t *testing.T) {
			_, err := ParseCell(tt.cell)
			checkCellError(t, err, tt.line, tt.want)
		})
	}
}

// checkCellError checks that err is a *CellError on line with a message
// containing want.
func checkCellError(t *testing.T, err error, line int, want string) {
	t.Helper()
	ce, ok := err.(*CellError)
	if !ok {
		t.Fatalf("error %v (%T), want a *CellError", err, err)
	}
	if ce.Line != line {
		t.Errorf("error on line %d, want line %d: %v", ce.Line, line, ce)
	}
	if !strings.Contains(ce.Msg, want) {
		t.Errorf("message %q does not contain %q", ce.Msg, want)
	}
	if !strings.HasPrefix(ce.Error(), "kernel: line ") {
		t.Errorf("Error() = %q, want the kernel: line N: prefix", ce.Error())
	}
}

func TestStripComment(t *testing.T) {
	for in, want := range map[string]string{
		"# all comment":          "",
		"#":                      "",
		"step 3 # three":         "step 3 ",
		"grid S..#..G":           "grid S..#..G",
		"grid #..S/..G# # walls": "grid #..S/..G# ",
		"#######":                "#######",
		"step\t#\tnote":          "step\t",
	} {
		if got := stripComment(in); got != want {
			t.Errorf("stripComment(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParseCell(f *testing.F) {
	for _, seed := range []string{
		"puzzle 283164705 goal=123804765\nsearch astar h=manhattan tie=high-g\nstep 3",
		"grid cost=10-14\n.......\n...#...\n.S.#.G.\n",
		"a = search bfs\nstep a 2\nshow a node 3\nrun a to goal",
		"compare bfs, astar h=misplaced, astar h=manhattan",
		"# c\nshow open # c\nexport jsonl\nhelp step",
		"= search", "a = ", "run to", "show node -1", "step 99999999999999999999", "compare ,", "grid\n\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		cmds, err := ParseCell(cell)
		if err != nil {
			ce, ok := err.(*CellError)
			if !ok {
				t.Fatalf("error %T %v is not a *CellError", err, err)
			}
			if ce.Line < 1 || ce.Msg == "" {
				t.Fatalf("error without a line or message: %#v", ce)
			}
			return
		}
		for _, c := range cmds {
			if c.Line < 1 || c.Verb == "" {
				t.Fatalf("command without a line or verb: %#v", c)
			}
			if c.Count < 0 || c.Node < 0 {
				t.Fatalf("negative count or node: %#v", c)
			}
		}
	})
}

// FuzzSessionRun runs arbitrary cells after a small set-up: nothing may
// panic, every error must be a *CellError with a line, and the set-up's
// state must survive.
func FuzzSessionRun(f *testing.F) {
	for _, seed := range []string{
		"step a 3\nshow a open\nback a 2\nshow a node 4", "run\nshow path\nshow tree", "compare bfs, dfs depth=3, greedy, wastar w=3",
		"grid\nS.#\n..G\nsearch bfs\nrun to goal", "graph romania start=Zerind\nsearch ucs\nstep 5\nshow board", "b = search dfs tree=true depth=4\nrun b",
		"export a csv", "reset a\nshow a stats", "search astar tie=lifo order=reverse\nstep 1000",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		// Small caps and a ceiling keep one execution cheap: a cell may
		// say run or maxnodes=9999999 (which the ceiling refuses).
		s := NewSession(Config{MaxNodes: 500, NodeCeiling: 2000, MaxTreeNodes: 60, IDPrefix: "f"})
		if _, err := s.Run(context.Background(), seedPuzzle+"\na = search astar"); err != nil {
			t.Fatal(err)
		}
		_, err := s.Run(context.Background(), cell)
		if err != nil {
			ce, ok := err.(*CellError)
			if !ok || ce.Msg == "" {
				t.Fatalf("error %T %v", err, err)
			}
		}
		if s.Search("a") == nil {
			t.Fatalf("the set-up's search a is gone")
		}
	})
}
