package jupyter_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/notebook"
)

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
