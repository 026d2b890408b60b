package movingai

import (
	"strings"
	"testing"
)

func TestParseScen(t *testing.T) {
	good := "version 1\r\n0\tarena.map\t49\t49\t19\t26\t19\t29\t3.00000000\r\n\r\n1\tmy map.map\t2\t3\t0\t1\t1\t2\t1.41421356\n"
	rows, err := ParseScen(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	want := []ScenRow{
		{Line: 2, Bucket: 0, Map: "arena.map", MapWidth: 49, MapHeight: 49, StartX: 19, StartY: 26, GoalX: 19, GoalY: 29, Optimal: 3},
		{Line: 4, Bucket: 1, Map: "my map.map", MapWidth: 2, MapHeight: 3, StartX: 0, StartY: 1, GoalX: 1, GoalY: 2, Optimal: 1.41421356},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows: %+v", len(rows), rows)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, rows[i], want[i])
		}
	}
	// space-separated rows are accepted too
	if rows, err := ParseScen(strings.NewReader("version 1.0\n0 a.map 2 2 0 0 1 1 1.41421356\n")); err != nil || len(rows) != 1 || rows[0].GoalY != 1 {
		t.Errorf("space-separated: %+v, %v", rows, err)
	}
	for _, tc := range []struct{ in, want string }{
		{"", "empty file"},
		{"0\ta.map\t1\t1\t0\t0\t0\t0\t0\n", `line 1: "0\ta.map`},
		{"version 2\n", `a scenario file starts with the line "version 1"`},
		{"version 1\n0\ta.map\t1\t1\t0\t0\t0\t0\n", "line 2: 8 fields: want 9 tab-separated fields"},
		{"version 1\nx\ta.map\t1\t1\t0\t0\t0\t0\t0\n", `bucket "x"`},
		{"version 1\n0\ta.map\t1\t1\t-1\t0\t0\t0\t0\n", `start x "-1"`},
		{"version 1\n0\ta.map\t1\t1\t0\t0\t0\t0\tNaN\n", `optimal length "NaN"`},
		{"version 1\n0\ta.map\t1\t1\t0\t0\t0\t0\t-2\n", `optimal length "-2"`},
		{"version 1\n0\t \t1\t1\t0\t0\t0\t0\t0\n", "empty map name"},
	} {
		_, err := ParseScen(strings.NewReader(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), "stepper: scen") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}
