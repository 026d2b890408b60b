package script_test

import (
	"strings"
	"testing"
)

// TestErrorWords: a failing heuristic's error speaks of the script the
// student wrote: its lines and functions, their own words, a hint where a
// common slip has one, and none of the sandbox's hidden builtins or the
// interpreter's inner words.
func TestErrorWords(t *testing.T) {
	h := func(body string) string {
		return strings.Replace(base, "def h_zero(s):\n    return 0\n", "def h_zero(s):\n"+body, 1)
	}
	cases := []struct {
		name, src string
		want      []string // in the error
		traceback bool     // the error lists the calls: more than one function of the script's
	}{
		{"tuple has no index", h("    t = (1, 2, 3)\n    return t.index(2)\n"),
			[]string{"cell:9:19: in h_zero(0)", "tuple has no .index", "list(t).index(x)"}, false},
		{"fail", h("    fail(\"bad state\")\n"),
			[]string{"cell:8:9: in h_zero(0)", "bad state"}, false},
		{"endless loop", h("    for i in range(1000000):\n        for j in range(1000000):\n            pass\n    return 0\n"),
			[]string{"in h_zero(0)", "one call took more than 1000000 Starlark steps"}, false},
		{"a helper's error", h("    return helper(s)\ndef helper(s):\n    return s[0]\n"),
			[]string{"cell:10:13: in h_zero(0)", "Traceback (most recent call last):\n  cell:8:18: in h_zero\n  cell:10:13: in helper\nError: "}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkRefused(t, c.src, c.want)
			err, _ := runScript(t, "cell", c.src)
			if got := strings.Contains(err.Error(), "Traceback"); got != c.traceback {
				t.Errorf("error\n%v\nhas a traceback: %v, want %v", err, got, c.traceback)
			}
			for _, inner := range []string{"__stepviz", "<builtin>", "cancelled", "Error in "} {
				if strings.Contains(err.Error(), inner) {
					t.Errorf("error\n%v\nshows the interpreter's %q", err, inner)
				}
			}
		})
	}
}
