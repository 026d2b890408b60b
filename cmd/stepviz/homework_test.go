package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestHomeworkExamplesAreCurrent regenerates examples/homework with the
// commands its README gives and compares every file, and grades the two
// student answers as the README shows.
func TestHomeworkExamplesAreCurrent(t *testing.T) {
	dir := filepath.Join(testenv.ModuleRoot(t), "examples", "homework")
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	generated := 0
	var checks []string
	for _, line := range strings.Split(string(readme), "\n") {
		line = strings.TrimSpace(line)
		line = strings.TrimPrefix(line, "$ ")
		if !strings.HasPrefix(line, "stepviz ") {
			continue
		}
		args := shellWords(t, strings.TrimPrefix(line, "stepviz "))
		if args[0] == "check" {
			checks = append(checks, line)
			continue
		}
		for i := range args {
			if i > 0 && args[i-1] == "-o" {
				args[i] = filepath.Join(tmp, args[i])
			}
		}
		if code, _, stderr := runCmd(t, args...); code != exitOK {
			t.Fatalf("%s: exit %d: %s", line, code, stderr)
		}
		generated++
	}
	if generated < 5 || len(checks) != 2 {
		t.Fatalf("README has %d export commands and %d checks", generated, len(checks))
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		want, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Errorf("%s is generated but not in examples/homework", e.Name())
			continue
		}
		got, _ := os.ReadFile(filepath.Join(tmp, e.Name()))
		if withoutDrawing(string(got)) != withoutDrawing(string(want)) {
			t.Errorf("examples/homework/%s is out of date: run the README's command again", e.Name())
		}
	}
	for _, line := range checks {
		args := shellWords(t, strings.TrimPrefix(line, "stepviz "))
		args[len(args)-1] = filepath.Join(dir, args[len(args)-1])
		code, stdout, _ := runCmd(t, args...)
		if code != exitNo {
			t.Errorf("%s: exit %d, want %d", line, code, exitNo)
		}
		// The README shows the output with the file name as given.
		out := strings.ReplaceAll(stdout, dir+string(filepath.Separator), "")
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if !strings.Contains(string(readme), "    "+l+"\n") {
				t.Errorf("%s: output line %q is not in the README", line, l)
			}
		}
	}
}

// withoutDrawing drops the problem drawing of an HTML sheet: it is
// viz.ProblemSVG's, whose look the viz package owns and may refine.
func withoutDrawing(s string) string { return drawingRE.ReplaceAllString(s, "") }

var drawingRE = regexp.MustCompile(`(?s)<div data-testid="drawing">.*?</svg>\s*</div>`)

// shellWords splits a command line with double-quoted words.
func shellWords(t *testing.T, s string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	inQuote, started := false, false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote, started = !inQuote, true
		case r == ' ' && !inQuote:
			if started {
				out = append(out, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if inQuote {
		t.Fatalf("unbalanced quotes in %q", s)
	}
	if started {
		out = append(out, cur.String())
	}
	return out
}
