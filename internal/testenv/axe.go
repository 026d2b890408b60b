package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// axeDir is where .ci/run installs axe-core with npm (testdata/axe, its
// node_modules ignored by git).
const axeDir = "testdata/axe"

// AxeCore returns the source of axe-core's minified script, the accessibility
// checker a browser test injects into a page. If it is not installed the
// test is Missing, saying the npm command that installs it.
func AxeCore(tb testing.TB) []byte {
	tb.Helper()
	p := filepath.Join(ModuleRoot(tb), axeDir, "node_modules", "axe-core", "axe.min.js")
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		Missing(tb, "axe-core is not at %s: install it with (cd %s && npm install --no-save --no-package-lock axe-core@4.14.1)", p, axeDir)
		return nil
	}
	if fi.Size() > 8<<20 {
		tb.Fatalf("testenv: %s is %d bytes, too big for axe-core's script: reinstall axe-core", p, fi.Size())
	}
	b, err := os.ReadFile(p)
	if err != nil {
		tb.Fatalf("testenv: %v", err)
	}
	return b
}
