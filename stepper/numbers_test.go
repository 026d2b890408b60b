package stepper

import (
	"math"
	"strconv"
	"testing"
)

func TestFormatNumber(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{5, "5"}, {2.5, "2.5"}, {math.Sqrt2, "1.414"}, {-0.0001, "0"}, {math.Copysign(0, -1), "0"},
		{-1.5, "-1.5"}, {0.0005, "0.001"}, {-0.0005, "-0.001"}, {1e15, "1000000000000000"},
		{1e300, "1e+300"}, {math.Inf(1), "+Inf"}, {math.NaN(), "NaN"}, {123.4567, "123.457"},
	} {
		if got := FormatNumber(c.x); got != c.want {
			t.Errorf("FormatNumber(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

// TestShownSums: under the rounding rule f = g + h holds as written for
// every A* node, and f is written as h or g for greedy and UCS, on random
// octile-like costs (sums of whole and √2 steps) and random heuristics.
func TestShownSums(t *testing.T) {
	parse := func(s string) int64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("written number %q does not parse: %v", s, err)
		}
		return int64(math.Round(f * 1000))
	}
	seed := uint64(7)
	next := func() float64 {
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64(seed>>11) / (1 << 53)
	}
	mismatches := 0
	for i := 0; i < 100000; i++ {
		g := float64(int(next()*60)) + float64(int(next()*40))*math.Sqrt2
		h := next() * 100
		if s := ShowGHF(g, h, g+h); parse(s.G)+parse(s.H) != parse(s.F) {
			t.Fatalf("A*: g=%s h=%s f=%s: f is not g + h as written", s.G, s.H, s.F)
		}
		if s := ShowGHF(g, h, h); s.F != s.H {
			t.Fatalf("greedy: h=%s f=%s", s.H, s.F)
		}
		if s := ShowGHF(g, h, g); s.F != s.G {
			t.Fatalf("UCS: g=%s f=%s", s.G, s.F)
		}
		// Rounded on their own, the three disagree this often: the test
		// draws numbers where the rule matters.
		if parse(FormatNumber(g))+parse(FormatNumber(h)) != parse(FormatNumber(g+h)) {
			mismatches++
		}
	}
	if mismatches == 0 {
		t.Fatal("no draw where rounding g, h and f apart disagrees: the test checks nothing")
	}
}

// checkShowNumbers checks that ShownNumbers appends what ShowGHF writes.
func checkShowNumbers(t *testing.T, g, h, f float64) {
	t.Helper()
	want, n := ShowGHF(g, h, f), ShowNumbers(g, h, f)
	pre := []byte("x")
	if got := string(n.AppendG(pre)); got != "x"+want.G {
		t.Errorf("AppendG(%v, %v, %v) = %q, want %q", g, h, f, got, "x"+want.G)
	}
	if got := string(n.AppendH(pre)); got != "x"+want.H {
		t.Errorf("AppendH(%v, %v, %v) = %q, want %q", g, h, f, got, "x"+want.H)
	}
	if got := string(n.AppendF(pre)); got != "x"+want.F {
		t.Errorf("AppendF(%v, %v, %v) = %q, want %q", g, h, f, got, "x"+want.F)
	}
}

func FuzzShowNumbers(f *testing.F) {
	for _, c := range [][3]float64{
		{1, 2, 3}, {1.4142135, 41.6274, 43.0416135}, {2.5, 0, 2.5}, {-0.0004, 0, -0.0004},
		{1e300, 1, 1e300}, {math.Inf(1), 0, math.Inf(1)}, {math.NaN(), 1, 2}, {3, 4, 3}, {0.0005, 0.0005, 0.001},
	} {
		f.Add(c[0], c[1], c[2])
	}
	f.Fuzz(func(t *testing.T, g, h, x float64) { checkShowNumbers(t, g, h, x) })
}
