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

// TestAlgorithm: a known name in any case, and for any other an error
// that lists the family's names as a sentence.
func TestAlgorithm(t *testing.T) {
	type algo string
	all := []algo{"minimax", "alphabeta", "mcts"}
	for _, tc := range []struct {
		in   string
		want algo
		err  string
	}{
		{"MCTS", "mcts", ""},
		{"negamax", "", `unknown game search "negamax": write minimax, alphabeta or mcts`},
	} {
		got, err := Algorithm(tc.in, all, "game")
		checkErr(t, "Algorithm("+tc.in+")", err, tc.err)
		if got != tc.want {
			t.Errorf("Algorithm(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		all  []algo
		want string
	}{{nil, ""}, {all[:1], "minimax"}, {all[:2], "minimax or alphabeta"}, {all, "minimax, alphabeta or mcts"}} {
		if got := Names(tc.all); got != tc.want {
			t.Errorf("Names(%q) = %q, want %q", tc.all, got, tc.want)
		}
	}
}

// TestFloatAndSeed: numbers in range are read, anything else (out of
// range, NaN, an infinity, not a number, a negative seed) is refused
// with the option and its value in the message.
func TestFloatAndSeed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		err  string
	}{
		{"0.25", 0.25, ""},
		{"1", 1, ""},
		{"1.5", 0, "p=1.5: the probability is a number from 0 to 1"},
		{"NaN", 0, "p=NaN: the probability"},
		{"-inf", 0, "p=-inf: the probability"},
		{"x", 0, "p=x: the probability"},
	} {
		got, err := Float("p", tc.in, 0, 1, "the probability")
		checkErr(t, "Float("+tc.in+")", err, tc.err)
		if got != tc.want {
			t.Errorf("Float(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		in   string
		want uint64
		err  string
	}{
		{"0", 0, ""},
		{"18446744073709551615", 1<<64 - 1, ""},
		{"-1", 0, "seed=-1: write a whole number from 0"},
		{"1e3", 0, "seed=1e3: write a whole number from 0"},
	} {
		got, err := Seed("seed", tc.in)
		checkErr(t, "Seed("+tc.in+")", err, tc.err)
		if got != tc.want {
			t.Errorf("Seed(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// checkErr checks that err is nil when want is "", else holds want.
func checkErr(t *testing.T, what string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v, want no error", what, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("%s: error %v, want one saying %q", what, err, want)
	}
}
