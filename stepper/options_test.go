package stepper

import (
	"math"
	"strings"
	"testing"
)

func TestOptionDefaults(t *testing.T) {
	tests := []struct{ line, want string }{
		{"astar", "astar tie=fifo goaltest=expand open=reparent closed=ignore order=natural"},
		{"bfs", "bfs tie=fifo goaltest=generate open=ignore closed=ignore order=natural"},
		{"dfs depth=5", "dfs tie=fifo goaltest=expand open=ignore closed=ignore depth=5 order=natural"},
		// depth=0 is a limit of 0; none (the default but for dls) is no limit
		{"dfs depth=0", "dfs tie=fifo goaltest=expand open=ignore closed=ignore depth=0 order=natural"},
		{"dfs limit=0", "dfs tie=fifo goaltest=expand open=ignore closed=ignore depth=0 order=natural"},
		{"dfs depth=none", "dfs tie=fifo goaltest=expand open=ignore closed=ignore order=natural"},
		{"dfs depth=3 depth=NONE", "dfs tie=fifo goaltest=expand open=ignore closed=ignore order=natural"},
		{"dls", "dls tie=fifo goaltest=expand open=ignore closed=ignore tree=true depth=50 order=natural"},
		{"dls depth=0", "dls tie=fifo goaltest=expand open=ignore closed=ignore tree=true depth=0 order=natural"},
		{"ids limit=0", "ids tie=fifo goaltest=expand open=reparent closed=ignore depth=0 order=natural"},
		{"biucs depth=none", "biucs order=natural"},
		{"ucs h=manhattan", "ucs tie=fifo goaltest=expand open=reparent closed=ignore order=natural"},
		{"wastar", "wastar w=2 tie=fifo goaltest=expand open=reparent closed=ignore order=natural"},
		{"greedy h=misplaced tie=low-h", "greedy h=misplaced tie=low-h goaltest=expand open=reparent closed=ignore order=natural"},
		{"astar tie=high-g closed=reopen order=up,left", "astar tie=high-g goaltest=expand open=reparent closed=reopen order=up,left"},
		{"ASTAR tree=true maxnodes=10", "astar tie=fifo goaltest=expand open=reparent closed=ignore tree=true order=natural maxnodes=10"},
		// a bidirectional search has no tie, goaltest, open or closed policy
		{"biastar h=sld", "biastar h=sld order=natural"},
		{"bibfs order=reverse maxnodes=10", "bibfs order=reverse maxnodes=10"},
		{"biucs tie=fifo", "biucs order=natural"},
	}
	for _, tc := range tests {
		o, err := ParseOptions(tc.line)
		if err != nil {
			t.Errorf("ParseOptions(%q): %v", tc.line, err)
			continue
		}
		if got := o.String(); got != tc.want {
			t.Errorf("ParseOptions(%q) = %q, want %q", tc.line, got, tc.want)
		}
		again, err := ParseOptions(o.String())
		if err != nil || again != o {
			t.Errorf("%q does not round-trip: %+v, %v", o.String(), again, err)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	tests := []struct{ line, want string }{
		{"astr", `unknown algorithm "astr" (did you mean astar?)`},
		{"astar tie=fifi", `unknown tie rule "fifi" (did you mean fifo?)`},
		{"astar w=0.5", "want a number from 1 to 1000"},
		{"wastar w=NaN", `weight "NaN": want a number from 1 to 1000`},
		{"wastar w=nan", `weight "nan"`},
		{"wastar w=Inf", `weight "Inf"`},
		{"wastar w=+Inf", `weight "+Inf"`},
		{"wastar w=-inf", `weight "-inf"`},
		{"wastar w=1e309", `weight "1e309"`},
		{"wastar w=1001", `weight "1001"`},
		{"astar maxnodes=9223372036854775807", "maxnodes \"9223372036854775807\": want a whole number from 1 to"},
		{"astar maxnodes=0", "maxnodes \"0\""},
		{"dfs depth=99999999999", "depth \"99999999999\""},
		{"astar goaltest=later", "want generate or expand"},
		{"astar open=drop", "want reparent, reparent-new or ignore"},
		{"astar closed=keep", "want ignore or reopen"},
		{"astar depth=-1", "whole number from 0 to"},
		{"astar tree=maybe", "want true or false"},
		{"astar hh=manhattan", `unknown option "hh" (did you mean h?)`},
		{"astar manhattan", "want name=value"},
		{"biastar tie=lifo", "tie=lifo: each side of biastar expands its least key first"},
		{"bibfs goaltest=generate", "goaltest=generate: bibfs tests no node for the goal"},
		{"biucs closed=reopen", "biucs gives a state reached more cheaply on its own side a new node"},
		{"biucs open=ignore", "the open= and closed= policies are not its"},
		{"bibfs tree=true", "bibfs is a graph search"},
		{"biastar depth=3", "depth=3: biastar has no depth limit"},
		{"biucs depth=0", "depth=0: biucs has no depth limit"},
		{"dls depth=none", "depth=none: dls is depth-limited search and needs a limit"},
		{"dfs depth=-1", "or none for no limit"},
		{"dfs limit=nothing", "or none for no limit"},
		{"bibfs duplicates=drop", "keeps every child as a node"},
	}
	for _, tc := range tests {
		_, err := ParseOptions(tc.line)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "stepper: ") {
			t.Errorf("ParseOptions(%q) error %v, want one containing %q", tc.line, err, tc.want)
		}
	}
}

func TestUnknownHeuristicAndOrder(t *testing.T) {
	g := parseTiny(t, "S-G:1", "", "G")
	for _, tc := range []struct{ line, want string }{
		{"astar h=tabel", `unknown heuristic "tabel" (did you mean table?)`},
		{"astar order=G,X", `unknown action "X" (did you mean S?); use natural, reverse, alpha or a comma list of these actions: S, G`},
		// The heuristics are listed as words, not as a Go slice.
		{"astar h=zzz", `unknown heuristic "zzz"; this problem has table`},
	} {
		o, err := ParseOptions(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := NewSearch(g, o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewSearch(%q) error %v, want %q", tc.line, err, tc.want)
		}
	}
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"astar h=manhattan tie=high-g", "bfs goaltest=expand", "wastar w=1.5", "dfs depth=3 order=up,down", "x=y=z", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := ParseOptions(line)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: ") {
				t.Errorf("error without prefix: %v", err)
			}
			return
		}
		// A valid line's canonical form parses back to the same options,
		// unless the order list itself contains spaces or '='.
		if strings.ContainsAny(o.Order, " =\t") {
			return
		}
		again, err := ParseOptions(o.String())
		if err != nil || again != o {
			t.Errorf("%q -> %q does not round-trip: %+v vs %+v (%v)", line, o.String(), again, o, err)
		}
		short, err := ParseOptions(o.Short())
		if err != nil || short != o {
			t.Errorf("%q -> Short %q does not round-trip: %+v vs %+v (%v)", line, o.Short(), short, o, err)
		}
	})
}

