package script_test

import (
	"strings"
	"testing"
)

// TestScalarOperandsStayBounded: a local that is a number in one place but
// may be something else in another (a rebinding, a loop over values, a
// comprehension or nested function of the same name, a builtin the script
// redefines) gets no fast path, so the values it may hold are measured and
// refused with the bound's message; and a number used to build a sequence still meets the
// sequence bounds.
func TestScalarOperandsStayBounded(t *testing.T) {
	const lenRedefined = "def len(x):\n    return x\n"
	rangeRedefined := strings.Replace(base, `return [("inc", s + 1)]`,
		"big = tuple([0] * 1000000)\n    t = (big,) * 1000\n    for i in range(t):\n        d = {i: 1}\n    return []", 1)
	rangeRedefined = "def range(n):\n    return [n]\n" + rangeRedefined
	cases := []struct {
		name, src string
		want      []string
	}{
		{"comprehension rebinds a number", shared("i = 0\n    x = [{i: 1} for i in [t]]"), []string{"a key would walk more than"}},
		{"number then value", shared("k = 0\n    k = t\n    d = {k: 1}"), []string{"a key would walk more than"}},
		{"loop over values", shared("k = 0\n    for k in [t]:\n        d = {k: 1}"), []string{"a key would walk more than"}},
		{"tuple target", shared("k = 0\n    k, j = t, 1\n    d = {k: 1}"), []string{"a key would walk more than"}},
		{"or with a value", shared("k = 0 or t\n    d = {k: 1}"), []string{"a key would walk more than"}},
		{"conditional value", shared("k = t if len(t) > 5 else 1\n    d = {k: 1}"), []string{"a key would walk more than"}},
		{"nested function's parameter", shared("k = 0\n    def g(k):\n        return {k: 1}\n    g(t)"), []string{"a key would walk more than"}},
		{"nested function's local", shared("k = 0\n    def g():\n        k = t\n        return {k: 1}\n    g()"), []string{"a key would walk more than"}},
		{"compared with a rebound number", shared("k = 1\n    k = u\n    if t == k:\n        return []"), []string{"x == y would walk more than"}},
		{"len redefined", lenRedefined + shared("d = {len(t): 1}"), []string{"a key would walk more than"}},
		{"range redefined", rangeRedefined, []string{"a key would walk more than"}},
		{"string times a doubled number", strings.Replace(base, `return [("inc", s + 1)]`, "n = 1\n    for i in range(40):\n        n = n + n\n    x = \"ab\" * n\n    return []", 1),
			[]string{"string * 1099511627776 would make more than 1048576 elements"}},
		{"list times a number product", strings.Replace(base, `return [("inc", s + 1)]`, "n = 3 * 1000000\n    x = [0] * n\n    return []", 1),
			[]string{"list * 3000000 would make more than 1048576 elements"}},
		{"doubling string beside a counter", strings.Replace(base, `return [("inc", s + 1)]`, "x = \"ab\"\n    k = 0\n    for i in range(40):\n        k += 1\n        x = x + x\n    return []", 1),
			[]string{"string + string would make 2097152 elements"}},
		{"number plus a value", shared("k = 0\n    k += t"), []string{"unknown binary op: int + tuple"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkRefused(t, c.src, c.want) })
	}
}

// TestScalarOperandsStayFast: comparisons, keys and additions with a local
// that is certainly a number or a bool keep their operators, answer as
// Starlark does and at once even beside values that share a huge part.
func TestScalarOperandsStayFast(t *testing.T) {
	for _, use := range []string{
		"n = len(t)\n    if t == n or n == t or not (t != n):\n        fail(\"a tuple equals a number\")",
		"n = len(t)\n    d = {n: t, n + 1: u}\n    if len(d[n]) != 1000 or len(d[n + 1]) != 1000:\n        fail(\"lookup\")",
		"total = 0\n    for i in range(3):\n        total += [7, 8, 9][i]\n    if total != 24:\n        fail(\"sum\")",
		"k = \"abc\".index(\"c\")\n    d = {k: t}\n    if k != 2 or len(d[2 * k - 2]) != 1000:\n        fail(\"index\")",
		"ok = len(t) > 5\n    if t == ok or {ok: 1}[True] != 1:\n        fail(\"bool\")",
	} {
		checkAnswers(t, use, "a comparison with a number walks nothing")
	}
}

// strBase is a correct problem whose states are strings; the cases below
// replace its successors' body.
const strBase = `
start = "a"
def is_goal(s):
    return s == "b"
def successors(s):
    return [("b", "b")]
def h_zero(s):
    return 0
`

// TestShortStringsStayBounded: a def's body specialised for a short
// string argument (specialise.go) keeps every bound: a string it grows
// still meets the sequence bound with the same refusal, a chain of
// additions longer than the bound allows is refused at the addition that
// passes it, whether the argument is a state, a string under the bound or
// over it, and a parameter rebound to another value is measured.
func TestShortStringsStayBounded(t *testing.T) {
	body := func(code string) string {
		return strings.Replace(strBase, `return [("b", "b")]`, code+"\n    return []", 1)
	}
	chain := func(n int) string {
		return "def g(s):\n    return s" + strings.Repeat(" + s", n-1) + "\n"
	}
	cases := []struct {
		name, src string
		want      []string
	}{
		{"doubling a state", body("x = s\n    for i in range(40):\n        x = x + x"), []string{"cell:8:15: in successors(\"a\")", "string + string would make 2097152 elements"}},
		{"growing a state", body("x = s\n    for i in range(40):\n        x = x + (x + x)"), []string{"string + string would make"}},
		{"seventeen short strings", chain(17) + body("g(\"ab\" * 32768)"), []string{"string + string would make 1114112 elements"}},
		{"fourteen long strings", chain(14) + body("g(\"ab\" * 40000)"), []string{"string + string would make 1120000 elements"}},
		{"parameter rebound to a shared value", "def g(s):\n    s = (tuple(range(1000000)),) * 1000\n    return {s: 1}\n" + body("g(s)"), []string{"a key would walk more than"}},
		{"test called by hand", body("__stepviz_short__()"), []string{"__stepviz_short__: want one value"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkRefused(t, c.src, c.want) })
	}
}
