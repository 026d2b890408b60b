package optline

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		line, want, err string
	}{
		{"alphabeta depth=4 order=eval", "algo=alphabeta depth=4 order=eval", ""},
		{"", "", "no algorithm"},
		{"alphabeta depth", "algo=alphabeta", `option "depth": write name=value, such as depth=4`},
		{strings.Repeat("x", 65), "", "too long"},
	} {
		var got []string
		err := Parse(c.line, 64, "no algorithm", "depth=4", func(k, v string) error { got = append(got, k+"="+v); return nil })
		if strings.Join(got, " ") != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("Parse(%q) = %q, %v; want %q, %q", c.line, got, err, c.want, c.err)
		}
	}
	if n, err := Int("depth", "7", 0, 9); n != 7 || err != nil {
		t.Errorf("Int 7 = %d, %v", n, err)
	}
	if _, err := Int("depth", "10", 0, 9); err == nil || !strings.Contains(err.Error(), "from 0 to 9") {
		t.Errorf("Int 10 out of range: %v", err)
	}
	if !HasKind("  NIM 3,4,5", []string{"nim"}) || HasKind("", []string{"nim"}) || HasKind("queens 8", []string{"nim"}) {
		t.Error("HasKind")
	}
}

// TestRegistry: a kind claims a line only by its first word (any case) and
// when its is says so; the parser found is that kind's.
func TestRegistry(t *testing.T) {
	var r Registry[string]
	r.Add("script", func(line string) bool { return strings.HasSuffix(line, ".game") },
		func(line string) (string, error) { return "game " + line, nil })
	for _, tc := range []struct {
		line string
		want string // "" when no kind claims it
	}{
		{"script a.game", "game script a.game"},
		{"SCRIPT b.game", "game SCRIPT b.game"},
		{"script a.star", ""},
		{"scripts a.game", ""},
		{"", ""},
	} {
		parse, ok := r.Find(tc.line)
		if !ok {
			if tc.want != "" {
				t.Errorf("Find(%q): no kind, want %q", tc.line, tc.want)
			}
			continue
		}
		if got, _ := parse(tc.line); got != tc.want {
			t.Errorf("Find(%q) parsed %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestOneOf: a name matches in any case, and only a listed one.
func TestOneOf(t *testing.T) {
	type algo string
	all := []algo{"minimax", "alphabeta"}
	for _, tc := range []struct {
		in   string
		want algo
		ok   bool
	}{{"minimax", "minimax", true}, {"AlphaBeta", "alphabeta", true}, {"alpha", "", false}, {"", "", false}} {
		if got, ok := OneOf(tc.in, all); got != tc.want || ok != tc.ok {
			t.Errorf("OneOf(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