// TestOptionsShort: Short writes the algorithm and what differs from its
// defaults, so two searches that differ in a variant show it.
func TestOptionsShort(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"astar h=manhattan", "astar h=manhattan"},
		{"astar h=manhattan tie=fifo goaltest=expand open=reparent closed=ignore order=natural", "astar h=manhattan"},
		{"astar h=manhattan tie=lifo", "astar h=manhattan tie=lifo"},
		{"bfs", "bfs"},
		{"bfs goaltest=generate", "bfs"},
		{"bfs goaltest=expand", "bfs goaltest=expand"},
		{"dls depth=3", "dls depth=3"},
		{"wastar w=1.5 h=manhattan", "wastar h=manhattan w=1.5"},
		{"biastar h=sld ontie=backward", "biastar h=sld ontie=backward"},
		{"ucs maxnodes=500", "ucs maxnodes=500"},
	} {
		o, err := ParseOptions(tc.line)
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if got := o.Short(); got != tc.want {
			t.Errorf("%q: Short %q, want %q", tc.line, got, tc.want)
		}
	}
	for _, a := range Algorithms {
		o, err := ParseOptions(string(a))
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if got := o.Short(); got != string(a) {
			t.Errorf("%s alone: Short %q, want the algorithm alone", a, got)
		}
	}
}

// TestNormalizeRefusesNonFiniteWeights: options built as a struct (the
// server's JSON, a trace file) are checked like a parsed line.
func TestNormalizeRefusesNonFiniteWeights(t *testing.T) {
	for _, w := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0.5, 1e9} {
		o := Options{Algorithm: WAStar, Weight: w}
		if _, err := o.Normalize(); err == nil || !strings.Contains(err.Error(), "want a number from 1 to 1000") {
			t.Errorf("Normalize(w=%v) error = %v, want a refusal", w, err)
		}
	}
	for _, o := range []Options{{Algorithm: DFS, Depth: -2}, {Algorithm: DFS, Depth: MaxDepth + 1}, {Algorithm: DLS, Depth: NoDepthLimit}, {MaxNodes: MaxMaxNodes + 1}} {
		if _, err := o.Normalize(); err == nil {
			t.Errorf("Normalize(%+v) accepted it", o)
		}
	}
}
