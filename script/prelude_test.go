package script_test

import (
	"strings"
	"testing"

	"stepviz/script"
)

// TestPreludeSum: sum adds ints and floats as Python's does, with an
// optional start, and refuses what is not a number naming it; Starlark's
// own abs, min, max, any and all are there beside it.
func TestPreludeSum(t *testing.T) {
	const problem = "\nstart = 0\ndef is_goal(s):\n    return True\ndef successors(s):\n    return []\n"
	for _, c := range []struct {
		expr, want string // want "" for a script that loads
	}{
		{"sum([1, 2, 3]) == 6", ""},
		{"sum(range(5), 10) == 20", ""},
		{"sum([]) == 0 and type(sum([])) == 'int'", ""},
		{"sum([1.5, 2]) == 3.5", ""},
		{"sum([x * x for x in [1, 2]]) == 5", ""},
		{"sum([1, 2], start=3) == 6", ""},
		{"sum({1: 'a', 2: 'b'}) == 3", ""},
		{"abs(-3) == 3 and min(2, 1) == 1 and max([1, 4]) == 4 and any([0, 1]) and all([1, 1])", ""},
		{`sum(["a", "b"]) == "ab"`, "sum: element 0 is a string, not a number"},
		{"sum([1, None])", "sum: element 1 is a NoneType, not a number"},
		{`sum([1], "x")`, "sum: start is string, not a number"},
		{"sum(3)", "sum: for parameter iterable: got int, want iterable"},
	} {
		t.Run(c.expr, func(t *testing.T) {
			src := "if not (" + c.expr + "):\n    fail(\"false\")\n" + problem
			_, err := script.New("prelude.star", src, nil)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}
