package viz

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// svgWriter buffers SVG output and keeps the first write error, so drawing
// code can write freely and check once at the end.
type svgWriter struct {
	b   *bufio.Writer
	err error
	num []byte // scratch for numbers
}

func newSVGWriter(w io.Writer) *svgWriter {
	return &svgWriter{b: bufio.NewWriterSize(w, 64<<10)}
}

// s writes raw markup (no escaping): only for constant strings.
func (w *svgWriter) s(parts ...string) {
	for _, p := range parts {
		if w.err == nil {
			_, w.err = w.b.WriteString(p)
		}
	}
}

// text writes s escaped for XML text or a quoted attribute value.
func (w *svgWriter) text(s string) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if w.err == nil {
		_, w.err = xmlEscaper().WriteString(w.b, s)
	}
}

// f writes a coordinate with at most two decimals.
func (w *svgWriter) f(x float64) {
	w.num = strconv.AppendFloat(w.num[:0], round2(x), 'f', -1, 64)
	if w.err == nil {
		_, w.err = w.b.Write(w.num)
	}
}

// xy writes "x y", a point of a path.
func (w *svgWriter) xy(x, y float64) {
	w.f(x)
	w.s(" ")
	w.f(y)
}

// i writes an integer.
func (w *svgWriter) i(x int) {
	w.num = strconv.AppendInt(w.num[:0], int64(x), 10)
	if w.err == nil {
		_, w.err = w.b.Write(w.num)
	}
}

// attr writes ` name="value"` with the value escaped.
func (w *svgWriter) attr(name, value string) {
	w.s(" ", name, `="`)
	w.text(value)
	w.s(`"`)
}

// fattr writes ` name="x"` for a number.
func (w *svgWriter) fattr(name string, x float64) {
	w.s(" ", name, `="`)
	w.f(x)
	w.s(`"`)
}

// flush ends the output and returns the first error met.
func (w *svgWriter) flush() error {
	if w.err == nil {
		w.err = w.b.Flush()
	}
	return w.err
}

// textEl writes <text x y attrs>s</text>; extra is raw attribute markup.
func (w *svgWriter) textEl(x, y float64, extra, s string) {
	w.s("<text")
	w.fattr("x", x)
	w.fattr("y", y)
	if extra != "" {
		w.s(" ", extra)
	}
	w.s(">")
	w.text(s)
	w.s("</text>")
}

var xmlEscaper = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(
		"&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;",
		// Control characters are not allowed in XML 1.0: drop them.
		"\x00", "", "\x01", "", "\x02", "", "\x03", "", "\x04", "", "\x05", "", "\x06", "", "\x07", "",
		"\x08", "", "\x0b", "", "\x0c", "", "\x0e", "", "\x0f", "", "\x10", "", "\x11", "", "\x12", "",
		"\x13", "", "\x14", "", "\x15", "", "\x16", "", "\x17", "", "\x18", "", "\x19", "", "\x1a", "",
		"\x1b", "", "\x1c", "", "\x1d", "", "\x1e", "", "\x1f", "",
	)
})

func round2(x float64) float64 {
	r := float64(int64(x*100+copysignHalf(x))) / 100
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

func copysignHalf(x float64) float64 {
	if x < 0 {
		return -0.5
	}
	return 0.5
}
