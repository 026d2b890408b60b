package script_test

import (
	"strings"
	"testing"
	"time"

	"stepviz/script"
	"stepviz/stepper"
)

// base is a correct problem; the failure cases replace one of its parts.
const base = `
start = 0
def is_goal(s):
    return s == 3
def successors(s):
    return [("inc", s + 1)]
def h_zero(s):
    return 0
`

// runScript loads src as cell name and runs an A* search on it to its end;
// it returns the first error: the load's, the search's start or its Err.
func runScript(t *testing.T, name, src string) (error, time.Duration) {
	t.Helper()
	begin := time.Now()
	in, err := script.New(name, src, nil)
	if err != nil {
		return err, time.Since(begin)
	}
	s, err := stepper.NewSearch(in, stepper.Options{Algorithm: stepper.AStar})
	if err != nil {
		return err, time.Since(begin)
	}
	st := s.Run(0)
	if st == stepper.Failed {
		return s.Err(), time.Since(begin)
	}
	return nil, time.Since(begin)
}

// shared is base with successors building two tuples that each hold a
// million-element tuple a thousand times (10^9 elements to walk, a few
// megabytes of memory), then running use on them.
func shared(use string) string {
	return strings.Replace(base, `return [("inc", s + 1)]`,
		"big = tuple(range(1000000))\n    t = (big,) * 1000\n    u = (tuple(range(1000000)),) * 1000\n    "+use+"\n    return []", 1)
}

// TestSandboxFailures: each way a script can fail gives a clear error that
// names the cell, the line, and the function, within a second.
func TestSandboxFailures(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // substrings of the error
	}{
		{"syntax error", "start = (\n", []string{"script cell:2:1: syntax error"}},
		{"undefined name", "start = caps\n", []string{"cell:1:9", "undefined: caps", "name=value"}},
		{"while loop", "def f():\n    while True:\n        pass\n", []string{"cell:2:5", "while", "for over a bounded range"}},
		{"no start", "def is_goal(s):\n    return True\n", []string{"no start state"}},
		{"no successors", "start = 0\ndef is_goal(s):\n    return True\n", []string{"no successors: define def successors(s):"}},
		{"start too long", strings.Replace(base, "start = 0", `start = "ab" * 40000`, 1), []string{"script cell: start is a string of more than 65536 characters"}},
		{"unhashable start", strings.Replace(base, "start = 0", "start = [0]", 1), []string{"start = [0] is unhashable", "tuple"}},
		{"exception in successors", strings.Replace(base, `return [("inc", s + 1)]`, `return [("inc", s + "x")]`, 1),
			[]string{"script cell:6:23: in successors(0)", "unknown binary op: int + string"}},
		{"fail() in is_goal", strings.Replace(base, "return s == 3", `fail("bad state", s)`, 1),
			[]string{"cell:4:9: in is_goal(0)", "bad state 0"}},
		{"unhashable next state", strings.Replace(base, `("inc", s + 1)`, `("inc", [s + 1])`, 1),
			[]string{"cell:5:1: in successors(0)", `item 0, ("inc", [1])`, "unhashable", "tuple"}},
		{"negative cost", strings.Replace(base, `("inc", s + 1)`, `("inc", s + 1, -2)`, 1),
			[]string{"in successors(0)", "the cost -2 is not a finite number > 0"}},
		{"zero cost", strings.Replace(base, `("inc", s + 1)`, `("inc", s + 1, 0)`, 1), []string{"the cost 0 is not"}},
		{"action not a string", strings.Replace(base, `("inc", s + 1)`, `(1, s + 1)`, 1), []string{"the action is a int; name it with a string"}},
		{"successors not a list", strings.Replace(base, `return [("inc", s + 1)]`, `return s`, 1), []string{"returned int 0; return a list"}},
		{"is_goal not a bool", strings.Replace(base, "return s == 3", "return s", 1), []string{"in is_goal(0)", "returned int 0; return True or False"}},
		{"negative h", strings.Replace(base, "return 0\n", "return -1\n", 1), []string{"in h_zero(0)", "returned -1; a heuristic is a finite number >= 0"}},
		{"infinite loop", strings.Replace(base, `return [("inc", s + 1)]`, "for i in range(1000000):\n        for j in range(1000000):\n            pass\n    return []", 1),
			[]string{"cell:7:9: in successors(0)", "one call took more than 1000000 Starlark steps"}},
		{"huge list", strings.Replace(base, `return [("inc", s + 1)]`, "x = [0] * 1000000000\n    return []", 1),
			[]string{"cell:6:13: in successors(0)", "would make more than 1048576 elements"}},
		{"huge range", strings.Replace(base, `return [("inc", s + 1)]`, "x = list(range(1000000000))\n    return []", 1),
			[]string{"in successors(0)", "range of 1000000000 elements"}},
		{"doubling string", strings.Replace(base, `return [("inc", s + 1)]`, "x = \"ab\"\n    for i in range(40):\n        x = x + x\n    return []", 1),
			[]string{"cell:8:15: in successors(0)", "string + string would make 2097152 elements"}},
		{"deep recursion", strings.Replace(base, `return [("inc", s + 1)]`, "return successors(s + 1)", 1),
			[]string{"cell:6:12: in successors(0)", "called recursively", "cell:6:22: in successors"}},
		{"top level loop", "def spin():\n    for i in range(1000000):\n        for j in range(100000):\n            pass\nspin()\n", []string{"in the top level", "more than 10000000 Starlark steps|ran longer than 5s"}},
		{"h wrong arity", strings.Replace(base, "def h_zero(s):", "def h_zero(s, t):", 1), []string{"h_zero must take exactly one parameter"}},
		{"growing list", strings.Replace(base, `return [("inc", s + 1)]`, "x = [1]\n    for i in range(40):\n        x += x\n    return []", 1),
			[]string{"cell:8:11: in successors(0)", "list += list would make 2097152 elements"}},
		{"growing element", strings.Replace(base, `return [("inc", s + 1)]`, "x = [\"ab\"]\n    for i in range(40):\n        x[0] *= 2\n    return []", 1),
			[]string{"cell:8:14: in successors(0)", "string * 2 would make more than 1048576 elements"}},
		{"load", "load(\"x.star\", \"y\")\n", []string{"load"}},
		{"shared equality", shared("if t == u:\n        return []"), []string{"in successors(0)", "x == y would walk more than 67108864 bytes of values"}},
		{"shared inequality", shared("if t < u:\n        return []"), []string{"x < y would walk more than"}},
		{"shared membership", shared("if t in [u]:\n        return []"), []string{"x in y would walk more than"}},
		{"shared dict key", shared("d = {}\n    d[t] = 1"), []string{"a key would walk more than"}},
		{"shared dict literal", shared("d = {t: 1}"), []string{"a key would walk more than"}},
		{"shared dict lookup", shared("d = {}\n    d.get(t)"), []string{".get() would walk more than"}},
		{"shared index", shared("[u].index(t)"), []string{".index() would walk more than"}},
		{"shared sorted", shared("sorted([t, u])"), []string{"sorted() would walk more than"}},
		{"shared set", shared("set([t, u])"), []string{"set() would walk more than"}},
		{"shared hash", shared("hash(t)"), []string{"hash() would walk more than"}},
		{"hidden builtins called by hand", strings.Replace(base, `return [("inc", s + 1)]`, "__stepviz_method__()\n    return []", 1), []string{"needs a receiver and a name"}},
		{"hidden method name not a string", strings.Replace(base, `return [("inc", s + 1)]`, "__stepviz_keymethod__([], 1)\n    return []", 1), []string{"name is a string"}},
		{"hidden comparison called by hand", strings.Replace(base, `return [("inc", s + 1)]`, "__stepviz_cmp__(\"<>\", 1, 2)\n    return []", 1), []string{"unknown comparison"}},
		{"hidden key called by hand", strings.Replace(base, `return [("inc", s + 1)]`, "__stepviz_key__()\n    return []", 1), []string{"want one key"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkRefused(t, c.src, c.want) })
	}
}

