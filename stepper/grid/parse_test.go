package grid

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/stepper"
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
	wide := strings.Repeat(".", MaxSide+1)
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
		_, err := parseProblem(tc.line, stepper.LocalFiles)
		if err == nil {
			t.Errorf("%.60q: no error, want %q", tc.line, tc.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "stepper: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60q:\n got %v\nwant stepper: ...%s...", tc.line, err, tc.want)
		}
	}
}
