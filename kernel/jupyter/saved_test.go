package jupyter_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/kernel"
)

// TestSavedExamplesShowTheirOwnStep reads the notebooks in examples/ as
// committed (executed, with their outputs) and checks each cell's
// pictures against the step that cell left its search at, computed
// afresh by a session that runs the same cells; no cell repeats a
// picture, and none holds SVG or HTML (see checkSavedBook).
func TestSavedExamplesShowTheirOwnStep(t *testing.T) {
	books, err := filepath.Glob(filepath.Join(testenv.ModuleRoot(t), "examples", "*.ipynb"))
	if err != nil || len(books) == 0 {
		t.Fatalf("no notebooks in examples/: %v", err)
	}
	for _, b := range books {
		t.Run(filepath.Base(b), func(t *testing.T) {
			data, err := os.ReadFile(b)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > maxExecutedBytes {
				t.Errorf("%d bytes, over the %d a notebook handed out may take", len(data), maxExecutedBytes)
			}
			book := checkSavedBook(t, data, true)
			if book.pictures == 0 {
				t.Errorf("no pictures: the examples are committed executed (jupyter nbconvert --to notebook --execute --inplace)")
			}
		})
	}
}

// savedBook is what an executed notebook holds: its cells (markdown ones
// too, as a converted page has them) and the totals of pictures, distinct
// pictures and tables.
type savedBook struct {
	cells                      []savedCell
	pictures, distinct, tables int
}

// savedCell is one cell: its source, its pictures' captions, its tables.
type savedCell struct {
	source   string
	pictures []string
	tables   int
}

// caption reads a picture's caption: "[... — NAME at step N: ...]".
var caption = regexp.MustCompile(`— (\S+) at step (\d+): `)

// checkSavedBook reads an executed notebook and checks what it keeps:
// kernelspec stepviz; no error output; every code cell has output when
// executed is set; every output is text/plain with text/markdown or a
// picture (image/png that decodes, with its caption), never SVG or HTML;
// no cell shows the same picture twice; and each picture of a search
// shows the step its cell left that search at, as a fresh session running
// the cells finds. Cost: one run of the notebook's cells.
func checkSavedBook(t *testing.T, data []byte, executed bool) *savedBook {
	t.Helper()
	var nb struct {
		Metadata struct {
			Kernelspec struct{ Name string } `json:"kernelspec"`
		} `json:"metadata"`
		Cells []struct {
			CellType string          `json:"cell_type"`
			Source   json.RawMessage `json:"source"`
			Outputs  []struct {
				OutputType string                     `json:"output_type"`
				Data       map[string]json.RawMessage `json:"data"`
				Evalue     string                     `json:"evalue"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	if nb.Metadata.Kernelspec.Name != "stepviz" {
		t.Errorf("kernelspec %q, want stepviz", nb.Metadata.Kernelspec.Name)
	}
	sess := kernel.NewSession(kernel.Config{StepPictures: true})
	book := &savedBook{}
	for i, c := range nb.Cells {
		cell := savedCell{source: joined(t, c.Source)}
		if c.CellType != "code" {
			book.cells = append(book.cells, cell)
			continue
		}
		if movesSearches(cell.source) {
			if _, err := sess.Run(context.Background(), cell.source); err != nil {
				t.Errorf("cell %d (%.40q) fails in a fresh session: %v", i, cell.source, err)
			}
		}
		if executed && len(c.Outputs) == 0 {
			t.Errorf("cell %d (%.40q) has no output", i, cell.source)
		}
		pngs := map[string]bool{}
		for _, o := range c.Outputs {
			if o.OutputType == "error" {
				t.Errorf("cell %d failed: %s", i, o.Evalue)
			}
			if o.OutputType != "display_data" && o.OutputType != "execute_result" {
				continue
			}
			for _, lost := range []string{"image/svg+xml", "text/html"} {
				if _, ok := o.Data[lost]; ok {
					t.Errorf("cell %d keeps %s, which nbconvert empties or sends through Inkscape", i, lost)
				}
			}
			text := joined(t, o.Data["text/plain"])
			if md, ok := o.Data["text/markdown"]; ok {
				cell.tables += len(mdTableRow.FindAllString(joined(t, md), -1))
			}
			raw, ok := o.Data["image/png"]
			if !ok {
				continue
			}
			b64 := joined(t, raw)
			if !isPNG(t, b64) {
				t.Errorf("cell %d: a picture that is no PNG (%s)", i, text)
			}
			if pngs[b64] {
				t.Errorf("cell %d (%.40q) shows a picture twice: %s", i, cell.source, text)
			}
			pngs[b64] = true
			cell.pictures = append(cell.pictures, text)
			if m := caption.FindStringSubmatch(text); m != nil {
				name := m[1]
				if name == "search" {
					name = ""
				}
				step, _ := strconv.Atoi(m[2])
				if sr := sess.Search(name); sr == nil {
					t.Errorf("cell %d: a picture of %s, which the session does not have: %s", i, m[1], text)
				} else if sr.StepCount() != step {
					t.Errorf("cell %d (%.40q): a picture of %s at step %d; the cell leaves it at step %d: %s", i, cell.source, m[1], step, sr.StepCount(), text)
				}
			} else if !strings.HasPrefix(text, "[") {
				t.Errorf("cell %d: a picture whose text/plain does not say what it is: %q", i, text)
			}
		}
		book.pictures += len(cell.pictures)
		book.tables += cell.tables
		book.cells = append(book.cells, cell)
	}
	return book
}

// movesSearches reports whether a cell may set a problem or start or move
// a search; a cell of compare, check, show, export and help only (some
// slow: check runs a heuristic over thousands of states) moves none.
func movesSearches(cell string) bool {
	cmds, err := kernel.ParseCell(cell)
	if err != nil {
		return true
	}
	for _, c := range cmds {
		switch c.Verb {
		case "compare", "check", "show", "export", "help":
		default:
			return true
		}
	}
	return false
}

// joined reads a notebook string field, a string or a list of strings.
func joined(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var l []string
	if err := json.Unmarshal(raw, &l); err != nil {
		t.Fatalf("a notebook field that is neither a string nor a list of strings: %.80s", raw)
	}
	return strings.Join(l, "")
}

// isPNG reports whether b64 is base64 of a PNG image with pixels.
func isPNG(t *testing.T, b64 string) bool {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(b64), ""))
	if err != nil {
		return false
	}
	return pngHasPixels(b)
}

// isPNGFile reports whether the file at path is a PNG image with pixels.
func isPNGFile(t *testing.T, path string) bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v", err)
		return false
	}
	return pngHasPixels(b)
}

func pngHasPixels(b []byte) bool {
	img, err := png.Decode(bytes.NewReader(b))
	return err == nil && img.Bounds().Dx() > 1 && img.Bounds().Dy() > 1
}
