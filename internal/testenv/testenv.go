// Package testenv finds what a test needs from outside the repository: the
// module root, the shared oracle data, external tools, Chromium and Debian's
// Python with the Jupyter modules.
//
// Every lookup follows one rule. What is missing fails the test in CI
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

// SharedData returns ../shared/data beside the module root joined with
// elem. The data is an oracle no one on this project wrote and is never
// copied into the repository; if the path does not exist the test is
// Missing.
func SharedData(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{filepath.Dir(ModuleRoot(tb)), "shared", "data"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			tb.Fatalf("testenv: %v", err)
		}
		Missing(tb, "oracle data %s does not exist: the oracle data must sit in ../shared/data beside the clone", p)
	}
	return p
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
