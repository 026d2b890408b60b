package viz

import (
	"fmt"
	"math"
)

// sqrt2Form writes x exactly as a + b√2 with whole a, b >= 0 ("2+3√2",
// "√2", "4") when x is such a sum up to rounding error, as path costs and
// octile distances on a grid with unit and √2 moves are; ok is false
// otherwise, or when b is 0 (a whole number needs no exact form). O(x/√2).
func sqrt2Form(x float64) (s string, ok bool) {
	if x < 0 || x > 1e6 || math.IsNaN(x) {
		return "", false
	}
	for b := 1; float64(b)*math.Sqrt2 <= x+1e-9; b++ {
		a := x - float64(b)*math.Sqrt2
		ra := math.Round(a)
		if math.Abs(a-ra) < 1e-9*max(1, x) {
			coef := fmt.Sprint(b)
			if b == 1 {
				coef = ""
			}
			if ra == 0 {
				return coef + "√2", true
			}
			return fmt.Sprintf("%d+%s√2", int64(ra), coef), true
		}
	}
	return "", false
}

// exactSum writes "f 6+4√2 ≈ 11.657 = g 2+3√2 + h 4+√2" when g and h have
// exact √2 forms and at least one involves √2, so the terms a student adds
// by hand add up to what is shown; ok is false otherwise. Rounded decimals
// would not add up: 2.414 + 3.828 is 6.242, but f is 6.243.
func exactSum(g, h float64) (string, bool) {
	gs, gok := sqrt2Form(g)
	hs, hok := sqrt2Form(h)
	if !gok && !hok {
		return "", false
	}
	if !gok {
		if g != math.Trunc(g) {
			return "", false
		}
		gs = num(g)
	}
	if !hok {
		if h != math.Trunc(h) {
			return "", false
		}
		hs = num(h)
	}
	fs, ok := sqrt2Form(g + h)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("f %s ≈ %s = g %s + h %s", fs, num(g+h), gs, hs), true
}
