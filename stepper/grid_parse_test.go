package stepper

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func gridWriteFile(tb testing.TB, dir, name, content string) string {
	tb.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// Every bad grid line fails with a "stepper:" message that names the
// problem (the substring) and says how to fix it.
func TestGridParseErrors(t *testing.T) {
	tmp := t.TempDir()
	badHeader := gridWriteFile(t, tmp, "bad.map", "type octile\nheight 2\nwidht 2\nmap\n..\n..\n")
	short := gridWriteFile(t, tmp, "short.map", "type octile\nheight 3\nwidth 2\nmap\n..\n..\n")
	okMap := gridWriteFile(t, tmp, "ok.map", "type octile\nheight 2\nwidth 2\nmap\n.@\n..\n")
	wide := strings.Repeat(".", MaxGridSide+1)
	for _, tc := range []struct{ line, want string }{
		{"grid", "missing the grid"},
		{"grid S..#/..G", "ragged rows: row 1 has 3 cells but row 0 has 4"},
		{"grid S.x.G", `unknown character 'x'`},
		{"grid S.0G", "terrain costs are 1-9"},
		{"grid S.é.G", `unknown character 'é'`},
		{"grid s..G", `unknown character 's'`},
		{"grid ....G", "no start given: put S in a row or add start=x,y"},
		{"grid S....", "no goal given: put G in a row or add goal=x,y"},
		{"grid S#G start=1,0", "start 1,0 is a wall"},
		{"grid S#G goal=1,0", "goal 1,0 is a wall"},
		{"grid S.G goal=5,0", "goal 5,0 is outside the 3×1 grid"},
		{"grid S.G start=0,1", "start 0,1 is outside"},
		{"grid SS.G", "two starts S, at 0,0 and 1,0"},
		{"grid S.GG", "two goals G"},
		{"grid S.G moves=6", "moves=6: want moves=4"},
		{"grid S.G cost=5", "cost=5: want cost=unit"},
		{"grid S.G corners=maybe", "corners=maybe"},
		{"grid S.G foo=1", `unknown option "foo"`},
		{"grid S.G movez=8", "did you mean moves"},
		{"grid S.G start=a,b", "start=a,b: want x,y"},
		{"grid S.G start", `"start": want name=value`},
		{"grid S.G moves=4 moves=8", "moves= is given twice"},
		{"grid " + wide + "/" + wide, "too big: at most 4096×4096"},
		{"grid /no/such/dir/x.map start=0,0 goal=1,1", "cannot read map /no/such/dir/x.map"},
		{"grid " + okMap, "no start given: add start=x,y"},
		{"grid " + okMap + " start=0,0", "no goal given: add goal=x,y"},
		{"grid " + okMap + " start=1,0 goal=1,1", "start 1,0 is a wall"},
		{"grid " + okMap + " start=0,0 goal=2,1", "goal 2,1 is outside"},
		{"grid " + badHeader + " start=0,0 goal=1,1", "map " + badHeader + ": line 3: bad header line"},
		{"grid " + short + " start=0,0 goal=1,1", "the map has 2 rows but the header says height 3"},
	} {
		_, err := ParseProblem(tc.line, LocalFiles)
		if err == nil {
			t.Errorf("%.60q: no error, want %q", tc.line, tc.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "stepper: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60q:\n got %v\nwant stepper: ...%s...", tc.line, err, tc.want)
		}
	}
}

// parseMovingAIMap on the format's corner cases.
func TestParseMovingAIMap(t *testing.T) {
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
		{"endless line", "type octile\nheight 1\nwidth 1\nmap\n" + strings.Repeat(".", 3*MaxGridSide), "line longer than the widest map", ""},
	} {
		m, err := parseMovingAIMap(strings.NewReader(tc.in))
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
		for y := 0; y < m.height; y++ {
			var b strings.Builder
			for x := 0; x < m.width; x++ {
				b.WriteByte(".#"[1-m.cells[y*m.width+x]])
			}
			rows = append(rows, b.String())
		}
		if got := strings.Join(rows, "/"); got != tc.rows {
			t.Errorf("%s: cells %s, want %s", tc.name, got, tc.rows)
		}
	}
}
