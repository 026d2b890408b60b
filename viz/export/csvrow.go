package export

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// csvRow builds one CSV record in a buffer reused from row to row, written
// exactly as encoding/csv's Writer (comma-separated, "\n" line ends)
// writes the same fields, without a string per cell. The zero value is an
// empty row.
type csvRow struct {
	b []byte
	n int // fields in the row so far
}

// reset empties the row, keeping its buffer.
func (r *csvRow) reset() { r.b, r.n = r.b[:0], 0 }

// end finishes the record with its line end and returns it; the bytes are
// valid until the next reset.
func (r *csvRow) end() []byte { return append(r.b, '\n') }

func (r *csvRow) sep() {
	if r.n > 0 {
		r.b = append(r.b, ',')
	}
	r.n++
}

// int appends a number cell.
func (r *csvRow) int(n int) {
	r.sep()
	r.b = strconv.AppendInt(r.b, int64(n), 10)
}

// plain appends a cell as it is (quoted where encoding/csv would).
func (r *csvRow) plain(s string) {
	r.sep()
	r.b = appendCSVField(r.b, "", s)
}

// plainBytes is plain for a cell built in a buffer of the caller's.
func (r *csvRow) plainBytes(s []byte) {
	r.sep()
	r.b = appendCSVField(r.b, "", s)
}

// text appends a text cell as csvText writes it.
func (r *csvRow) text(s string) {
	r.sep()
	r.b = appendCSVField(r.b, textMark(s), s)
}

// textBytes is text for a cell built in a buffer of the caller's.
func (r *csvRow) textBytes(s []byte) {
	r.sep()
	mark := ""
	if len(s) > 0 && (isFormulaStart(s[0]) || readsAsValueBytes(s)) {
		mark = "'"
	}
	r.b = appendCSVField(r.b, mark, s)
}

// textMark is the prefix csvText gives s: an apostrophe or nothing.
func textMark(s string) string {
	if s != "" && (isFormulaStart(s[0]) || readsAsValue(s)) {
		return "'"
	}
	return ""
}

// isFormulaStart reports whether a cell starting with c is a formula to a
// spreadsheet.
func isFormulaStart(c byte) bool {
	switch c {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}

// readsAsValueBytes is readsAsValue of string(s), converting only when
// the first byte and the commas leave the answer open.
func readsAsValueBytes(s []byte) bool {
	t := bytes.TrimSpace(s)
	if len(t) > 0 && (!valueStart[t[0]] || bytes.IndexByte(t, ',') >= 0) {
		return false
	}
	return readsAsValue(string(s))
}

// appendCSVField appends the field mark+s (s a string or bytes), quoted
// as encoding/csv quotes it: when it holds a comma, a quote, CR or LF,
// starts with a space (unicode.IsSpace) or is `\.`; a quote inside is
// doubled. O(len(s)).
func appendCSVField[T string | []byte](b []byte, mark string, s T) []byte {
	if !csvNeedsQuotes(mark, s) {
		return append(append(b, mark...), s...)
	}
	b = append(b, '"')
	b = append(b, mark...)
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// csvNeedsQuotes is encoding/csv's rule for the field mark+s.
func csvNeedsQuotes[T string | []byte](mark string, s T) bool {
	if mark == "" {
		if len(s) == 0 {
			return false
		}
		if len(s) == 2 && s[0] == '\\' && s[1] == '.' {
			return true
		}
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', '"', '\r', '\n':
			return true
		}
	}
	if mark != "" {
		return strings.ContainsAny(mark, ",\"\r\n") || startsWithSpace(mark)
	}
	return startsWithSpace(s)
}

// startsWithSpace reports whether s's first rune is a space as
// unicode.IsSpace says.
func startsWithSpace[T string | []byte](s T) bool {
	var head [utf8.UTFMax]byte
	r, _ := utf8.DecodeRune(head[:copy(head[:], s)])
	return unicode.IsSpace(r)
}
