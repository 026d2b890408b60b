package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper/grid"
)

func TestScenArenaMatchesEngine(t *testing.T) {
	path := testenv.Data(t, "movingai", "arena.map.scen")
	code, out, errOut := runCmd(t, "scen", path, "-json")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var rep scenReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	sc, err := grid.LoadScen(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Run(grid.ScenConfig{})
	if err != nil {
		t.Fatal(err)
	}
	sum := grid.SummarizeScen(res)
	if rep.Rows != len(sc.Rows) || rep.Rows != sum.Rows || rep.Mismatches != 0 || sum.Mismatches != 0 {
		t.Errorf("rows %d mismatches %d; the scenario has %d rows, the engine %d mismatches", rep.Rows, rep.Mismatches, len(sc.Rows), sum.Mismatches)
	}
	if rep.Expanded != sum.Expanded || rep.Generated != sum.Generated {
		t.Errorf("expanded %d generated %d; engine %d %d", rep.Expanded, rep.Generated, sum.Expanded, sum.Generated)
	}
	if !strings.HasPrefix(rep.Options, "astar h=octile ") {
		t.Errorf("options %q, want A* octile by default", rep.Options)
	}
	if errOut != "" {
		t.Errorf("stderr %q: no progress bar when stderr is not a terminal", errOut)
	}
	// UCS agrees on a sample.
	code, out, _ = runCmd(t, "scen", "-algo", "ucs", "-sample", "13", path)
	if code != exitOK || !strings.Contains(out, "rows       10\n") || !strings.Contains(out, "mismatches 0\n") {
		t.Errorf("ucs sample: exit %d\n%s", code, out)
	}
}

// writeTinyScen writes a 4×3 map with two walls and a scenario for it.
//
//	....
//	.@@.
//	....
//
// From 0,0 to 3,2 no diagonal is usable without cutting a wall's corner,
// so the optimal length is 5; a row claiming 4 is a mismatch.
func writeTinyScen(t *testing.T, rows string) string {
	t.Helper()
	dir := t.TempDir()
	m := "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n"
	if err := os.WriteFile(filepath.Join(dir, "tiny.map"), []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "tiny.map.scen")
	if err := os.WriteFile(p, []byte("version 1\n"+rows), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestScenMismatch(t *testing.T) {
	p := writeTinyScen(t, "0\ttiny.map\t4\t3\t0\t0\t3\t2\t5\n0\ttiny.map\t4\t3\t0\t0\t3\t2\t4\n")
	code, out, _ := runCmd(t, "scen", p)
	if code != exitNo {
		t.Errorf("exit %d, want %d for a mismatch", code, exitNo)
	}
	for _, want := range []string{"rows       2\n", "mismatches 1\n", "     3  0,0        3,2            4.000000      5.000000", "MISMATCH", "time       "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCmd(t, "scen", "-v", p)
	if code != exitNo || strings.Count(out, "\n     ") != 2 || !strings.Contains(out, " ok\n") {
		t.Errorf("-v should list both rows:\n%s", out)
	}
	// With corner cutting the diagonal (2,0)→(3,1) is allowed: the path
	// 0,0 1,0 2,0 3,1 3,2 costs 3+√2, shorter than the optimal length the
	// file gives (which assumes no corner cutting), so both rows mismatch.
	code, out, _ = runCmd(t, "scen", "-corners", "-json", p)
	var rep scenReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if code != exitNo || rep.Mismatches != 2 || math.Abs(rep.Mismatched[0].Cost-(3+math.Sqrt2)) > 1e-9 {
		t.Errorf("-corners: exit %d, %+v", code, rep)
	}
}

func TestScenBadInput(t *testing.T) {
	good := writeTinyScen(t, "0\ttiny.map\t4\t3\t0\t0\t3\t2\t5\n")
	tinyMap := filepath.Join(filepath.Dir(good), "tiny.map")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"missing file", []string{filepath.Join(t.TempDir(), "none.map.scen")}, []string{"cannot read scenario", "no such file"}},
		{"no file", nil, []string{"want one scenario file, got 0"}},
		{"two files", []string{good, good}, []string{"want one scenario file, got 2"}},
		{"unknown heuristic", []string{good, "-h", "manhatan"}, []string{`unknown heuristic "manhatan" (did you mean manhattan?)`}},
		{"unknown flag", []string{good, "-hueristic", "octile"}, []string{"unknown flag -hueristic (did you mean -h?)"}},
		{"bad moves", []string{good, "-moves", "6"}, []string{"moves 6", "4 or 8"}},
		{"bad sample", []string{good, "-sample", "0"}, []string{"-sample"}},
		{"wrong map size", []string{writeTinyScen(t, "0\ttiny.map\t5\t3\t0\t0\t3\t2\t5\n")}, []string{"line 2", "5×3", "4×3"}},
		{"start on a wall", []string{writeTinyScen(t, "0\ttiny.map\t4\t3\t1\t1\t3\t2\t5\n")}, []string{"line 2", "start 1,1 is a wall"}},
		{"missing map", []string{writeTinyScen(t, "0\tother.map\t4\t3\t0\t0\t3\t2\t5\n")}, []string{"other.map", "beside the scenario"}},
		{"a map, not a scenario", []string{tinyMap}, []string{"version 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCmd(t, append([]string{"scen"}, tt.args...)...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d; stderr %q", code, exitUsage, errOut)
			}
			if !strings.HasPrefix(errOut, "stepviz scen: ") {
				t.Errorf("stderr %q lacks the prefix", errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
		})
	}
}

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	if isTerminal(&buf) {
		t.Error("a buffer is not a terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a regular file is not a terminal")
	}
	b := &progressBar{w: &buf, on: true}
	for i := 1; i <= 4; i++ {
		b.update(i, 4)
	}
	b.done()
	s := buf.String()
	if !strings.Contains(s, "\r[##########..............................] 1/4") || !strings.Contains(s, "] 4/4") || !strings.HasSuffix(s, "\r") {
		t.Errorf("bar output %q", s)
	}
	off := &progressBar{w: &buf, on: false}
	buf.Reset()
	off.update(1, 2)
	off.done()
	if buf.Len() != 0 {
		t.Errorf("bar off wrote %q", buf.String())
	}
}
