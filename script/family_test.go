package script_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/script"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// familyPath is an example game or local-search script's path.
func familyPath(t testing.TB, dir, name string) string {
	t.Helper()
	return filepath.Join(testenv.ModuleRoot(t), "examples", dir, name)
}

// gameResult runs a game search of a problem line to its end.
func gameResult(t *testing.T, line, search string) game.Result {
	t.Helper()
	g, err := game.ParseProblem(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	o, err := game.ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.New(g, o)
	if err != nil {
		t.Fatalf("%s / %s: %v", line, search, err)
	}
	s.Run(0)
	return s.Result()
}

// sameGame checks that a script's game and the built-in one agree on the
// value, the best move and every counter.
func sameGame(t *testing.T, scriptLine, builtinLine, search string) {
	t.Helper()
	got, want := gameResult(t, scriptLine, search), gameResult(t, builtinLine, search)
	if got.Status != game.Done || got.Error != "" {
		t.Fatalf("%s / %s: status %s %s", scriptLine, search, got.Status, got.Error)
	}
	if got.Value != want.Value || got.Best != want.Best || got.Nodes != want.Nodes || got.Leaves != want.Leaves || got.Pruned != want.Pruned {
		t.Errorf("%s / %s: value %v best %s nodes %d leaves %d pruned %d; %s: value %v best %s nodes %d leaves %d pruned %d",
			scriptLine, search, got.Value, got.Best, got.Nodes, got.Leaves, got.Pruned,
			builtinLine, want.Value, want.Best, want.Nodes, want.Leaves, want.Pruned)
	}
}

// randomBoards plays random moves from the empty board with the built-in
// game and returns the positions reached that are not over, each once.
func randomBoards(t *testing.T, n int) []string {
	t.Helper()
	r := rand.New(rand.NewPCG(23, 1))
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		g, err := game.ParseProblem("tictactoe")
		if err != nil {
			t.Fatal(err)
		}
		s := g.Root()
		plies := 1 + r.IntN(6)
		for i := 0; i < plies; i++ {
			if _, over := g.Terminal(s); over {
				break
			}
			moves := g.Moves(s, nil)
			s = g.Result(s, moves[r.IntN(len(moves))])
		}
		b := g.StateName(s)
		if _, over := g.Terminal(s); !over && !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

// TestScriptTicTacToeMatchesBuiltin: examples/games/tictactoe.star gives
// the built-in tictactoe's values, best moves and counts on random
// positions, for minimax, alpha-beta, and alpha-beta with a depth cutoff
// (the script's eval against the built-in's).
func TestScriptTicTacToeMatchesBuiltin(t *testing.T) {
	file := familyPath(t, "games", "tictactoe.star")
	sameGame(t, "script "+file, "tictactoe", "alphabeta")
	for _, b := range randomBoards(t, 36) {
		for _, search := range []string{"minimax", "alphabeta", "alphabeta depth=2", "alphabeta depth=3 order=eval"} {
			sameGame(t, "script "+file+" board="+b, "tictactoe "+b, search)
		}
	}
}

// TestScriptNimMatchesBuiltin: examples/games/nim.star is the built-in nim.
func TestScriptNimMatchesBuiltin(t *testing.T) {
	file := familyPath(t, "games", "nim.star")
	for _, heaps := range []string{"1,2,3", "3,4,5", "2,2", "5", "1,1,1,2"} {
		for _, search := range []string{"minimax", "alphabeta"} {
			sameGame(t, "script "+file+" heaps="+heaps, "nim "+heaps, search)
		}
	}
}

// localSteps runs a local search step by step and writes each step as
// "what move h".
func localSteps(t *testing.T, line, search string) ([]string, local.Result) {
	t.Helper()
	p, err := local.ParseProblem(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	o, err := local.ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	s, err := local.New(p, o)
	if err != nil {
		t.Fatalf("%s / %s: %v", line, search, err)
	}
	var out []string
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		out = append(out, string(ev.What)+" "+ev.Move+" "+ev.State)
	}
	return out, s.Result()
}

// TestScriptQueensMatchesBuiltin: examples/local/queens.star draws its
// start, lists its neighbours and draws its random neighbour as the
// built-in queens does, so each search takes the built-in's steps (the
// same moves, states and h) for the same seeds.
func TestScriptQueensMatchesBuiltin(t *testing.T) {
	file := familyPath(t, "local", "queens.star")
	searches := []string{"hillclimb", "hillclimb sideways=100", "hillclimb restarts=3", "stochastic restarts=2", "anneal maxsteps=300"}
	for seed := 1; seed <= 8; seed++ {
		for _, search := range searches {
			sl := "script " + file + " n=8 seed=" + itoa(seed)
			bl := "queens 8 seed=" + itoa(seed)
			s := search + " seed=" + itoa(seed)
			got, gr := localSteps(t, sl, s)
			want, wr := localSteps(t, bl, s)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s / %s: steps\n%s\nwant (%s)\n%s", sl, s, strings.Join(got, "\n"), bl, strings.Join(want, "\n"))
				continue
			}
			if gr.Status != wr.Status || gr.H != wr.H || gr.Steps != wr.Steps || gr.Restarts != wr.Restarts {
				t.Errorf("%s / %s: %+v, want %+v", sl, s, gr, wr)
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestScriptFamilyKinds: which functions a script defines decides its
// kind, and each front door refuses the others with the right hint.
func TestScriptFamilyKinds(t *testing.T) {
	ttt := "script " + familyPath(t, "games", "tictactoe.star")
	q := "script " + familyPath(t, "local", "queens.star")
	jugs := "script " + scriptPath(t, "jugs.star")
	cases := []struct {
		line          string
		isGame, isLoc bool
	}{{ttt, true, false}, {q, false, true}, {jugs, false, false}, {"script /nonexistent.star", false, false}}
	for _, c := range cases {
		if game.IsKind(c.line) != c.isGame || local.IsKind(c.line) != c.isLoc {
			t.Errorf("%s: game %v local %v, want %v %v", c.line, game.IsKind(c.line), local.IsKind(c.line), c.isGame, c.isLoc)
		}
	}
	src, err := script.ReadFile(familyPath(t, "games", "tictactoe.star"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := script.New("ttt.star", src, nil); err == nil || !strings.Contains(err.Error(), "is a game") || !strings.Contains(err.Error(), "alphabeta") {
		t.Errorf("a game as a search problem: %v, want it named a game with its algorithms", err)
	}
}

// failCase is a script and the substrings its error must hold.
type failCase struct {
	name, src string
	want      []string
}

// writeScript writes src to a file in a temporary directory.
func writeScript(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.star")
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// familyError parses line as a game or a local problem and runs search;
// it returns the error of the parse, the search's start or its end.
func familyError(t *testing.T, line, search string) string {
	t.Helper()
	if g, err := game.ParseProblem(line); game.IsKind(line) {
		if err != nil {
			return err.Error()
		}
		o, err := game.ParseOptions(search)
		if err != nil {
			t.Fatal(err)
		}
		s, err := game.New(g, o)
		if err != nil {
			return err.Error()
		}
		if s.Run(0); s.Status() != game.Failed {
			return "status " + string(s.Status())
		}
		return s.Result().Error
	}
	p, err := local.ParseProblem(line)
	if err != nil {
		return err.Error()
	}
	o, err := local.ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	s, err := local.New(p, o)
	if err != nil {
		return err.Error()
	}
	if s.Run(0); s.Status() != local.Failed {
		return "status " + string(s.Status())
	}
	return s.Result().Why
}

const gameBase = `initial = 3
def to_move(s):
    return s % 2
def actions(s):
    return [1, 2]
def result(s, a):
    return s - a
def is_terminal(s):
    return s <= 0
def utility(s, p):
    return 1
`

const localBase = `start = 5
goal_value = 0
def value(s):
    return s
def neighbours(s):
    return [("down", s - 1)]
`

// TestScriptFamilyFailures: a game or local-search script that fails says
// where (file, line, function) and what, and the search ends failed.
func TestScriptFamilyFailures(t *testing.T) {
	cases := []struct {
		failCase
		search string
	}{
		{failCase{"game missing utility", strings.Replace(gameBase, "def utility(s, p):\n    return 1\n", "", 1),
			[]string{"a game defines", "utility is missing"}}, "alphabeta"},
		{failCase{"local missing neighbours", "start = 1\ndef value(s):\n    return s\n", []string{"neighbours is missing"}}, "hillclimb"},
		{failCase{"both kinds", gameBase + "def value(s):\n    return 0\n", []string{"a script is one or the other"}}, "alphabeta"},
		{failCase{"no initial", strings.Replace(gameBase, "initial = 3", "", 1), []string{"no initial state"}}, "alphabeta"},
		{failCase{"result with one parameter", strings.Replace(gameBase, "def result(s, a):\n    return s - a", "def result(s):\n    return s - 1", 1), []string{"result must take exactly 2", "def result(state, action)"}}, "alphabeta"},
		{failCase{"actions not a list", strings.Replace(gameBase, "return [1, 2]", "return 3", 1), []string{"s.star:4:1: in actions(3)", "returned int 3; return a list of actions"}}, "alphabeta"},
		{failCase{"is_terminal not a bool", strings.Replace(gameBase, "return s <= 0", "return s", 1), []string{"in is_terminal(3)", "return True or False"}}, "minimax"},
		{failCase{"unhashable result", strings.Replace(gameBase, "return s - a", "return [s - a]", 1), []string{"in result(3, 1)", "hashable"}}, "alphabeta"},
		{failCase{"utility a string", strings.Replace(gameBase, "return 1\n", "return \"win\"\n", 1), []string{"in utility(", "return a finite number"}}, "alphabeta"},
		{failCase{"cutoff without eval", gameBase, []string{"defines no eval(state)"}}, "alphabeta depth=1"},
		{failCase{"infinite loop", strings.Replace(gameBase, "return [1, 2]", "for i in range(1000000):\n        for j in range(1000000):\n            pass\n    return [1, 2]", 1),
			[]string{"s.star:6:9: in actions(3)", "more than 1000000 Starlark steps"}}, "alphabeta"},
		{failCase{"huge list", strings.Replace(localBase, `return [("down", s - 1)]`, "x = [0] * 1000000000\n    return []", 1),
			[]string{"in neighbours(5)", "would make more than"}}, "hillclimb"},
		{failCase{"value a string", strings.Replace(localBase, "    return s\n", "    return \"x\"\n", 1), []string{"in value(5)", "returned string \"x\"", "cost to minimise"}}, "hillclimb"},
		{failCase{"neighbour not a pair", strings.Replace(localBase, `("down", s - 1)`, "s - 1", 1), []string{"in neighbours(5)", "want a pair (action, next_state)"}}, "hillclimb"},
		{failCase{"restart without initial", strings.Replace(localBase, `("down", s - 1)`, `("up", s + 1)`, 1), []string{"a restart needs a random state", "initial(rng)"}}, "hillclimb restarts=1"},
		{failCase{"fail() in value", strings.Replace(localBase, "    return s\n", "    fail(\"no value for\", s)\n", 1), []string{"s.star:4:9: in value(5)", "no value for 5"}}, "hillclimb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			line := "script " + writeScript(t, c.src)
			msg := familyError(t, line, c.search)
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
		})
	}
}

// TestScriptLocalGoalAndStuck: goal_value decides solved; a script
// without it stops stuck, as a tour does.
func TestScriptLocalGoalAndStuck(t *testing.T) {
	_, r := localSteps(t, "script "+writeScript(t, localBase), "hillclimb")
	if r.Status != local.Solved || r.H != 0 || r.Steps != 5 {
		t.Errorf("with goal_value: %+v, want solved at h 0 in 5 steps", r)
	}
	src := strings.Replace(strings.Replace(localBase, "goal_value = 0\n", "", 1), `[("down", s - 1)]`, `[("down", max(s - 1, 0))]`, 1)
	_, r = localSteps(t, "script "+writeScript(t, src), "hillclimb")
	if r.Status != local.Stuck || r.H != 0 {
		t.Errorf("without goal_value: %+v, want stuck at h 0", r)
	}
}

// FuzzFamilyScript: any text loads, classifies and makes a game or a
// local problem or fails with an error; none panics.
func FuzzFamilyScript(f *testing.F) {
	f.Add(gameBase)
	f.Add(localBase)
	f.Add("initial = 1\ndef to_move(s): return 1\n")
	f.Add("start = ()\ndef value(s):\n    return len(s)\ndef neighbours(s):\n    return [(s, s)]\n")
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		sc, err := script.Load("fuzz.star", src, nil)
		if err != nil {
			return
		}
		if g, err := script.NewGame(sc); err == nil {
			s, err := game.New(g, game.Options{Algorithm: game.AlphaBeta, MaxNodes: 200})
			if err == nil {
				s.Run(200)
			}
		}
		if p, err := script.NewLocal(sc); err == nil {
			s, err := local.New(p, local.Options{Algorithm: local.HillClimb, MaxSteps: 20})
			if err == nil {
				s.Run(20)
			}
		}
	})
}

// TestScriptGameShared: one loaded game serves searches on several
// goroutines at once, each getting the built-in's result (run with -race).
func TestScriptGameShared(t *testing.T) {
	g, err := game.ParseProblem("script " + familyPath(t, "games", "tictactoe.star") + " board=X...O....")
	if err != nil {
		t.Fatal(err)
	}
	want := gameResult(t, "tictactoe X...O....", "minimax")
	results := make(chan game.Result, 4)
	for i := 0; i < 4; i++ {
		go func() {
			s, err := game.New(g, game.Options{Algorithm: game.Minimax})
			if err != nil {
				results <- game.Result{Error: err.Error()}
				return
			}
			s.Run(0)
			results <- s.Result()
		}()
	}
	for i := 0; i < 4; i++ {
		r := <-results
		if r.Value != want.Value || r.Best != want.Best || r.Nodes != want.Nodes || r.Error != "" {
			t.Errorf("a search of a shared game: %+v, want %+v", r, want)
		}
	}
}

// chanceScript is AIMA-style `gametree [{0.5: [3,5], 0.5: [1,9]}, 4]` as a
// script with chances(state): MAX chooses a throw (a1) or the leaf 4 (a2).
const chanceScript = `initial = "A"
MOVES = {"A": ["a1", "a2"], "B": ["b1", "b2"], "C": ["c1", "c2"]}
NEXT = {"a1": "T", "a2": "L4", "b1": "L3", "b2": "L5", "c1": "L1", "c2": "L9"}
def to_move(s):
    return "MAX" if s == "A" else "MIN"
def chances(s):
    if s == "T":
        return [("0.5", 0.5, "B"), ("0.5", 0.5, "C")]
    return []
def actions(s):
    return MOVES[s]
def result(s, a):
    return NEXT[a]
def is_terminal(s):
    return s.startswith("L")
def utility(s, p):
    return int(s[1:]) if p == "MAX" else -int(s[1:])
`

// TestScriptChanceNodes: a script with chances(state) is searched by
// expectiminimax as the built-in explicit tree with the same chance node
// is, and refused by minimax as that tree is.
func TestScriptChanceNodes(t *testing.T) {
	line := "script " + writeScript(t, chanceScript)
	got, want := gameResult(t, line, "expectiminimax"), gameResult(t, "gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "expectiminimax")
	if got.Value != 4 || got.Best != "a2" || got.Value != want.Value || got.Nodes != want.Nodes || got.Leaves != want.Leaves || got.Error != "" {
		t.Errorf("script %+v, built-in %+v", got, want)
	}
	g, err := game.ParseProblem(line)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.New(g, game.Options{Algorithm: game.Minimax}); err == nil || !strings.Contains(err.Error(), "use expectiminimax") {
		t.Errorf("minimax on chance nodes: %v", err)
	}
	bad := strings.Replace(chanceScript, `("0.5", 0.5, "C")`, `("0.4", 0.4, "C")`, 1)
	if msg := familyError(t, "script "+writeScript(t, bad), "expectiminimax"); !strings.Contains(msg, "in chances(\"T\")") || !strings.Contains(msg, "add up to 0.9, not 1") {
		t.Errorf("probabilities not adding up to 1: %q", msg)
	}
}

// TestScriptGameFailureRunMatchesSteps: a game that fails partway ends at
// its first failure whether it is run to the end or stepped: the same
// status, counters and error (each search on a game loaded anew, since a
// loaded game keeps its first failure).
func TestScriptGameFailureRunMatchesSteps(t *testing.T) {
	tests := []struct {
		name, src, search string
		steps             int // the step the failure ends the search at
	}{
		{"utility fails at the first leaf", strings.Replace(gameBase, "    return 1\n", "    return 1 // 0\n", 1), "minimax", 4},
		{"actions fails below the root", strings.Replace(gameBase, "    return [1, 2]", "    if s == 1:\n        fail(\"no moves at\", s)\n    return [1, 2]", 1), "alphabeta", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := "script " + writeScript(t, tt.src)
			o, err := game.ParseOptions(tt.search)
			if err != nil {
				t.Fatal(err)
			}
			search := func() *game.Search {
				t.Helper()
				g, err := game.ParseProblem(line)
				if err != nil {
					t.Fatal(err)
				}
				s, err := game.New(g, o)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			run, stepped := search(), search()
			run.Run(0)
			for stepped.Status() == game.Running {
				stepped.Step()
			}
			a, b := run.Result(), stepped.Result()
			if a != b {
				t.Errorf("Run %+v\nstepping %+v", a, b)
			}
			if a.Status != game.Failed || a.Steps != tt.steps || a.Error == "" {
				t.Errorf("status %s at step %d (%q), want failed at step %d with the error", a.Status, a.Steps, a.Error, tt.steps)
			}
		})
	}
}
