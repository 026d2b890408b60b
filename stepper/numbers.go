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

// HFailedText is what every format writes for the h of a node whose
// heuristic failed ([NodeInfo.HFailed]): not 0, which is only what the
// search keyed it by; UnknownF is its f then.
const (
	HFailedText = "failed"
	UnknownF    = "?"
)

// Shown is n's g, h and f as every format writes them; for a node whose h
// failed, h is HFailedText and f UnknownF. O(1).
func (n NodeInfo) Shown() Shown {
	if n.HFailed {
		return Shown{G: FormatNumber(n.G), H: HFailedText, F: UnknownF}
	}
	return ShowGHF(n.G, n.H, n.F)
}

// ShowGHF writes g, h and f under the rounding rule: f from the written g
// and h when f is g + h (A*), h (greedy) or g (UCS), on its own otherwise
// (weighted A*, depth-ordered searches, RBFS's backed-up values). O(1).
func ShowGHF(g, h, f float64) Shown { return showGHF(g, h, f, 1000) }

// ShowGHFTenths is ShowGHF to one decimal, for a grid cell too small for
// three: the same rule, so f = g + h holds as the cell writes them. O(1).
func ShowGHFTenths(g, h, f float64) Shown { return showGHF(g, h, f, 10) }

func showGHF(g, h, f float64, scale int64) Shown {
	n := showNumbers(g, h, f, scale)
	if !n.exact {
		return Shown{FormatNumber(g), FormatNumber(h), FormatNumber(f)}
	}
	return Shown{G: writeUnits(n.units[0], scale), H: writeUnits(n.units[1], scale), F: writeUnits(n.units[2], scale)}
}

// ShownNumbers is g, h and f under the rounding rule before they are
// written: AppendG, AppendH and AppendF append what ShowGHF's G, H and F
// hold, with no allocation.
type ShownNumbers struct {
	x     [3]float64 // g, h, f
	units [3]int64   // thousandths, when exact
	exact bool
}

// ShowNumbers is ShowGHF without the strings. O(1).
func ShowNumbers(g, h, f float64) ShownNumbers { return showNumbers(g, h, f, 1000) }

func showNumbers(g, h, f float64, scale int64) ShownNumbers {
	n := ShownNumbers{x: [3]float64{g, h, f}}
	gt, gok := units(g, scale)
	ht, hok := units(h, scale)
	ft, fok := units(f, scale)
	if !gok || !hok || !fok {
		return n
	}
	switch {
	case near(f, g+h):
		ft = gt + ht
	case near(f, h):
		ft = ht
	case near(f, g):
		ft = gt
	}
	n.units, n.exact = [3]int64{gt, ht, ft}, true
	return n
}

func (n ShownNumbers) appendAt(b []byte, i int) []byte {
	if !n.exact {
		return appendNumber(b, n.x[i])
	}
	return appendUnits(b, n.units[i], 1000)
}

// AppendG appends g as ShowGHF(g, h, f).G.
func (n ShownNumbers) AppendG(b []byte) []byte { return n.appendAt(b, 0) }

// AppendH appends h as ShowGHF(g, h, f).H.
func (n ShownNumbers) AppendH(b []byte) []byte { return n.appendAt(b, 1) }

// AppendF appends f as ShowGHF(g, h, f).F.
func (n ShownNumbers) AppendF(b []byte) []byte { return n.appendAt(b, 2) }

// FormatNumber writes x under the rounding rule: at most three decimals, no
// trailing zeros, "0" for a negative zero; a number past 2⁵² thousandths as a
// whole number, past 10²¹ in exponent form; an infinity or NaN as Go writes
// it ("+Inf"). O(1).
func FormatNumber(x float64) string {
	var b [32]byte
	return string(appendNumber(b[:0], x))
}

// appendNumber appends x to b as FormatNumber writes it. O(1).
func appendNumber(b []byte, x float64) []byte {
	t, ok := units(x, 1000)
	if !ok {
		if math.Abs(x) < 1e21 {
			return strconv.AppendFloat(b, math.Round(x), 'f', -1, 64)
		}
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	}
	return appendUnits(b, t, 1000)
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
	var b [32]byte
	return string(appendUnits(b[:0], t, scale))
}

// appendUnits appends t/scale as writeUnits writes it.
func appendUnits(b []byte, t, scale int64) []byte {
	neg := t < 0
	if neg {
		t = -t
	}
	whole, frac := t/scale, t%scale
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
	return b
}

// near reports whether a and b are the same value up to the rounding of
// float arithmetic.
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
