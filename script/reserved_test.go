package script_test

import (
	"strings"
	"testing"
)

// TestReservedNames: a script cannot shadow the sandbox's own builtins
// (which would lift a bound: a global __stepviz_key__ returning its
// argument would let a shared tuple be hashed unmeasured), wherever it
// binds the name; it may still name them in other ways.
func TestReservedNames(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"global function", "def __stepviz_key__(k):\n    return k\n" + base, "cell:1:5: the name __stepviz_key__ is the sandbox's own"},
		{"global value", "__stepviz_add__ = 1\n" + base, "cell:1:1: the name __stepviz_add__ is the sandbox's own"},
		{"parameter", strings.Replace(base, "def h_zero(s):", "def h_zero(__stepviz_cmp__):", 1), "the name __stepviz_cmp__ is the sandbox's own"},
		{"a twin's maker", base + "t = __stepviz_twin_successors__\n", "cell:9:5: the name __stepviz_twin_successors__ is the sandbox's own"},
		{"loop variable", strings.Replace(base, "    return 0\n", "    for __stepviz_x__ in range(3):\n        pass\n    return 0\n", 1), "the name __stepviz_x__ is the sandbox's own"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err, _ := runScript(t, "cell", c.src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}
