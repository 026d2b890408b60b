package jupyter_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/notebook"
)

// TestExamplesRunInJupyter executes every notebook in examples/ with
// jupyter nbconvert and the installed stepviz kernel, then checks that no
// cell failed and every code cell has output.
func TestExamplesRunInJupyter(t *testing.T) {
	testenv.Python(t, "nbconvert", "nbclient", "jupyter_client")
	jupyterBin := testenv.Tool(t, "jupyter", "jupyter-nbconvert")
	_, env := installKernel(t)
	books, err := filepath.Glob(filepath.Join(testenv.ModuleRoot(t), "examples", "*.ipynb"))
	if err != nil || len(books) == 0 {
		t.Fatalf("no notebooks in examples/: %v", err)
	}
	out := t.TempDir()
	for _, book := range books {
		t.Run(filepath.Base(book), func(t *testing.T) {
			cmd := exec.Command(jupyterBin, "nbconvert", "--to", "notebook", "--execute",
				"--ExecutePreprocessor.timeout=120", "--output-dir", out, book)
			cmd.Env = env
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("nbconvert: %v\n%s", err, b)
			}
			b, err := os.ReadFile(filepath.Join(out, filepath.Base(book)))
			if err != nil {
				t.Fatal(err)
			}
			var nb struct {
				Metadata struct {
					Kernelspec struct{ Name string } `json:"kernelspec"`
				} `json:"metadata"`
				Cells []struct {
					CellType string `json:"cell_type"`
					Source   any    `json:"source"`
					Outputs  []struct {
						OutputType string         `json:"output_type"`
						Data       map[string]any `json:"data"`
						Evalue     string         `json:"evalue"`
					} `json:"outputs"`
				} `json:"cells"`
			}
			if err := json.Unmarshal(b, &nb); err != nil {
				t.Fatal(err)
			}
			if nb.Metadata.Kernelspec.Name != "stepviz" {
				t.Errorf("kernelspec %q, want stepviz", nb.Metadata.Kernelspec.Name)
			}
			for i, c := range nb.Cells {
				if c.CellType != "code" {
					continue
				}
				// The live view a search cell made was updated by the
				// later cells that ran it to the goal.
				if src := fmt.Sprint(c.Source); filepath.Base(book) == "astar-grid-tutorial.ipynb" && strings.Contains(src, "search astar h=manhattan") {
					if len(c.Outputs) == 0 || !strings.Contains(fmt.Sprint(c.Outputs[0].Data["text/plain"]), "· solved ·") {
						t.Errorf("the search cell's live view was not updated to the solved search: %v", c.Outputs)
					}
				}
				if len(c.Outputs) == 0 {
					t.Errorf("cell %d has no output: %v", i, c.Source)
				}
				for _, o := range c.Outputs {
					if o.OutputType == "error" {
						t.Errorf("cell %d failed: %s", i, o.Evalue)
					}
					if o.OutputType != "display_data" {
						continue
					}
					// Text and tables as HTML; each drawing as svg and png
					// without HTML (nbconvert prefers HTML to a png).
					_, isHTML := o.Data["text/html"]
					_, isPNG := o.Data["image/png"]
					if isHTML == isPNG {
						t.Errorf("cell %d: display with text/html %v and image/png %v, want one of them", i, isHTML, isPNG)
					}
					if _, isSVG := o.Data["image/svg+xml"]; isPNG && !isSVG {
						t.Errorf("cell %d: a picture without its image/svg+xml", i)
					}
				}
			}
		})
	}
}

// TestWebNotebookFileRunsInJupyter saves a notebook as the web notebook
// does and executes it in Jupyter with the stepviz kernel.
func TestWebNotebookFileRunsInJupyter(t *testing.T) {
	testenv.Python(t, "nbconvert", "nbclient", "jupyter_client")
	jupyterBin := testenv.Tool(t, "jupyter", "jupyter-nbconvert")
	_, env := installKernel(t)
	doc := &notebook.Doc{Title: "Made on the web", Cells: []notebook.Cell{
		{Kind: "markdown", Source: "# Made on the web"},
		{Kind: "code", Source: "graph romania\na = search astar", Count: 1, Outputs: []notebook.Output{{Text: "old", HTML: "<b>old</b>"}}},
		{Kind: "code", Source: "run a to goal\nshow a path"},
	}}
	dir := t.TempDir()
	path := filepath.Join(dir, "web.ipynb")
	var b bytes.Buffer
	if err := notebook.WriteIpynb(&b, doc); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(jupyterBin, "nbconvert", "--to", "notebook", "--execute", "--inplace", path)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert: %v\n%s", err, out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := notebook.ReadIpynb(f)
	if err != nil {
		t.Fatalf("reading the executed notebook back: %v", err)
	}
	last := got.Cells[2].Outputs
	if len(last) == 0 || !strings.Contains(last[len(last)-1].Text, "cost 418") {
		t.Errorf("executed notebook's last cell: %+v", last)
	}
}