// TestSearchBudget: a search whose calls each stay within the per-call
// budget still stops once all of them together spend the search's budget.
func TestSearchBudget(t *testing.T) {
	src := strings.Replace(base, `return [("inc", s + 1)]`, "for i in range(100000):\n        pass\n    return [(\"inc\", s + 1)]", 1)
	src = strings.Replace(src, "return s == 3", "return s == 100000", 1)
	in, err := script.New("cell", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	in.SetSearchSteps(20_000_000)
	s, err := stepper.NewSearch(in, stepper.Options{Algorithm: stepper.BFS})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Run(0); st != stepper.Failed {
		t.Fatalf("status %s, want failed", st)
	}
	if !strings.Contains(s.Err().Error(), "budget of 20000000 Starlark steps is spent") {
		t.Errorf("error %v, want the search's budget", s.Err())
	}
}

// checkRefused checks that src (run by runScript) fails, within about a
// second, with an error holding each of want (a want may give
// alternatives split by "|").
func checkRefused(t *testing.T, src string, want []string) {
	t.Helper()
	err, took := runScript(t, "cell", src)
	if err == nil {
		t.Fatalf("no error; want one containing %q", want)
	}
	for _, w := range want {
		if !containsAny(err.Error(), strings.Split(w, "|")) {
			t.Errorf("error\n%v\ndoes not contain %q", err, w)
		}
	}
	if took > 2*time.Second {
		t.Errorf("took %v; a hostile script must be stopped within about a second", took)
	}
}

// checkAnswers checks that shared(use) runs without an error and at once:
// why says why it walks little.
func checkAnswers(t *testing.T, use, why string) {
	t.Helper()
	err, took := runScript(t, "cell", shared(use))
	if err != nil {
		t.Errorf("%q: %v", use, err)
	}
	if took > 2*time.Second {
		t.Errorf("%q took %v; %s", use, took, why)
	}
}

// containsAny reports whether s contains one of subs: a limit that a
// loaded machine reaches by time rather than by steps gives another error.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// TestLiteralOperandsStayFast: comparisons, keys and additions with a
// literal operand, which keep their operators (a literal bounds what they
// walk or make), answer as Starlark does and at once even on values that
// share a huge part.
func TestLiteralOperandsStayFast(t *testing.T) {
	for _, use := range []string{
		"if t == \"x\" or t == 5 or not (t != 5):\n        fail(\"a tuple equals a literal\")",
		"d = {\"k\": t, 2: u, \"n\": 4}\n    if d[\"n\"] != 4 or len(d[\"k\"]) != 1000:\n        fail(\"lookup\")",
		"if [7, 8][1] + 1 != 9 or 2.5 + 1 != 3.5 or \"ab\"[0] != \"a\":\n        fail(\"arithmetic\")",
		"if not (\"b\" > \"a\" and 3 >= 3 and \"a\" < \"ab\"):\n        fail(\"order\")",
	} {
		checkAnswers(t, use, "a comparison with a literal walks only the literal")
	}
}
