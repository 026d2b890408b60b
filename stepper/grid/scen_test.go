package grid

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
)

func scenLoad(tb testing.TB, name string) *Scenario {
	tb.Helper()
	sc, err := LoadScen(testenv.Data(tb, "movingai", name))
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// checkScen runs sc with cfg and fails on every row whose cost is not the
// published optimal length within 1e-6.
func scenCheck(t *testing.T, sc *Scenario, cfg ScenConfig) []ScenResult {
	t.Helper()
	res, err := sc.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != len(sc.Rows) {
		t.Fatalf("%d results for %d rows", len(res), len(sc.Rows))
	}
	bad := 0
	for _, r := range res {
		if r.Mismatch {
			bad++
			if bad <= 5 {
				t.Errorf("%s line %d: %d,%d -> %d,%d: status %s cost %.8f, optimal %.8f",
					filepath.Base(sc.Path), r.Row.Line, r.Row.StartX, r.Row.StartY, r.Row.GoalX, r.Row.GoalY, r.Status, r.Cost, r.Row.Optimal)
			}
		}
		if !r.Mismatch && math.Abs(r.Cost-r.Row.Optimal) > 1e-6 {
			t.Errorf("line %d: cost %.8f vs optimal %.8f but not flagged", r.Row.Line, r.Cost, r.Row.Optimal)
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d rows mismatch", filepath.Base(sc.Path), bad, len(res))
	}
	return res
}

// Every row of the small benchmark scenarios, A* octile with the
// benchmark's own model (8 moves, unit costs, no corner cutting).
func TestScenAllRowsAStarOctile(t *testing.T) {
	for _, tc := range []struct {
		file string
		rows int
	}{
		{"arena.map.scen", 130},
		{"arena2.map.scen", 910},
		{"random-32-32-10-random-1.scen", 461},
	} {
		t.Run(tc.file, func(t *testing.T) {
			sc := scenLoad(t, tc.file)
			if len(sc.Rows) != tc.rows {
				t.Fatalf("%d rows, want %d", len(sc.Rows), tc.rows)
			}
			o, err := stepper.ParseOptions("astar h=octile")
			if err != nil {
				t.Fatal(err)
			}
			scenCheck(t, sc, ScenConfig{Options: o})
		})
	}
}

// A sample of each 512×512 map.
func TestScenSample512(t *testing.T) {
	for _, tc := range []struct {
		file  string
		every int
	}{
		{"maze512-1-0.map.scen", 200},
		{"8room_000.map.scen", 50},
		{"random512-10-0.map.scen", 50},
		{"Berlin_0_512.map.scen", 50}, // CRLF map
	} {
		t.Run(tc.file, func(t *testing.T) {
			if testing.Short() && !strings.HasPrefix(tc.file, "Berlin") {
				t.Skip("-short: only the CRLF map")
			}
			scenCheck(t, scenLoad(t, tc.file).Sample(tc.every), ScenConfig{})
		})
	}
}

// Uniform-cost search agrees with the published lengths on a sample.
func TestScenSampleUCS(t *testing.T) {
	for _, tc := range []struct {
		file  string
		every int
	}{
		{"arena.map.scen", 5},
		{"arena2.map.scen", 20},
		{"random-32-32-10-random-1.scen", 10},
		{"random512-10-0.map.scen", 200},
	} {
		t.Run(tc.file, func(t *testing.T) {
			scenCheck(t, scenLoad(t, tc.file).Sample(tc.every), ScenConfig{Options: stepper.Options{Algorithm: stepper.UCS}})
		})
	}
}

// LoadScen finds the map beside the scenario and checks each row against it.
func TestLoadScen(t *testing.T) {
	dir := t.TempDir()
	gridWriteFile(t, dir, "m.map", "type octile\nheight 2\nwidth 3\nmap\n..@\n...\n")
	write := func(name, rows string) string { return gridWriteFile(t, dir, name, "version 1\n"+rows) }
	ok := write("ok.scen", "0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421356\n0\tmaps/m.map\t3\t2\t0\t0\t1\t0\t1\n0\tm.map\t3\t2\t0\t0\t2\t1\t9\n")
	sc, err := LoadScen(ok)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	res, err := sc.Run(ScenConfig{Progress: func(done, total int) {
		calls++
		if done != calls || total != 3 {
			t.Errorf("progress %d/%d at call %d", done, total, calls)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 3 || res[0].Mismatch || res[1].Mismatch || !res[2].Mismatch {
		t.Errorf("calls %d, mismatches %v %v %v", calls, res[0].Mismatch, res[1].Mismatch, res[2].Mismatch)
	}
	sum := SummarizeScen(res)
	if sum.Rows != 3 || sum.Mismatches != 1 || sum.Expanded == 0 {
		t.Errorf("summary %+v", sum)
	}
	// The grid of a row is a problem line stepviz solve can take.
	g, err := sc.Grid(0, ScenConfig{Moves: 4})
	if err != nil {
		t.Fatal(err)
	}
	if want := "grid " + filepath.Join(dir, "m.map") + " start=0,0 goal=2,1 moves=4 cost=unit corners=no"; g.Spec() != want {
		t.Errorf("Spec %q, want %q", g.Spec(), want)
	}
	if s := gridSolve(t, gridMust(t, g.Spec()), "astar"); s.Cost() != 3 {
		t.Errorf("4 moves: cost %v, want 3", s.Cost())
	}
	// Other models are passed through, and mismatch the octile lengths.
	res, err = sc.Run(ScenConfig{Cost: Cost1014})
	if err != nil || res[0].Cost != 24 || !res[0].Mismatch {
		t.Errorf("10-14: %+v, %v", res[0], err)
	}
	for _, tc := range []struct {
		cfg  ScenConfig
		want string
	}{
		{ScenConfig{Moves: 6}, "moves 6"},
		{ScenConfig{Cost: "metric"}, `cost "metric"`},
		{ScenConfig{Options: stepper.Options{Heuristic: "manhatan"}}, "did you mean manhattan"},
	} {
		if _, err := sc.Run(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Run(%+v): %v, want %q", tc.cfg, err, tc.want)
		}
	}
	if got := sc.Sample(2); len(got.Rows) != 2 || got.Rows[1].Line != 4 {
		t.Errorf("Sample(2): %+v", got.Rows)
	}
	for _, tc := range []struct{ name, rows, want string }{
		{"nomap.scen", "0\tgone.map\t3\t2\t0\t0\t1\t0\t1\n", "cannot read map " + filepath.Join(dir, "gone.map")},
		{"size.scen", "0\tm.map\t4\t2\t0\t0\t1\t0\t1\n", "the row says the map is 4×2"},
		{"wall.scen", "0\tm.map\t3\t2\t2\t0\t1\t0\t1\n", "line 2: start 2,0 is a wall"},
		{"out.scen", "0\tm.map\t3\t2\t0\t0\t1\t7\t1\n", "goal 1,7 is outside"},
	} {
		_, err := LoadScen(write(tc.name, tc.rows))
		if err == nil || !strings.HasPrefix(err.Error(), "stepper: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := LoadScen(filepath.Join(dir, "none.scen")); err == nil || !strings.Contains(err.Error(), "cannot read scenario") {
		t.Errorf("missing scen: %v", err)
	}
}

// Concurrent workers give the same results as one after another.
func TestScenWorkers(t *testing.T) {
	sc := scenLoad(t, "arena.map.scen")
	seq, err := sc.Run(ScenConfig{})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	par, err := sc.Run(ScenConfig{Workers: 3, Progress: func(done, total int) {
		calls++
		if done != calls || total != len(sc.Rows) {
			t.Errorf("progress %d/%d at call %d", done, total, calls)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls != len(sc.Rows) || len(par) != len(seq) {
		t.Fatalf("%d progress calls, %d results, want %d", calls, len(par), len(seq))
	}
	for i := range seq {
		a, b := seq[i], par[i]
		a.Elapsed, b.Elapsed = 0, 0
		if a != b {
			t.Errorf("row %d: sequential %+v, workers %+v", i, a, b)
		}
	}
	if _, err := sc.Run(ScenConfig{Workers: 2, Options: stepper.Options{Heuristic: "nope"}}); err == nil {
		t.Error("bad heuristic with workers: no error")
	}
}
