package jupyter_test

import (
	"bytes"
	"compress/zlib"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestExamplesConvert executes every notebook in examples/ with Debian's
// nbconvert and the installed kernel, checks the saved outputs (each cell
// its own step, no repeated picture, no SVG or HTML, a bounded size), then
// converts each executed notebook along every path a course uses and
// counts, in each output, the pictures with content and the tables:
// every picture and every table of the notebook must be there.
//
// An inkscape that fails and leaves a mark is first on PATH: nbconvert
// calls Inkscape only for SVG outputs, and no path may need it.
func TestExamplesConvert(t *testing.T) {
	if raceEnabled {
		t.Skip("runs outside tools only; the normal pass runs it")
	}
	python := testenv.Python(t, "nbconvert", "nbclient", "jupyter_client", "nbformat", "bleach")
	jupyterBin := testenv.Tool(t, "jupyter", "jupyter-nbconvert")
	_, env := installKernel(t)
	fake := t.TempDir()
	mark := filepath.Join(fake, "inkscape-was-called")
	if err := os.WriteFile(filepath.Join(fake, "inkscape"), []byte("#!/bin/sh\ntouch "+mark+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	env = withPath(env, fake)

	books, err := filepath.Glob(filepath.Join(testenv.ModuleRoot(t), "examples", "*.ipynb"))
	if err != nil || len(books) == 0 {
		t.Fatalf("no notebooks in examples/: %v", err)
	}
	work := t.TempDir()
	executed := filepath.Join(work, "executed")
	nbconvert(t, jupyterBin, env, append([]string{"--to", "notebook", "--execute",
		"--ExecutePreprocessor.timeout=120", "--output-dir", executed}, books...)...)
	var names []string
	want := map[string]*savedBook{}
	for _, b := range books {
		name := filepath.Base(b)
		names = append(names, name)
		data, err := os.ReadFile(filepath.Join(executed, name))
		if err != nil {
			t.Fatal(err)
		}
		t.Run("saved/"+name, func(t *testing.T) {
			if len(data) > maxExecutedBytes {
				t.Errorf("the executed notebook is %d bytes, over the %d a notebook handed out may take", len(data), maxExecutedBytes)
			}
			want[name] = checkSavedBook(t, data, true)
		})
	}
	if t.Failed() {
		t.FailNow()
	}

	for _, p := range []struct {
		name  string
		args  []string // nbconvert's; nil runs testdata/sanitize.py
		ext   string
		count func(t *testing.T, dir, name string, out []byte) (pictures, tables int) // tables -1: not counted
	}{
		{"html", []string{"--to", "html"}, ".html", countHTML},
		{"html classic", []string{"--to", "html", "--template", "classic"}, ".html", countHTML},
		{"html sanitized", []string{"--to", "html", "--sanitize-html"}, ".html", countHTML},
		{"html classic sanitized", []string{"--to", "html", "--template", "classic", "--sanitize-html"}, ".html", countHTML},
		{"SanitizeHTML preprocessor", nil, ".html", countHTML},
		{"markdown", []string{"--to", "markdown"}, ".md", countMarkdown},
		{"latex", []string{"--to", "latex"}, ".tex", countLaTeX},
		{"pdf", []string{"--to", "pdf"}, ".pdf", countPDF},
	} {
		t.Run(p.name, func(t *testing.T) {
			dir := filepath.Join(work, strings.ReplaceAll(p.name, " ", "-"))
			if p.args == nil {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				for _, n := range names {
					out := filepath.Join(dir, strings.TrimSuffix(n, ".ipynb")+p.ext)
					cmd := exec.Command(python, filepath.Join("testdata", "sanitize.py"), filepath.Join(executed, n), out)
					cmd.Env = env
					if b, err := cmd.CombinedOutput(); err != nil {
						t.Fatalf("sanitize.py %s: %v\n%s", n, err, b)
					}
				}
			} else {
				args := append(append([]string{}, p.args...), "--output-dir", dir)
				for _, n := range names {
					args = append(args, filepath.Join(executed, n))
				}
				nbconvert(t, jupyterBin, env, args...)
			}
			for _, n := range names {
				base := strings.TrimSuffix(n, ".ipynb")
				out, err := os.ReadFile(filepath.Join(dir, base+p.ext))
				if err != nil {
					t.Fatalf("%s: %v", n, err)
				}
				pics, tables := p.count(t, dir, base, out)
				w := want[n]
				wantPics, wantTables := w.pictures, w.tables
				if p.ext == ".pdf" {
					wantTables = -1
				}
				if pics != wantPics || tables != wantTables {
					t.Errorf("%s: %d pictures with content and %d tables; the notebook has %d and %d", n, pics, tables, wantPics, wantTables)
				}
				if p.ext == ".html" {
					checkHTMLCells(t, n, out, w)
				}
				t.Logf("%s: %d of %d pictures, %d of %d tables", n, pics, wantPics, tables, wantTables)
			}
		})
	}
	if _, err := os.Stat(mark); err == nil {
		t.Errorf("nbconvert called inkscape: some output still holds an SVG")
	}
}

// maxExecutedBytes bounds an executed example notebook: a course page or a
// repository holds a few of them.
const maxExecutedBytes = 600 << 10

// nbconvert runs jupyter nbconvert with args and fails the test if it
// fails.
func nbconvert(t *testing.T, jupyterBin string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command(jupyterBin, append([]string{"nbconvert"}, args...)...)
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jupyter nbconvert %s: %v\n%s", strings.Join(args[:2], " "), err, b)
	}
}

// withPath is env with dir first on its PATH.
func withPath(env []string, dir string) []string {
	out := make([]string, 0, len(env)+1)
	path := os.Getenv("PATH")
	for _, e := range env {
		if p, ok := strings.CutPrefix(e, "PATH="); ok {
			path = p
			continue
		}
		out = append(out, e)
	}
	return append(out, "PATH="+dir+string(os.PathListSeparator)+path)
}

// pngImg is an <img> of a PNG data URI with content; its base64 is read by
// countHTML.
var pngImg = regexp.MustCompile(`<img[^>]*\ssrc="data:image/png;base64,([A-Za-z0-9+/=\s]*)"`)

// countHTML counts, in the body of an HTML page, the PNG images that decode
// and the tables.
func countHTML(t *testing.T, _, name string, page []byte) (pictures, tables int) {
	t.Helper()
	_, body, _ := strings.Cut(string(page), "<body")
	for _, m := range pngImg.FindAllStringSubmatch(body, -1) {
		if isPNG(t, m[1]) {
			pictures++
		}
	}
	for _, lost := range []string{"&lt;table", "&lt;div", "&lt;svg", "&lt;pre"} {
		if strings.Contains(body, lost) {
			t.Errorf("%s: the page shows %q as text: markup was escaped", name, lost)
		}
	}
	return pictures, strings.Count(body, "<table")
}

// cellStart finds where each cell of a page starts: lab's jp-Cell and
// classic's cell div.
var cellStart = regexp.MustCompile(`<div\s+class="(jp-Cell |cell border-box-sizing )`)

// checkHTMLCells checks every cell of the page: each code cell that has
// pictures in the notebook shows as many with content, and its tables.
func checkHTMLCells(t *testing.T, name string, page []byte, w *savedBook) {
	t.Helper()
	locs := cellStart.FindAllIndex(page, -1)
	if len(locs) != len(w.cells) {
		t.Errorf("%s: the page has %d cells, the notebook %d", name, len(locs), len(w.cells))
		return
	}
	for i, c := range w.cells {
		end := len(page)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		part := string(page[locs[i][0]:end])
		pics := 0
		for _, m := range pngImg.FindAllStringSubmatch(part, -1) {
			if isPNG(t, m[1]) {
				pics++
			}
		}
		if pics != len(c.pictures) || strings.Count(part, "<table") != c.tables {
			t.Errorf("%s cell %d (%.40q): %d pictures and %d tables on the page, %d and %d in the notebook",
				name, i, c.source, pics, strings.Count(part, "<table"), len(c.pictures), c.tables)
		}
	}
}

var (
	mdImage    = regexp.MustCompile(`!\[[^\]]*\]\(([^)\s]+)\)`)
	mdTableRow = regexp.MustCompile(`(?m)^\|( --- \|)+$`)
)

// countMarkdown counts the images of a Markdown file whose files exist
// beside it as PNGs, and its pipe tables.
func countMarkdown(t *testing.T, dir, name string, md []byte) (pictures, tables int) {
	t.Helper()
	for _, m := range mdImage.FindAllSubmatch(md, -1) {
		if isPNGFile(t, filepath.Join(dir, string(m[1]))) {
			pictures++
		}
	}
	return pictures, len(mdTableRow.FindAll(md, -1))
}

// texImage is \adjustimage{max size={..}{..}}{FILE} or
// \includegraphics[..]{FILE}.
var texImage = regexp.MustCompile(`\\(?:adjustimage\{(?:[^{}]|\{[^{}]*\})*\}|includegraphics(?:\[[^\]]*\])?)\{([^}]+)\}`)

// countLaTeX counts the images a .tex file includes whose files exist as
// PNGs, and its tables (pandoc writes longtable).
func countLaTeX(t *testing.T, dir, name string, tex []byte) (pictures, tables int) {
	t.Helper()
	for _, m := range texImage.FindAllSubmatch(tex, -1) {
		if isPNGFile(t, filepath.Join(dir, string(m[1]))) {
			pictures++
		}
	}
	return pictures, bytes.Count(tex, []byte(`\begin{longtable}`))
}

var (
	pdfStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)
	pdfImage  = regexp.MustCompile(`/Subtype\s*/Image`)
	pdfTable  = regexp.MustCompile(`\|\s*---`)
)

// countPDF counts the image objects of a PDF, in its plain objects and in
// its compressed object streams (nbconvert writes each picture to a file
// of its own, so xdvipdfmx embeds each once). Tables are not counted in a PDF (the
// latex path counts what xelatex typesets), but no stream may show a
// Markdown table's rule as text.
func countPDF(t *testing.T, _, name string, pdf []byte) (pictures, tables int) {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("%s: not a PDF", name)
		return 0, 0
	}
	n := len(pdfImage.FindAll(pdf, -1))
	for _, m := range pdfStream.FindAllSubmatch(pdf, -1) {
		zr, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(io.LimitReader(zr, 64<<20))
		n += len(pdfImage.FindAll(b, -1))
		if pdfTable.Match(b) {
			t.Errorf("%s: a page shows a Markdown table as text", name)
		}
	}
	return n, -1
}
