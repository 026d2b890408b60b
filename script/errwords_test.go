package script_test

import (
	"strings"
	"testing"

	"stepviz/script"
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
		{"h without a return", h("    n = 1\n"),
			[]string{"in h_zero(0): returned None, as a function does when it ends without a return; return a number >= 0"}, false},
		{"successors without a return", strings.Replace(base, `return [("inc", s + 1)]`, `n = 1`, 1),
			[]string{"in successors(0): returned None, as a function does when it ends without a return; return a list"}, false},
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
			for _, inner := range []string{"__stepviz", "<builtin>", "cancelled", "Error in ", "NoneType"} {
				if strings.Contains(err.Error(), inner) {
					t.Errorf("error\n%v\nshows the interpreter's %q", err, inner)
				}
			}
		})
	}
}

// TestSyntaxErrorWords: a syntax error keeps the parser's words and adds
// what to do in the student's, at the line to mend.
func TestSyntaxErrorWords(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // in the error
	}{
		{"colon missing", "def h_x(s)\n    return 0\n", []string{"script cell:1: syntax error", "a ':' is missing at the end of line 1"}},
		{"= for ==", "def h_x(s):\n    if s = 1:\n        return 1\n    return 0\n", []string{"cell:2:11: syntax error", "to compare, write =="}},
		{"expression cut short", "def h_x(s):\n    n = 0\n    return n +\n", []string{"cell:3:15: syntax error", "line 3 ends before its expression does"}},
		{"operator without a value", "def h_x(s):\n    return 1 +* 2\n", []string{"cell:2:15: syntax error", "a value or a name is missing before '*'"}},
		{"indented too far", "def h_x(s):\n    n = 0\n      return n\n", []string{"cell:3:7: syntax error", "indented more than the line before"}},
		{"body not indented", "def h_x(s):\nreturn 0\n", []string{"cell:2:7: syntax error", "indent the lines of the block"}},
		{"bracket not closed", "def h_x(s):\n    x = [1, 2\n    return 0\n", []string{"syntax error", "a '[' is not closed: add ']'"}},
		{"unindent", "def h_x(s):\n    if s:\n        n = 1\n      return 0\n    return 1\n", []string{"cell:4:7: syntax error", "indent this line by as many spaces as a line above it"}},
		{"two values in a row", "def h_x(s):\n    return 1 2\n", []string{"cell:2:15: syntax error", "the line should end before int literal: an operator or a comma missing?"}},
		{"string not closed", "def h_x(s):\n    return \"abc\n", []string{"cell:2:12: syntax error", "the string's closing quote is missing"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := script.New("cell", c.src, nil)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
		})
	}
}
