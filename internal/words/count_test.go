package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n         int
		one, many string
		want      string
	}{
		{0, "node", "nodes", "0 nodes"},
		{1, "node", "nodes", "1 node"},
		{2, "leaf", "leaves", "2 leaves"},
		{-1, "edge", "edges", "-1 edges"},
		{1, "goal state", "goal states", "1 goal state"},
	} {
		if got := Count(c.n, c.one, c.many); got != c.want {
			t.Errorf("Count(%d, %q, %q) = %q, want %q", c.n, c.one, c.many, got, c.want)
		}
	}
}
