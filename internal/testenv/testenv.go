// Package testenv finds what a test needs beyond its own package: the
// module root, the oracle data in testdata/, external tools, Chromium and
// Debian's Python with the Jupyter modules.
//
// The oracle data ships with the repository, so Data fails whenever a file
// is absent. Every lookup of something outside the repository follows one
// rule. What is missing fails the test in CI
// (CI=true), where the machine is set up to have it, and skips the test
// elsewhere, saying what to install; a skipped test in CI would hide a
// check that never ran.
package testenv

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// ModuleRoot returns the directory holding go.mod, walking up from the
// working directory (a package's directory under go test). A test run
// outside the module is a broken setup, not a missing tool: it always
// fails.
func ModuleRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatalf("testenv: %v", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatalf("testenv: no go.mod above the test's directory")
		}
		dir = parent
	}
}

// Missing reports that something the test needs is absent. In CI
// (os.Getenv("CI") == "true") it fails the test with the message prefixed
// by "CI: "; elsewhere it skips the test. Like Fatalf and Skipf it does
// not return on a real *testing.T.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	if os.Getenv("CI") == "true" {
		tb.Fatalf("CI: "+format, args...)
		return
	}
	tb.Skipf(format+" (set CI=true to make this a failure)", args...)
}

// Data returns testdata/ at the module root joined with elem: the oracle
// data (Moving AI maps, Korf's 100, the 8-puzzle depth table, a Posthoc
// trace) that ships with the repository, described with its sources and
// licences in testdata/SOURCES.md. A path that does not exist always fails
// the test, in CI or not: the data is part of every clone, so its absence
// is a broken checkout or a wrong name, never a tool to install.
func Data(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{ModuleRoot(tb), "testdata"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			tb.Fatalf("testenv: oracle data %s does not exist: it ships in testdata/ (see testdata/SOURCES.md); restore it with git checkout -- testdata", p)
		} else {
			tb.Fatalf("testenv: %v", err)
		}
	}
	return p
}

// SharedData is Data under its old name, from when the data sat in
// ../shared/data beside the clone.
//
// Deprecated: use Data.
func SharedData(tb testing.TB, elem ...string) string {
	tb.Helper()
	return Data(tb, elem...)
}

// Artifact returns the path of name under test-artifacts/ at the module
// root, creating the directories it needs. Tests write files there
// (screenshots, rendered documents) for a human to look at; the directory
// is ignored by git.
func Artifact(tb testing.TB, name string) string {
	tb.Helper()
	p := filepath.Join(ModuleRoot(tb), "test-artifacts", name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatalf("testenv: %v", err)
	}
	return p
}
