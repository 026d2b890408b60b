package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Tool returns the path of the executable name found on PATH. If there is
// none the test is Missing, naming pkg, the Debian package that installs
// it.
func Tool(tb testing.TB, name, pkg string) string {
	tb.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missingPackages(tb, []string{pkg}, "%s is not on PATH: install the Debian package %s", name, pkg)
	}
	return p
}

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// Chromium returns the path of Chromium: /usr/bin/chromium, else chromium
// or chromium-browser on PATH. If there is none the test is Missing.
func Chromium(tb testing.TB) string {
	tb.Helper()
	if p, err := exec.LookPath(chromiumPath); err == nil {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missingPackages(tb, []string{"chromium"}, "chromium is not at %s nor on PATH: install the Debian package chromium", chromiumPath)
	return ""
}

// python is Debian's interpreter. Its dist-packages hold the Jupyter
// modules installed with apt; the python3 first on PATH may be another
// (pyenv, a virtualenv) without them, so it is never used.
const python = "/usr/bin/python3"

// jupyterPackages are the Debian packages that give python the modules the
// tests import.
const jupyterPackages = "python3-nbformat, python3-jupyter-client, python3-nbclient, jupyter-nbconvert"

// modulePackages names the Debian package of a Python module the tests
// import that is not one of jupyterPackages' modules.
var modulePackages = map[string]string{
	"pandas":         "python3-pandas",
	"pygments":       "python3-pygments",
	"notebook":       "jupyter-notebook",
	"bleach":         "python3-bleach",
	"lxml":           "python3-lxml",
	"zmq":            "python3-zmq",
	"nbformat":       "python3-nbformat",
	"nbclient":       "python3-nbclient",
	"nbconvert":      "jupyter-nbconvert",
	"jupyter_client": "python3-jupyter-client",
}

// Python returns /usr/bin/python3 after checking that each of modules
// imports in it (one interpreter start per module, so that the message
// names the one that fails). A missing interpreter or module makes the
// test Missing.
func Python(tb testing.TB, modules ...string) string {
	tb.Helper()
	if _, err := os.Stat(python); err != nil {
		missingPackages(tb, []string{"python3", jupyterPackages}, "%s does not exist: install the Debian packages python3 and %s", python, jupyterPackages)
		return python
	}
	for _, m := range modules {
		out, err := exec.Command(python, "-c", "import "+m).CombinedOutput()
		if err != nil {
			pkgs := jupyterPackages
			if p, ok := modulePackages[m]; ok {
				pkgs = p
			}
			missingPackages(tb, []string{pkgs}, "python module %s does not import in %s (%v: %s): install the Debian packages %s",
				m, python, err, strings.TrimSpace(string(out)), pkgs)
		}
	}
	return python
}
