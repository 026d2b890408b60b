package script

import (
	"strings"
	"testing"

	"go.starlark.net/syntax"
)

// hiddenCalls rewrites src and returns the sandbox's builtins the def f
// calls, outermost first, space-separated: those of its plain body and
// those of its body specialised for a short string argument ("-" if it
// has none).
func hiddenCalls(t *testing.T, src string) (plain, special string) {
	t.Helper()
	f, err := fileOptions.Parse("cell", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	boundSequences(f)
	calls := func(stmts []syntax.Stmt) string {
		var names []string
		for _, s := range stmts {
			syntax.Walk(s, func(n syntax.Node) bool {
				if c, ok := n.(*syntax.CallExpr); ok {
					if id, ok := c.Fn.(*syntax.Ident); ok && isMeasure(id.Name) {
						names = append(names, strings.TrimSuffix(strings.TrimPrefix(id.Name, hiddenPrefix), "__"))
					}
				}
				return true
			})
		}
		return strings.Join(names, " ")
	}
	for _, s := range f.Stmts {
		d, ok := s.(*syntax.DefStmt)
		if !ok || d.Name.Name != "f" {
			continue
		}
		if ifs, ok := d.Body[0].(*syntax.IfStmt); ok {
			if c, ok := ifs.Cond.(*syntax.CallExpr); ok && c.Fn.(*syntax.Ident).Name == shortName {
				return calls(ifs.False), calls(ifs.True)
			}
		}
		return calls(d.Body), "-"
	}
	t.Fatal("no def f")
	return "", ""
}

// TestScalarRewrite: operations on locals that are certainly numbers or
// bools, or (in the body specialised for a short string argument) short
// strings, keep their operators; those on anything else are still measured.
func TestScalarRewrite(t *testing.T) {
	cases := []struct {
		name, src      string
		plain, special string // the hidden builtins f calls, outermost first
	}{
		{"manhattan sum", "D = [{}]\ndef f(s):\n    total = 0\n    for i in range(9):\n        total += D[i][s[i]]\n    return total\n", "key", ""},
		{"puzzle moves", "N = []\ndef f(s):\n    b = s.index(\"0\")\n    out = []\n    for name, to in N[b]:\n        t = s[to]\n        if b < to:\n            out.append((name, s[:b] + t + s[b + 1:to] + \"0\" + s[to + 1:]))\n    return out\n",
			"keymethod key add add add add", ""},
		{"goal test", "G = \"x\"\ndef f(s):\n    return s == G\n", "cmp", ""},
		{"parameter", "def f(s):\n    return {s: 1}[s] + s\n", "add key key", "add"},
		{"number times a value", "def f(s):\n    n = 2\n    return n * s\n", "mul", "-"},
		{"number times a number", "def f(s):\n    n = len(s)\n    return n * n % 7\n", "", "-"},
		{"value formatted", "def f(s):\n    n = 2\n    return s % n\n", "mod", "-"},
		{"membership", "def f(s):\n    n = 2\n    return n in s\n", "cmp", "-"},
		{"comprehension variable", "def f(s):\n    i = 0\n    return [s[i] for i in s]\n", "key", ""},
		{"rebound", "def f(s):\n    i = 0\n    i = s\n    return s[i]\n", "key", ""},
		{"range rebound", "def range(n):\n    return n\ndef f(s):\n    for i in range(s):\n        return s[i]\n", "key", ""},
		{"bools and arithmetic", "def f(s):\n    a = len(s) > 2\n    b = not a\n    c = -len(s) // 2 if a else 3.5\n    return {a: 1, b: 2, c: 3}\n", "", "-"},
		{"parameter rebound", "def f(s):\n    s = (s,)\n    return {s: 1}\n", "key", "-"},
		{"growing string", "def f(s):\n    x = s\n    for i in range(40):\n        x = x + x\n    return x\n", "add", "-"},
		{"string of a growing string", "def f(s):\n    x = s\n    for i in range(40):\n        x = x + \"a\"\n    return {x: 1}\n", "add key", "-"},
		{"string joined", "def f(s):\n    return \"\".join([s, s])\n", "method", "-"},
		{"string repeated", "def f(s):\n    return s * 3\n", "mul", "-"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plain, special := hiddenCalls(t, c.src)
			if plain != c.plain || special != c.special {
				t.Errorf("f calls %q and specialised %q, want %q and %q", plain, special, c.plain, c.special)
			}
		})
	}
}

// TestSmallRange: range(...) of int literals that bound it calls
// Starlark's range directly; any other range is measured.
func TestSmallRange(t *testing.T) {
	cases := []struct {
		call   string
		direct bool
	}{
		{"range(9)", true},
		{"range(2, 9)", true},
		{"range(0, 1048576, 3)", true},
		{"range(1048577)", false},
		{"range(0, 2000000)", false},
		{"range(n)", false},
		{"range(-1, 5)", false},
		{"range(9, 0, -1)", false},
		{"range()", false},
	}
	for _, c := range cases {
		src := "n = 3\ndef f():\n    return " + c.call + "\n"
		f, err := fileOptions.Parse("cell", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		boundSequences(f)
		fn := f.Stmts[1].(*syntax.DefStmt).Body[0].(*syntax.ReturnStmt).Result.(*syntax.CallExpr).Fn.(*syntax.Ident).Name
		if got := fn == rangeName; got != c.direct {
			t.Errorf("%s calls %s; want Starlark's own range: %v", c.call, fn, c.direct)
		}
	}
	// a script's own range is its own
	f, err := fileOptions.Parse("cell", "def range(n):\n    return n\ndef f():\n    return range(9)\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	boundSequences(f)
	if fn := f.Stmts[1].(*syntax.DefStmt).Body[0].(*syntax.ReturnStmt).Result.(*syntax.CallExpr).Fn.(*syntax.Ident).Name; fn != "range" {
		t.Errorf("a script's own range(9) calls %s", fn)
	}
}
