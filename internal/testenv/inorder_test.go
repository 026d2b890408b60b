package testenv

import "testing"

func TestNotInOrder(t *testing.T) {
	for _, c := range []struct {
		text    string
		want    []string
		missing string
		at      int
	}{
		{"a b c", []string{"a", "c"}, "", 5},
		{"a b c", []string{"c", "a"}, "a", 5},
		{"a b c", []string{"b", "d"}, "d", 3},
		{"", nil, "", 0},
	} {
		if m, at := NotInOrder(c.text, c.want); m != c.missing || at != c.at {
			t.Errorf("NotInOrder(%q, %q) = %q, %d; want %q, %d", c.text, c.want, m, at, c.missing, c.at)
		}
	}
}
