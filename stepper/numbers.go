package stepper

import (
	"math"
	"strconv"
)

// The one rounding rule of the program: every cost, h and f a person reads
// (narration, tables, trees, every export, the page) is rounded to
// thousandths (tenths in a grid cell), half away from zero, and written without trailing zeros
// ("5", "2.5", "1.414"). A node's f is then written from its g and h as
// written whenever f is one of g + h, h or g, so f = g + h holds as printed
// (1.414 + 41.627 = 43.041, never 43.042). static/util.js follows the same
// rule.

// Shown is a node's g, h and f as written under the rounding rule.
type Shown struct{ G, H, F string }

// Shown is n's g, h and f as every format writes them. O(1).
func (n NodeInfo) Shown() Shown { return ShowGHF(n.G, n.H, n.F) }

// ShowGHF writes g, h and f under the rounding rule: f from the written g
// and h when f is g + h (A*), h (greedy) or g (UCS), on its own otherwise
// (weighted A*, depth-ordered searches, RBFS's backed-up values). O(1).
func ShowGHF(g, h, f float64) Shown { return showGHF(g, h, f, 1000) }

// ShowGHFTenths is ShowGHF to one decimal, for a grid cell too small for
// three: the same rule, so f = g + h holds as the cell writes them. O(1).
func ShowGHFTenths(g, h, f float64) Shown { return showGHF(g, h, f, 10) }

func showGHF(g, h, f float64, scale int64) Shown {
	gt, gok := units(g, scale)
	ht, hok := units(h, scale)
	ft, fok := units(f, scale)
	if !gok || !hok || !fok {
		return Shown{FormatNumber(g), FormatNumber(h), FormatNumber(f)}
	}
	switch {
	case near(f, g+h):
		ft = gt + ht
	case near(f, h):
		ft = ht
	case near(f, g):
		ft = gt
	}
	return Shown{G: writeUnits(gt, scale), H: writeUnits(ht, scale), F: writeUnits(ft, scale)}
}

// FormatNumber writes x under the rounding rule: at most three decimals, no
// trailing zeros, "0" for a negative zero; a number past 2⁵² thousandths as a
// whole number, past 10²¹ in exponent form; an infinity or NaN as Go writes
// it ("+Inf"). O(1).
func FormatNumber(x float64) string {
	t, ok := units(x, 1000)
	if !ok {
		if math.Abs(x) < 1e21 {
			return strconv.FormatFloat(math.Round(x), 'f', -1, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return writeUnits(t, 1000)
}

// maxUnits bounds the values written through whole units (exact in an
// int64 and in a float64's mantissa).
const maxUnits = 1 << 52

// units is x·scale rounded half away from zero, and whether it is finite
// and small enough to be exact.
func units(x float64, scale int64) (int64, bool) {
	r := math.Round(x * float64(scale))
	if math.IsNaN(r) || math.Abs(r) >= maxUnits {
		return 0, false
	}
	return int64(r), true
}

// writeUnits writes t/scale (scale 10 or 1000) with no trailing zeros.
func writeUnits(t, scale int64) string {
	neg := t < 0
	if neg {
		t = -t
	}
	whole, frac := t/scale, t%scale
	b := make([]byte, 0, 24)
	if neg && t != 0 {
		b = append(b, '-')
	}
	b = strconv.AppendInt(b, whole, 10)
	if frac != 0 {
		b = append(b, '.')
		for unit := scale / 10; frac != 0; unit /= 10 {
			b = append(b, byte('0'+frac/unit))
			frac %= unit
		}
	}
	return string(b)
}

// near reports whether a and b are the same value up to the rounding of
// float arithmetic.
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
