package script

import (
	"strings"
	"testing"

	"go.starlark.net/syntax"
)

// hiddenCalls rewrites src and returns, per def, the sandbox's builtins
// its body calls, in source order.
func hiddenCalls(t *testing.T, src string) map[string][]string {
	t.Helper()
	f, err := fileOptions.Parse("cell", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	boundSequences(f)
	out := map[string][]string{}
	for _, s := range f.Stmts {
		d, ok := s.(*syntax.DefStmt)
		if !ok {
			continue
		}
		out[d.Name.Name] = nil
		syntax.Walk(d, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.CallExpr); ok {
				if id, ok := c.Fn.(*syntax.Ident); ok && strings.HasPrefix(id.Name, "__stepviz_") {
					out[d.Name.Name] = append(out[d.Name.Name], strings.Trim(id.Name, "_"))
				}
			}
			return true
		})
	}
	return out
}

// TestScalarRewrite: operations on locals that are certainly numbers or
// bools keep their operators; those on anything else are still measured.
func TestScalarRewrite(t *testing.T) {
	cases := []struct {
		name, src string
		want      string // the hidden builtins f calls, outermost first
	}{
		{"manhattan sum", "D = [{}]\ndef f(s):\n    total = 0\n    for i in range(9):\n        total += D[i][s[i]]\n    return total\n", "stepviz_key"},
		{"index then compare", "N = []\ndef f(s):\n    b = s.index(\"0\")\n    for m in N[b]:\n        if b < m:\n            return s[m]\n", "stepviz_keymethod stepviz_key"},
		{"parameter", "def f(s):\n    return {s: 1}[s] + s\n", "stepviz_add stepviz_key stepviz_key"},
		{"number times a value", "def f(s):\n    n = 2\n    return n * s\n", "stepviz_mul"},
		{"number times a number", "def f(s):\n    n = len(s)\n    return n * n % 7\n", ""},
		{"value formatted", "def f(s):\n    n = 2\n    return s % n\n", "stepviz_mod"},
		{"membership", "def f(s):\n    n = 2\n    return n in s\n", "stepviz_cmp"},
		{"comprehension variable", "def f(s):\n    i = 0\n    return [s[i] for i in s]\n", "stepviz_key"},
		{"rebound", "def f(s):\n    i = 0\n    i = s\n    return s[i]\n", "stepviz_key"},
		{"range rebound", "def range(n):\n    return n\ndef f(s):\n    for i in range(s):\n        return s[i]\n", "stepviz_key"},
		{"bools and arithmetic", "def f(s):\n    a = len(s) > 2\n    b = not a\n    c = -len(s) // 2 if a else 3.5\n    return {a: 1, b: 2, c: 3}\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := strings.Join(hiddenCalls(t, c.src)["f"], " ")
			if got != c.want {
				t.Errorf("f calls %q, want %q", got, c.want)
			}
		})
	}
}
