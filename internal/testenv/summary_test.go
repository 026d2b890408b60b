package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

func TestSummaryLine(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tests []string
		pkgs  map[string]bool
		want  string
	}{
		{"none", nil, nil, ""},
		{"one tool", []string{"TestDOT"}, map[string]bool{"graphviz": true},
			"stepviz ./viz/export: skipped 1 test(s) needing outside tools (TestDOT); install them with: sudo apt-get install graphviz (or run .ci/run as root; CI=true makes a skip a failure)"},
		{"package lists merge and sort", []string{"TestA", "TestB"}, map[string]bool{"texlive-latex-base": true, "python3-nbformat, jupyter-nbconvert": true, "jupyter-nbconvert": true},
			"stepviz ./viz/export: skipped 2 test(s) needing outside tools (TestA, TestB); install them with: sudo apt-get install jupyter-nbconvert python3-nbformat texlive-latex-base (or run .ci/run as root; CI=true makes a skip a failure)"},
		{"many tests, no package", []string{"T1", "T2", "T3", "T4", "T5", "T6"}, nil,
			"stepviz ./viz/export: skipped 6 test(s) needing outside tools (T1, T2, T3, T4, and 2 more) (or run .ci/run as root; CI=true makes a skip a failure)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := summaryLine("./viz/export", tc.tests, tc.pkgs); got != tc.want {
				t.Errorf("summaryLine =\n%q, want\n%q", got, tc.want)
			}
		})
	}
}

// TestSummaryPrinted runs this test binary again with a test that needs
// a tool no machine has: outside CI the run passes and prints the one
// summary line naming the test and the package to install; in CI it fails
// and prints no summary (nothing was skipped).
func TestSummaryPrinted(t *testing.T) {
	if os.Getenv("STEPVIZ_TESTENV_CHILD") == "summary" {
		t.Run("needs", func(t *testing.T) {
			Tool(t, "stepviz-no-such-tool", "stepviz-no-such-package")
		})
		return
	}
	line := "stepviz ./internal/testenv: skipped 1 test(s) needing outside tools (TestSummaryPrinted/needs); install them with: sudo apt-get install stepviz-no-such-package"
	for _, tc := range []struct {
		ci      string
		ok      bool
		summary bool
	}{{"", true, true}, {"true", false, false}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSummaryPrinted$", "-test.count=1")
		cmd.Env = append(os.Environ(), "STEPVIZ_TESTENV_CHILD=summary", "CI="+tc.ci)
		out, err := cmd.CombinedOutput()
		if (err == nil) != tc.ok || strings.Contains(string(out), line) != tc.summary || strings.Count(string(out), "stepviz ./") > 1 {
			t.Errorf("CI=%q: exit %v, want success %v, summary line %v; output:\n%s", tc.ci, err, tc.ok, tc.summary, out)
		}
	}
}
