package main

import (
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

func TestSolveJSONMatchesEngine(t *testing.T) {
	tests := []struct {
		problem, search string
		flags           []string
		code            int
	}{
		{"graph romania", "astar", []string{"-algo", "astar"}, exitOK},
		{"graph romania", "bfs", []string{"-algo", "bfs"}, exitOK},
		{"graph romania goal=Craiova", "greedy h=euclidean", []string{"-algo", "greedy", "-h", "euclidean"}, exitOK},
		{"puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g", []string{"-h", "manhattan", "-tie", "high-g"}, exitOK},
		{"puzzle 283164705 goal=123804765", "bfs goaltest=expand", []string{"-algo", "bfs", "-goaltest", "expand"}, exitOK},
		{"puzzle 283164705 goal=123804765", "dfs depth=5 order=up,left,right,down", []string{"-algo", "dfs", "-depth", "5", "-order", "up,left,right,down"}, exitOK},
		{"puzzle 283164705 goal=123804765", "wastar w=3 open=ignore closed=reopen", []string{"-algo", "wastar", "-w", "3", "-open", "ignore", "-closed", "reopen"}, exitOK},
		{"grid S.../.##./...G moves=8", "astar", nil, exitOK},
		{"grid S.../.##./...G", "ucs tree=true maxnodes=50", []string{"-algo", "ucs", "-tree", "-maxnodes", "50"}, exitNo},
		{"graph text:nodes,A,B;start,A;goal,B", "astar", nil, exitNo},
	}
	for _, tt := range tests {
		t.Run(tt.problem+" "+tt.search, func(t *testing.T) {
			args := append([]string{"solve", "-json", "-problem", tt.problem}, tt.flags...)
			code, out, errOut := runCmd(t, args...)
			if code != tt.code {
				t.Fatalf("exit code %d, want %d; stderr %q", code, tt.code, errOut)
			}
			var got solveResult
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			// Every field must be present, even when empty.
			var raw map[string]any
			_ = json.Unmarshal([]byte(out), &raw)
			for _, f := range []string{"solved", "cost", "moves", "expanded", "generated", "maxOpen", "path", "status", "options", "warnings"} {
				if _, ok := raw[f]; !ok {
					t.Errorf("field %q missing", f)
				}
			}
			inst, err := problems.Parse(tt.problem, stepper.LocalFiles)
			if err != nil {
				t.Fatal(err)
			}
			o, err := stepper.ParseOptions(tt.search)
			if err != nil {
				t.Fatal(err)
			}
			s, err := stepper.NewSearch(inst, o)
			if err != nil {
				t.Fatal(err)
			}
			s.Run(0)
			want := newSolveResult(s)
			c := s.Counters()
			if got.Solved != (s.Status() == stepper.Solved) || got.Status != string(s.Status()) || got.Cost != s.Cost() {
				t.Errorf("solved %v status %s cost %v; engine says %s %v", got.Solved, got.Status, got.Cost, s.Status(), s.Cost())
			}
			if got.Expanded != c.Expanded || got.Generated != c.Generated || got.MaxOpen != c.MaxOpen || got.Steps != c.Steps {
				t.Errorf("counters %d/%d/%d/%d; engine %+v", got.Expanded, got.Generated, got.MaxOpen, got.Steps, c)
			}
			if got.Options != s.Options().String() || got.Problem != inst.Spec() {
				t.Errorf("options %q problem %q; want %q %q", got.Options, got.Problem, s.Options().String(), inst.Spec())
			}
			var path, moves []string
			for i, id := range s.Path() {
				path = append(path, s.Node(id).State.String())
				if i > 0 {
					moves = append(moves, s.Node(id).Action)
				}
			}
			if !slices.Equal(got.Path, path) || !slices.Equal(got.Moves, moves) {
				t.Errorf("path %v moves %v; engine %v %v", got.Path, got.Moves, path, moves)
			}
			if len(got.Path) > 0 && len(got.Moves) != len(got.Path)-1 {
				t.Errorf("%d moves for %d states", len(got.Moves), len(got.Path))
			}
			if !slices.Equal(got.Warnings, want.Warnings) {
				t.Errorf("warnings %q, want %q", got.Warnings, want.Warnings)
			}
		})
	}
}

func TestSolveKnownAnswers(t *testing.T) {
	tests := []struct {
		args []string
		cost float64
		path string
	}{
		{[]string{"-algo", "ucs", "graph", "romania"}, 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest"},
		{[]string{"-algo", "greedy", "-problem", "graph romania"}, 450, "Arad Sibiu Fagaras Bucharest"},
		// The problem may follow the flags, and flags may follow it.
		{[]string{"puzzle", "283164705", "goal=123804765", "-algo", "bfs"}, 5, ""},
		{[]string{"-problem", "puzzle 123405786 goal=123456780"}, 2, "123405786 123450786 123456780"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, append([]string{"solve", "-json"}, tt.args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", tt.args, code, errOut)
		}
		var got solveResult
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if got.Cost != tt.cost || (tt.path != "" && strings.Join(got.Path, " ") != tt.path) {
			t.Errorf("%v: cost %v path %v; want %v %s", tt.args, got.Cost, got.Path, tt.cost, tt.path)
		}
	}
}

func TestSolveText(t *testing.T) {
	code, out, _ := runCmd(t, "solve", "-problem", "graph romania goal=Craiova")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"problem   graph romania goal=Craiova\n",
		"search    astar h=euclidean tie=fifo goaltest=expand open=reparent closed=ignore order=natural\n",
		"status    solved\n",
		"cost      366\n",
		"moves     3: Sibiu Rimnicu_Vilcea Craiova\n",
		"path      Arad → Sibiu → Rimnicu_Vilcea → Craiova\n",
		"warning:  the sld table estimates the distance to Bucharest, not to goal Craiova: h is euclidean\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestSolveBadInput(t *testing.T) {
	dir := t.TempDir()
	badGraph := filepath.Join(dir, "roads.txt")
	if err := os.WriteFile(badGraph, []byte("node A\nnode B\nedge A B -3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"wrong tile count", []string{"-problem", "puzzle 28316470"}, []string{"8 digits", "needs 9 digits"}},
		{"repeated tile", []string{"-problem", "puzzle 283164755"}, []string{"tile 5 appears twice"}},
		{"unknown heuristic", []string{"-h", "manhatan", "-problem", "puzzle 283164705 goal=123804765"}, []string{`unknown heuristic "manhatan"`, "did you mean manhattan"}},
		{"start on a wall", []string{"-problem", "grid S#../...G start=1,0"}, []string{"start 1,0 is a wall", "choose a free cell"}},
		{"unreadable map", []string{"-problem", "grid " + filepath.Join(dir, "none.map")}, []string{"cannot read map", "no such file"}},
		{"unknown tie rule", []string{"-tie", "middle", "graph", "romania"}, []string{`unknown tie rule "middle"`, "fifo, lifo, high-g, low-h"}},
		{"unknown algorithm", []string{"-algo", "astr", "graph", "romania"}, []string{`unknown algorithm "astr" (did you mean astar?)`}},
		{"bad goal test", []string{"-goaltest", "later", "graph", "romania"}, []string{`goal test "later"`, "generate or expand"}},
		{"bad weight", []string{"-algo", "wastar", "-w", "0.5", "graph", "romania"}, []string{"weight", "from 1 to 1000"}},
		{"bad depth", []string{"-depth", "-1", "graph", "romania"}, []string{"depth", "from 0 to"}},
		{"unknown order action", []string{"-order", "Sibiu,Pest", "graph", "romania"}, []string{`unknown action "Pest"`}},
		{"unknown flag", []string{"-hueristic", "sld", "graph", "romania"}, []string{"unknown flag -hueristic (did you mean -h?)", "run stepviz solve -help"}},
		{"flag without value", []string{"graph", "romania", "-algo"}, []string{"flag -algo needs a value"}},
		{"no problem", []string{"-algo", "bfs"}, []string{"no problem", "-problem"}},
		{"problem twice", []string{"-problem", "graph romania", "graph", "romania"}, []string{"given twice"}},
		{"unknown kind", []string{"-problem", "puzle 283164705"}, []string{`unknown problem kind "puzle" (did you mean puzzle?)`}},
		{"unknown city", []string{"-problem", "graph romania goal=Bucarest"}, []string{`no node "Bucarest" (did you mean Bucharest?)`}},
		{"sld to another goal", []string{"-h", "sld", "-problem", "graph romania goal=Iasi"}, []string{"does not apply to goal Iasi", "euclidean"}},
		{"graph file error", []string{"-problem", "graph " + badGraph}, []string{"roads.txt:3", "cost -3", "> 0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, append([]string{"solve"}, tt.args...)...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.HasPrefix(errOut, "stepviz solve: ") {
				t.Errorf("stderr %q lacks the stepviz solve: prefix", errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
		})
	}
}

// TestSolveBeam: solve runs beam search from its flags, counts the pruned
// nodes, and says in words why a beam too narrow found nothing.
func TestSolveBeam(t *testing.T) {
	code, out, stderr := runCmd(t, "solve", "-problem", "graph romania", "-algo", "beam", "-width", "2")
	if code != exitOK || !strings.Contains(out, "search    beam h=sld width=2 tie=fifo") || !strings.Contains(out, "cost      418") || !strings.Contains(out, "pruned 4") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = runCmd(t, "solve", "-problem", "graph romania goal=Neamt", "-algo", "beam", "-width", "1", "-f", "h", "-local")
	if code != exitNo || !strings.Contains(out, "no solution within a beam of width 1: 7 nodes were pruned") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	code, _, stderr = runCmd(t, "solve", "-problem", "graph romania", "-algo", "astar", "-width", "2")
	if code != exitUsage || !strings.Contains(stderr, "width=2 is an option of beam") {
		t.Fatalf("astar -width 2: exit %d: %s", code, stderr)
	}
}

// TestSolveBiAStar: solve runs bidirectional A* and reports A* with the
// same heuristic beside it.
func TestSolveBiAStar(t *testing.T) {
	code, out, stderr := runCmd(t, "solve", "-problem", "puzzle 806547231 goal=123456780", "-algo", "biastar")
	if code != exitOK || !strings.Contains(out, "cost      27") || !strings.Contains(out, "one-way   astar h=manhattan") || !strings.Contains(out, "solved, cost 27, expanded 4414 (bidirectional: 1795)") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
}

// TestSolveDepthZero: -depth 0 is a limit of 0 (dls on Romania: cutoff,
// as AIMA's depth-limited search with limit 0), -depth none no limit.
func TestSolveDepthZero(t *testing.T) {
	for _, c := range []struct {
		flags  []string
		code   int
		status string
	}{
		{[]string{"-algo", "dls", "-depth", "0"}, exitNo, "cutoff"},
		{[]string{"-algo", "ids", "-depth", "0"}, exitNo, "cutoff"},
		{[]string{"-algo", "dfs", "-depth", "0"}, exitNo, "cutoff"},
		{[]string{"-algo", "dfs", "-depth", "none"}, exitOK, "solved"},
		{[]string{"-algo", "dls", "-depth", "3"}, exitOK, "solved"},
	} {
		args := append([]string{"solve", "-json"}, c.flags...)
		code, out, stderr := runCmd(t, append(args, "graph", "romania")...)
		var r struct{ Status, Options string }
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: exit %d: %v\n%s%s", c.flags, code, err, out, stderr)
		}
		if code != c.code || r.Status != c.status {
			t.Errorf("%v: exit %d, status %q; want %d, %q", c.flags, code, r.Status, c.code, c.status)
		}
		if c.flags[3] == "0" && !strings.Contains(r.Options, " depth=0 ") {
			t.Errorf("%v: options %q lack depth=0", c.flags, r.Options)
		}
	}
	code, _, stderr := runCmd(t, "solve", "-algo", "dls", "-depth", "none", "graph", "romania")
	if code != exitUsage || !strings.Contains(stderr, "dls is depth-limited search and needs a limit") {
		t.Errorf("dls -depth none: exit %d: %s", code, stderr)
	}
}

// TestSolveBidiUnseenEdge: on a graph where the edge that decides the
// optimum is seen last, solve's biucs, biastar and bibfs (either tie
// side) report the cost one-way ucs reports, 21 (bibfs: the fewest moves,
// S M T, 22).
func TestSolveBidiUnseenEdge(t *testing.T) {
	file := filepath.Join(t.TempDir(), "unseen.txt")
	if err := os.WriteFile(file, []byte("nodes S A B M T\nedge S A 10\nedge A B 1\nedge B T 10\nedge S M 11\nedge M T 11\nstart S\ngoal T\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		flags      []string
		cost, path string
	}{
		{[]string{"-algo", "biucs"}, "21", "S A B T"},
		{[]string{"-algo", "biucs", "-ontie", "backward"}, "21", "S A B T"},
		{[]string{"-algo", "biastar", "-h", "zero"}, "21", "S A B T"},
		{[]string{"-algo", "bibfs"}, "22", "S M T"},
	} {
		args := append([]string{"solve", "-json"}, c.flags...)
		code, out, stderr := runCmd(t, append(args, "graph "+file)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", c.flags, code, stderr)
		}
		var r struct {
			Cost           float64  `json:"cost"`
			Path           []string `json:"path"`
			OneDirectional struct {
				Cost float64 `json:"cost"`
			} `json:"oneDirectional"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %v\n%s", c.flags, err, out)
		}
		if got := stepper.FormatNumber(r.Cost); got != c.cost || strings.Join(r.Path, " ") != c.path {
			t.Errorf("%v: cost %s, path %v; want %s, %s\n%s", c.flags, got, r.Path, c.cost, c.path, out)
		}
	}
	code, out, stderr := runCmd(t, "solve", "-algo", "biucs", "graph "+file)
	if code != exitOK || !strings.Contains(out, "cost      21") || !strings.Contains(out, "one-way   ucs") || !strings.Contains(out, "cost 21") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
}

// TestSolveForgetsEarlierIterations: the search stepviz solve runs (and
// trace, check and worksheet build) only goes forward, so IDS and IDA*
// hold the last iteration's nodes and no journal, not every iteration's.
func TestSolveForgetsEarlierIterations(t *testing.T) {
	for _, search := range []string{"ids", "idastar h=misplaced"} {
		inst, err := problems.Parse("puzzle 283164705 goal=123804765", nil)
		if err != nil {
			t.Fatal(err)
		}
		o, err := stepper.ParseOptions(search)
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := solveSearch(inst, o)
		if err != nil {
			t.Fatal(err)
		}
		held := s.NodeEnd(s.Horizon()) - s.IterStart(s.FirstHeld())
		if s.Status() != stepper.Solved || s.FirstHeld() != s.StepCount() || held != s.Counters().Nodes || held >= s.NodeCount() {
			t.Fatalf("solve %s: %s at step %d, first step held %d, %d nodes held of %d made, the last iteration has %d; want the last iteration's only, from the last step",
				search, s.Status(), s.StepCount(), s.FirstHeld(), held, s.NodeCount(), s.Counters().Nodes)
		}
		fs := flag.NewFlagSet("trace", flag.ContinueOnError)
		ta := addTraceArgs(fs)
		if err := fs.Parse([]string{"-problem", "puzzle 283164705 goal=123804765", "-algo", strings.Fields(search)[0]}); err != nil {
			t.Fatal(err)
		}
		if ts, ok := ta.search("trace", io.Discard); !ok || !ts.Options().Forget {
			t.Fatalf("trace's search of %s does not forget earlier iterations", search)
		}
	}
}

// TestSolveAlgoSearchLine: -algo takes a whole search line, as the notebook,
// korf's -search and a game's -algo do; a flag beside it wins over its word,
// and a word that is not name=value is an error that shows the form.
func TestSolveAlgoSearchLine(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		options string // the normalized search solve -json reports; "" when refused
		errWant []string
	}{
		{"name only", []string{"-algo", "ucs"},
			"ucs tie=fifo goaltest=expand open=reparent closed=ignore order=natural", nil},
		{"README's search line", []string{"-algo", "astar h=manhattan tie=high-g goaltest=expand open=reparent closed=reopen order=up,left,right,down"},
			"astar h=manhattan tie=high-g goaltest=expand open=reparent closed=reopen order=up,left,right,down", nil},
		{"a flag wins over the line", []string{"-algo", "astar tie=high-g", "-tie", "lifo"},
			"astar h=manhattan tie=lifo goaltest=expand open=reparent closed=ignore order=natural", nil},
		{"spaces around a name", []string{"-algo", " bfs "},
			"bfs tie=fifo goaltest=generate open=ignore closed=ignore order=natural", nil},
		{"a word without =", []string{"-algo", "astar manhattan"}, "",
			[]string{`-algo "astar manhattan": "manhattan" is not a name=value option`, `-algo "astar h=manhattan tie=high-g"`}},
		{"an unknown option", []string{"-algo", "astar hueristic=manhattan"}, "",
			[]string{`unknown option "hueristic"`}},
		{"an unknown algorithm", []string{"-algo", "astr h=manhattan"}, "",
			[]string{`unknown algorithm "astr" (did you mean astar?)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"solve", "-json", "-problem", "puzzle 283164705 goal=123804765"}, tt.args...)
			code, out, errOut := runCmd(t, args...)
			if tt.options == "" {
				checkRefused(t, code, out, errOut, tt.errWant)
				return
			}
			if code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			var got solveResult
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if got.Options != tt.options || got.Cost != 5 {
				t.Errorf("options %q cost %v; want %q and 5", got.Options, got.Cost, tt.options)
			}
		})
	}
}

// checkRefused checks that solve exited 2 with nothing on stdout and an
// error that starts with "stepviz solve: " and holds each of want.
func checkRefused(t *testing.T, code int, out, errOut string, want []string) {
	t.Helper()
	if code != exitUsage || out != "" {
		t.Errorf("exit %d, stdout %q; want %d and nothing", code, out, exitUsage)
	}
	if !strings.HasPrefix(errOut, "stepviz solve: ") {
		t.Errorf("stderr %q lacks the stepviz solve: prefix", errOut)
	}
	for _, w := range want {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr %q lacks %q", errOut, w)
		}
	}
}
