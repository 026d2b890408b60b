package movingai

import (
	"strings"
	"testing"
)

// ParseMap on the format's corner cases.
func TestParseMap(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string // "" for success, else an error substring
		rows     string // passable cells as . and #, rows joined by /
	}{
		{"plain", "type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\n", "", ".##/..#"},
		{"CRLF and no final newline", "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.O\r\n..", "", ".#/.."},
		{"width before height, blank lines", "type octile\n\nwidth 2\nheight 1\nmap\n..\n\n\n", "", ".."},
		{"empty", "", "header ends before the line \"map\"", ""},
		{"no type", "height 1\nwidth 1\nmap\n.\n", "no type line", ""},
		{"other type", "type hex\nheight 1\nwidth 1\nmap\n.\n", `type "hex"`, ""},
		{"no height", "type octile\nwidth 1\nmap\n.\n", "no height line", ""},
		{"no width", "type octile\nheight 1\nmap\n.\n", "no width line", ""},
		{"zero height", "type octile\nheight 0\nwidth 1\nmap\n", `height "0": want a whole number from 1 to 4096`, ""},
		{"huge width", "type octile\nheight 1\nwidth 5000\nmap\n", `width "5000"`, ""},
		{"bad number", "type octile\nheight x\nwidth 1\nmap\n", `height "x"`, ""},
		{"junk header", "type octile\nheight 1\nwidth 1\nfoo bar baz\nmap\n.\n", `line 4: bad header line "foo bar baz"`, ""},
		{"short row", "type octile\nheight 2\nwidth 2\nmap\n..\n.\n", "line 6 (row 1): 1 characters but the header says width 2", ""},
		{"long row", "type octile\nheight 1\nwidth 2\nmap\n...\n", "3 characters but the header says width 2", ""},
		{"too few rows", "type octile\nheight 3\nwidth 1\nmap\n.\n", "the map has 1 rows but the header says height 3", ""},
		{"too many rows", "type octile\nheight 1\nwidth 1\nmap\n.\n.\n", "more rows than the header's height 1", ""},
		{"unknown char", "type octile\nheight 1\nwidth 2\nmap\n.#\n", `column 1: unknown character '#'`, ""},
		{"endless line", "type octile\nheight 1\nwidth 1\nmap\n" + strings.Repeat(".", 3*MaxSide), "line longer than the widest map", ""},
	} {
		m, err := ParseMap(strings.NewReader(tc.in))
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var rows []string
		for y := 0; y < m.Height; y++ {
			var b strings.Builder
			for x := 0; x < m.Width; x++ {
				b.WriteByte(".#"[1-m.Cells[y*m.Width+x]])
			}
			rows = append(rows, b.String())
		}
		if got := strings.Join(rows, "/"); got != tc.rows {
			t.Errorf("%s: cells %s, want %s", tc.name, got, tc.rows)
		}
	}
}
