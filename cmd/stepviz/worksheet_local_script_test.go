package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLocalScriptWorksheetAndCheck is the TA's path with a local-search
// problem written as a script whose moves depend on the state: worksheet
// writes the sheet and its key; every step of the sheet lists the moves
// of step 1 and gives no later state; check grades the key correct (exit
// 0) and a number where the key writes none wrong (exit 1), saying why.
func TestLocalScriptWorksheetAndCheck(t *testing.T) {
	dir := t.TempDir()
	problem := "script ../../examples/local/queens.star n=6 seed=2"
	sheet := filepath.Join(dir, "s.md")
	if code, _, stderr := runCmd(t, "worksheet", "-problem", problem, "-algo", "hillclimb", "-o", sheet); code != exitOK {
		t.Fatalf("worksheet: exit %d: %s", code, stderr)
	}
	keyPath := filepath.Join(dir, "s-key.md")
	student, key := readSheetFile(t, sheet), readSheetFile(t, keyPath)
	moves, froms := map[string][]string{}, map[string]string{}
	for _, l := range strings.Split(key, "\n") {
		if c := sheetRowCells(l); len(c) == 5 && c[0] != "step" && !strings.HasPrefix(c[0], "-") {
			moves[c[0]] = append(moves[c[0]], c[2])
			froms[c[0]] = strings.TrimSuffix(c[1], ")")
		}
	}
	if len(moves) != 3 {
		t.Fatalf("the key asks about %d steps, want 3:\n%s", len(moves), key)
	}
	for _, step := range []string{"2", "3"} {
		if !slices.Equal(moves[step], moves["1"]) {
			t.Errorf("step %s lists %q, step 1 %q", step, moves[step], moves["1"])
		}
		state, _, _ := strings.Cut(froms[step], " (h = ")
		if strings.Contains(student, state) {
			t.Errorf("the sheet gives %s, the state step %s starts from", state, step)
		}
	}
	for _, l := range strings.Split(student, "\n") {
		if c := sheetRowCells(l); len(c) == 5 && (c[0] == "2" || c[0] == "3") && !slices.Contains(moves["1"], c[2]) {
			t.Errorf("the sheet's row %q is not a move of step 1", l)
		}
	}
	code, stdout, _ := runCmd(t, "check", "-problem", problem, "-algo", "hillclimb", keyPath)
	if code != exitOK || !strings.Contains(stdout, "correct: all") {
		t.Errorf("the key: exit %d: %s", code, stdout)
	}
	wrong := strings.Replace(key, "| none | no |", "| 3 | no |", 1)
	if wrong == key {
		t.Fatalf("the key has no row of none:\n%s", key)
	}
	bad := filepath.Join(dir, "bad.md")
	if err := os.WriteFile(bad, []byte(wrong), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = runCmd(t, "check", "-problem", problem, "-algo", "hillclimb", bad)
	if code != exitNo || !strings.Contains(stdout, "h 3, but") || !strings.Contains(stdout, "is no neighbour at step 1") || !strings.Contains(stdout, "write none") {
		t.Errorf("an h where the key writes none: exit %d: %s", code, stdout)
	}
}

func readSheetFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sheetRowCells is a markdown table row's cells, trimmed; nil for other lines.
func sheetRowCells(line string) []string {
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") {
		return nil
	}
	c := strings.Split(strings.Trim(line, "|"), "|")
	for i := range c {
		c[i] = strings.TrimSpace(c[i])
	}
	return c
}
