package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// skips records the tests of this test binary that Missing skipped and the
// Debian packages that would have let them run. Guarded by skipsMu: tests
// run in parallel.
var (
	skipsMu  sync.Mutex
	skipped  []string            // test names, in the order they skipped
	packages = map[string]bool{} // Debian packages named by Tool, Chromium, Python
)

// record notes that tb is skipped for want of the Debian packages pkgs
// (none when the caller of Missing named no package).
func record(tb testing.TB, pkgs ...string) {
	skipsMu.Lock()
	defer skipsMu.Unlock()
	if !slices.Contains(skipped, tb.Name()) {
		skipped = append(skipped, tb.Name())
	}
	for _, p := range pkgs {
		packages[p] = true
	}
}

// missingPackages is Missing for a thing that Debian packages pkgs
// install: outside CI the skip is also counted for Main's summary line.
func missingPackages(tb testing.TB, pkgs []string, format string, args ...any) {
	tb.Helper()
	if os.Getenv("CI") != "true" {
		record(tb, pkgs...)
	}
	Missing(tb, format, args...)
}

// Main runs the tests of a package whose tests need outside tools and
// returns the exit code; use it as
//
//	func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }
//
// When tests were skipped for want of a tool it prints ONE line naming
// them and the command that installs what they need, instead of leaving
// a newcomer to find each skip in -v output. go test shows a passing
// package's output only with -v, so without -v the line also goes to the
// terminal (/dev/tty) when there is one; in CI nothing is skipped (a
// missing tool fails) and nothing is printed.
func Main(m *testing.M) int {
	code := m.Run()
	line := Summary()
	if line == "" {
		return code
	}
	fmt.Println(line)
	if !testing.Verbose() {
		if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
			fmt.Fprintln(tty, line)
			tty.Close()
		}
	}
	return code
}

// Summary returns the line Main prints: which tests of this binary were
// skipped for want of a tool, and how to install it; "" if none were.
func Summary() string {
	skipsMu.Lock()
	defer skipsMu.Unlock()
	return summaryLine(packageDir(), skipped, packages)
}

// summaryLine builds the line for the tests in pkg (a directory relative
// to the module root) that skipped, needing the Debian packages pkgs.
func summaryLine(pkg string, tests []string, pkgs map[string]bool) string {
	if len(tests) == 0 {
		return ""
	}
	names := tests
	if len(names) > 4 {
		names = append(slices.Clip(names[:4]), fmt.Sprintf("and %d more", len(tests)-4))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "stepviz %s: skipped %d test(s) needing outside tools (%s)", pkg, len(tests), strings.Join(names, ", "))
	if len(pkgs) > 0 {
		list := make([]string, 0, len(pkgs))
		for p := range pkgs {
			for _, q := range strings.Split(p, ",") {
				if q = strings.TrimSpace(q); q != "" && !slices.Contains(list, q) {
					list = append(list, q)
				}
			}
		}
		sort.Strings(list)
		fmt.Fprintf(&b, "; install them with: sudo apt-get install %s", strings.Join(list, " "))
	}
	b.WriteString(" (or run .ci/run as root; CI=true makes a skip a failure)")
	return b.String()
}

// packageDir is the test's package directory relative to the module root,
// such as "./viz/export" (go test runs a test binary in its package's
// directory).
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
		if filepath.Dir(dir) == dir {
			return wd
		}
	}
}
