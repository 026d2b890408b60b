package script_test

import (
	"strings"
	"testing"
	"time"
)

// TestTextBombsRefused: values small in memory but huge as text are
// refused before a builtin writes them (str of a list holding one big list
// a million times crashed the process with "out of memory").
func TestTextBombsRefused(t *testing.T) {
	big := "    big = [[0] * 1000000] * 1000000\n"
	mb := "    s = 'x' * 1000000\n"
	cases := []struct{ name, body, want string }{
		{"str", big + "    t = str(big)\n", "str() would write more than"},
		{"repr", big + "    t = repr(big)\n", "repr() would write more than"},
		{"print", big + "    print(big)\n", "print() would write more than"},
		{"fail", big + "    fail(big)\n", "fail() would write more than"},
		{"percent", big + "    t = '%s' % (big,)\n", "string % formatting would write more than"},
		{"percent-eq", big + "    t = '%s'\n    t %= (big,)\n", "string % formatting would write more than"},
		{"format", big + "    t = '{}'.format(big)\n", "str.format would write more than"},
		{"join", mb + "    t = ','.join([s] * 1000)\n", "str.join would write more than"},
		{"replace", mb + "    t = s.replace('x', 'xxxxxxxx')\n", "str.replace would write more than"},
		{"state", big + "    return [('a', (1, big[0][:1000] * 100), 1)]\n", "a state of more than"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "start = 0\ndef is_goal(s):\n    return s == 1\ndef successors(s):\n" + c.body + "    return [('a', 1, 1)]\n"
			err, d := runScript(t, "cell", src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if d > 2*time.Second {
				t.Errorf("refused after %v, want at once", d)
			}
		})
	}
}

// TestTextMethodsStillWork: the bounded operations give Starlark's results.
func TestTextMethodsStillWork(t *testing.T) {
	src := `start = "a"
def is_goal(s):
    return s == "a,b-b;%d" % 3
def successors(s):
    t = ",".join(["a", "b"]).replace("b", "b-b", 1) + ";{}".format("%d")
    return [("go", t % 3, 1)] if s == "a" else []
`
	if err, _ := runScript(t, "cell", src); err != nil {
		t.Fatal(err)
	}
}
