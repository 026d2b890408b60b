package notebook

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"stepviz/examples"
	"stepviz/internal/testenv"
)

// TestExamplesRead reads every example notebook and writes it back; with
// Debian's nbformat installed, the written file must validate.
func TestExamplesReadIpynb(t *testing.T) {
	names, err := fs.Glob(examples.Notebooks, "*.ipynb")
	if err != nil || len(names) < 5 {
		t.Fatalf("examples: %v %v", names, err)
	}
	dir := t.TempDir()
	for _, n := range names {
		f, _ := examples.Notebooks.Open(n)
		doc, err := ReadIpynb(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		code := 0
		for _, c := range doc.Cells {
			if c.Kind == "code" {
				code++
			}
		}
		if code == 0 || docTitle(doc) == "" {
			t.Errorf("%s: %d code cells, title %q", n, code, docTitle(doc))
		}
		var b bytes.Buffer
		if err := WriteIpynb(&b, doc); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	py := testenv.Python(t, "nbformat")
	script := "import sys, nbformat\nfor p in sys.argv[1:]:\n    nbformat.validate(nbformat.read(p, as_version=4))\n"
	args := append([]string{"-c", script}, mustGlob(t, filepath.Join(dir, "*.ipynb"))...)
	if out, err := exec.Command(py, args...).CombinedOutput(); err != nil {
		t.Errorf("nbformat rejects the written notebooks: %v\n%s", err, out)
	}
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	m, err := filepath.Glob(pattern)
	if err != nil || len(m) == 0 {
		t.Fatalf("glob %s: %v", pattern, err)
	}
	return m
}

// TestExamplesRunInSession runs every code cell of every example in a
// session configured as the web notebook's, top to bottom.
func TestExamplesRunInSession(t *testing.T) {
	names, _ := fs.Glob(examples.Notebooks, "*.ipynb")
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			f, _ := examples.Notebooks.Open(n)
			doc, err := ReadIpynb(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			sess := newSession(limits{})
			for i, c := range doc.Cells {
				if c.Kind != "code" {
					continue
				}
				outs, err := sess.Run(context.Background(), c.Source)
				if err != nil {
					t.Fatalf("cell %d: %v", i, err)
				}
				if len(outs) == 0 {
					t.Errorf("cell %d shows nothing", i)
				}
			}
		})
	}
}
