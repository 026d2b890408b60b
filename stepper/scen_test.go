package stepper

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// movingAIDir is ../shared/data/movingai beside the module root. The data is
// an oracle no one here wrote and is never copied into the repository. In
// CI (CI=true) its absence fails the test; locally it skips.
func movingAIDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data", "movingai")
	if _, err := os.Stat(filepath.Join(data, "SOURCES.txt")); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("Moving AI oracle data missing: %v", err)
		}
		tb.Skipf("Moving AI oracle data missing (%v); set up ../shared/data", err)
	}
	return data
}

func loadScen(tb testing.TB, name string) *Scenario {
	tb.Helper()
	sc, err := LoadScen(filepath.Join(movingAIDir(tb), name))
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// checkScen runs sc with cfg and fails on every row whose cost is not the
// published optimal length within 1e-6.
func checkScen(t *testing.T, sc *Scenario, cfg ScenConfig) []ScenResult {
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
			sc := loadScen(t, tc.file)
			if len(sc.Rows) != tc.rows {
				t.Fatalf("%d rows, want %d", len(sc.Rows), tc.rows)
			}
			o, err := ParseOptions("astar h=octile")
			if err != nil {
				t.Fatal(err)
			}
			checkScen(t, sc, ScenConfig{Options: o})
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
			checkScen(t, loadScen(t, tc.file).Sample(tc.every), ScenConfig{})
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
			checkScen(t, loadScen(t, tc.file).Sample(tc.every), ScenConfig{Options: Options{Algorithm: UCS}})
		})
	}
}
