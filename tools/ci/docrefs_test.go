package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDanglingRefs: names of missing files are reported in Go and JS
// comments and in Markdown, with their lines; existing files, names in Go
// code (not comments), addresses, placeholders and names beside the module
// are not.
func TestDanglingRefs(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"a/a.go":     "package a\n\n// See b/b.go and gone.go.\nvar s = \"missing_in_code.go\"\n\n/* also\n   gone2.go */\n",
		"b/b.go":     "package b\n",
		"s/x.js":     "const u = \"nope.js\"; // model.js is here\n// and lost.js\n",
		"s/model.js": "",
		"docs/d.md":  "Read [it](https://example.com/x.md), ../shared/STYLE.md,\nANSWER.md, docs/none.md and b.go.\n",
	}
	var all []string
	for name, text := range files {
		all = append(all, name)
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := danglingRefs(root, all, all)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, d := range got {
		lines = append(lines, d.String())
	}
	want := []string{
		"a/a.go:3: names gone.go, which does not exist",
		"a/a.go:7: names gone2.go, which does not exist",
		"docs/d.md:2: names docs/none.md, which does not exist",
		"s/x.js:2: names lost.js, which does not exist",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("danglingRefs =\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
