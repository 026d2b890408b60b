package export_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/kernel"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
	"stepviz/viz/export"
	"stepviz/viz/raster"
)

// familyNotebookCase is a game or local search exported as a notebook at
// a step (export.ToEnd for the end).
var familyNotebookCases = []struct {
	problem, search string
	game            bool
	upTo            int
}{
	{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", true, export.ToEnd},
	{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "minimax", true, 7},
	{"tictactoe XO.X.O...", "mcts iterations=25 seed=2", true, export.ToEnd},
	{"queens 8 seed=1", "hillclimb", false, export.ToEnd},
	{"tsp 8 seed=4", "anneal seed=2 schedule=exp:5,0.05,200", false, 40},
}

type ipynbDoc struct {
	Cells []struct {
		Type    string   `json:"cell_type"`
		Source  []string `json:"source"`
		Outputs []struct {
			Type string         `json:"output_type"`
			Text []string       `json:"text"`
			Data map[string]any `json:"data"`
		} `json:"outputs"`
	} `json:"cells"`
}

func familyNotebook(t *testing.T, problem, search string, isGame bool, upTo int) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	if isGame {
		g, gerr := game.ParseProblem(problem)
		o, oerr := game.ParseOptions(search)
		if gerr != nil || oerr != nil {
			t.Fatal(gerr, oerr)
		}
		err = export.WriteGame(context.Background(), &b, "ipynb", g, o, upTo)
	} else {
		p, perr := local.ParseProblem(problem)
		o, oerr := local.ParseOptions(search)
		if perr != nil || oerr != nil {
			t.Fatal(perr, oerr)
		}
		err = export.WriteLocal(context.Background(), &b, "ipynb", p, o, upTo)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// joined is a notebook field, a string or a list of lines, as one string.
func joined(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var b strings.Builder
		for _, l := range x {
			s, _ := l.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}

var ariaLabel = regexp.MustCompile(` aria-label="[^"]*"`)

// TestFamilyIpynbRunsInTheKernel runs a game or local notebook's code
// cells through the stepviz kernel: they rebuild the search, and the
// kernel's view after the last cell is the output the notebook embeds
// (the same summary lines and the same drawing, byte for byte).
func TestFamilyIpynbRunsInTheKernel(t *testing.T) {
	for _, c := range familyNotebookCases {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			var doc ipynbDoc
			if err := json.Unmarshal(familyNotebook(t, c.problem, c.search, c.game, c.upTo), &doc); err != nil {
				t.Fatal(err)
			}
			ks := kernel.NewSession(kernel.Config{IDPrefix: "test"})
			var last []kernel.Output
			var embedded map[string]any
			code := 0
			for _, cell := range doc.Cells {
				if cell.Type != "code" {
					continue
				}
				code++
				src := strings.Join(cell.Source, "")
				outs, err := ks.Run(context.Background(), src)
				if err != nil {
					t.Fatalf("cell %q fails in the kernel: %v", src, err)
				}
				last = outs
				if len(cell.Outputs) == 2 && cell.Outputs[0].Type == "stream" {
					embedded = cell.Outputs[1].Data
					if a, b := strings.Join(cell.Outputs[0].Text, ""), joined(embedded["text/plain"]); a != b {
						t.Errorf("the stream says %q, the drawing's text %q", a, b)
					}
				}
			}
			if code != 3 || embedded == nil || len(last) == 0 {
				t.Fatalf("%d code cells, embedded output %v, kernel outputs %d", code, embedded != nil, len(last))
			}
			out := last[len(last)-1]
			text := joined(embedded["text/plain"])
			if out.Text+"\n" != out.Subject+"\n"+text {
				t.Errorf("kernel says %q, the notebook %q", out.Text, text)
			}
			// the kernel's drawing, rasterised, is the notebook's picture
			h := ariaLabel.ReplaceAllString(out.HTML, "")
			i, j := strings.Index(h, "<svg"), strings.LastIndex(h, "</svg>")
			if i < 0 || j < i {
				t.Fatalf("the kernel's view has no drawing")
			}
			want, err := raster.PNGBytes([]byte(h[i:j+len("</svg>")]), 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := joined(embedded["image/png"]); got != base64.StdEncoding.EncodeToString(want) {
				t.Errorf("the notebook's picture (%d base64 bytes) is not the kernel's drawing (%d bytes png)", len(got), len(want))
			}
		})
	}
}

// TestFamilyIpynbConverts: nbformat validates each notebook and
// `jupyter nbconvert --to html` converts it, the page holding the
// embedded drawing and summary.
func TestFamilyIpynbConverts(t *testing.T) {
	py := testenv.Python(t, "nbformat", "nbconvert")
	jupyter := testenv.Tool(t, "jupyter", "jupyter-nbconvert")
	dir := t.TempDir()
	for i, c := range familyNotebookCases {
		data := familyNotebook(t, c.problem, c.search, c.game, c.upTo)
		p := filepath.Join(dir, "nb"+strings.Repeat("x", i)+".ipynb")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(py, "-c", "import sys, nbformat\nnbformat.validate(nbformat.read(sys.argv[1], as_version=4))", p).CombinedOutput(); err != nil {
			t.Fatalf("%s: nbformat.validate: %v\n%s", c.problem, err, out)
		}
		if out, err := exec.Command(jupyter, "nbconvert", "--to", "html", p).CombinedOutput(); err != nil {
			t.Fatalf("%s: nbconvert: %v\n%s", c.problem, err, out)
		}
		page, err := os.ReadFile(strings.TrimSuffix(p, ".ipynb") + ".html")
		if err != nil {
			t.Fatal(err)
		}
		var doc ipynbDoc
		_ = json.Unmarshal(data, &doc)
		says := strings.TrimSpace(doc.Cells[len(doc.Cells)-1].Outputs[0].Text[0])
		png := joined(doc.Cells[len(doc.Cells)-1].Outputs[1].Data["image/png"])
		if len(png) < 100 || !strings.Contains(string(page), `src="data:image/png;base64,`+png[:100]) || !strings.Contains(string(page), html.EscapeString(says)) {
			t.Errorf("%s: the html page lacks the drawing or %q", c.problem, says)
		}
	}
}
