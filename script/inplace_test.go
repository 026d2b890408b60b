package script_test

import (
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/stepper"
)

// firstMove solves src by BFS and returns the first move of its path.
func firstMove(t *testing.T, src string) (string, error) {
	t.Helper()
	in, err := script.New("cell", src, nil)
	if err != nil {
		return "", err
	}
	s, err := stepper.NewSearch(in, stepper.Options{Algorithm: stepper.BFS})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Run(0); st != stepper.Solved {
		return "", s.Err()
	}
	moves := s.PathActions()
	if len(moves) == 0 {
		t.Fatal("no move; want one")
	}
	return moves[0], nil
}

// TestInPlaceAdd: x += y on a list extends that list, as Starlark says
// (another name for the list sees the new elements; a frozen list cannot
// be extended), and is bounded as x + y is, whatever iterable y is.
func TestInPlaceAdd(t *testing.T) {
	succ := func(body string) string {
		return "start = 0\ndef is_goal(s):\n    return s == 1\ndef successors(s):\n" + body + "\n    return [(\"n%d\" % len(a), 1)]\n"
	}
	cases := []struct {
		name, src, move, err string
	}{
		{"alias sees the elements", succ("    a = []\n    b = a\n    b += [1]\n    b += (2, 3)"), "n3", ""},
		{"a loop of +=", succ("    a = []\n    for i in range(1000):\n        a += [i]"), "n1000", ""},
		{"a string", succ("    a = \"ab\"\n    a += \"cd\""), "n4", ""},
		{"a frozen list", "G = [1]\n" + succ("    a = G\n    a += [2]"), "", "cannot apply += to frozen list"},
		{"too long", succ("    a = [0] * 600000\n    a += a"), "", "list += list would make 1200000 elements"},
		{"too long by a range", succ("    a = [0] * 600000\n    a += range(600000)"), "", "list += range would make 1200000 elements"},
		{"too long by a dict", succ("    a = [0] * 1048576\n    a += {1: 0, 2: 0}"), "", "list += dict would make 1048578 elements"},
		{"too long a string", succ("    a = \"ab\" * 300000\n    a += a"), "", "string + string would make 1200000 elements"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			move, err := firstMove(t, c.src)
			if c.err == "" && (err != nil || move != c.move) {
				t.Errorf("move %q, error %v; want move %q", move, err, c.move)
			}
			if c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
				t.Errorf("move %q, error %v; want an error containing %q", move, err, c.err)
			}
		})
	}
}
