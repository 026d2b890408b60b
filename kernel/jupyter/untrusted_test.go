package jupyter_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// handedOut is the example a teacher hands out, executed by nbconvert as
// a student would receive it.
const handedOut = "astar-grid-tutorial.ipynb"

// executeExample runs examples/name with nbconvert --execute into a new
// directory, as handed out: the result is untrusted (no signature in the
// fresh Jupyter data directory of env). It returns the directory and the
// notebook's JSON.
func executeExample(t *testing.T, env []string, name string) (dir string, nb []byte) {
	t.Helper()
	jupyterBin := testenv.Tool(t, "jupyter", "jupyter-nbconvert")
	dir = t.TempDir()
	cmd := exec.Command(jupyterBin, "nbconvert", "--to", "notebook", "--execute",
		"--ExecutePreprocessor.timeout=120", "--output-dir", dir, filepath.Join(testenv.ModuleRoot(t), "examples", name))
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert --execute: %v\n%s", err, b)
	}
	nb, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return dir, nb
}

// pictureCells reads an executed notebook: for each code cell, its source
// and the number of pictures (outputs with image/png) in its outputs.
func pictureCells(t *testing.T, nb []byte) (sources []string, pictures []int) {
	t.Helper()
	var doc struct {
		Cells []struct {
			CellType string          `json:"cell_type"`
			Source   json.RawMessage `json:"source"`
			Outputs  []struct {
				Data map[string]json.RawMessage `json:"data"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(nb, &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range doc.Cells {
		if c.CellType != "code" {
			continue
		}
		var src any
		json.Unmarshal(c.Source, &src)
		s := fmt.Sprint(src)
		if l, ok := src.([]any); ok {
			var b strings.Builder
			for _, x := range l {
				b.WriteString(fmt.Sprint(x))
			}
			s = b.String()
		}
		n := 0
		for _, o := range c.Outputs {
			if _, isPNG := o.Data["image/png"]; isPNG {
				n++
			}
		}
		sources = append(sources, s)
		pictures = append(pictures, n)
	}
	return sources, pictures
}

// TestUntrustedNotebookShowsPictures opens the executed example, untrusted,
// in the real classic Notebook (Debian's jupyter-notebook, on 127.0.0.1
// with a token) in headless Chromium, and counts the pictures that load
// and show: every picture of the saved outputs must be visible, none
// turned into text by the sanitiser.
func TestUntrustedNotebookShowsPictures(t *testing.T) {
	testenv.Python(t, "nbconvert", "nbclient", "jupyter_client", "notebook")
	server := testenv.Tool(t, "jupyter-notebook", "jupyter-notebook")
	_, env := installKernel(t)
	dir, nb := executeExample(t, env, handedOut)
	_, pictures := pictureCells(t, nb)
	want := 0
	for _, n := range pictures {
		want += n
	}
	if want == 0 {
		t.Fatal("the executed notebook has no pictures to look for")
	}

	port := freePorts(t, 1)[0]
	token := "stepviz-test-token"
	cmd := exec.Command(server, "--no-browser", "--allow-root", "--ip=127.0.0.1", fmt.Sprintf("--port=%d", port),
		"--NotebookApp.token="+token, "--NotebookApp.port_retries=0", "--notebook-dir="+dir)
	cmd.Env = env
	logf, err := os.Create(filepath.Join(t.TempDir(), "notebook.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		logf.Close()
	})
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(base + "/api/status?token=" + token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(logf.Name())
			t.Fatalf("jupyter notebook did not answer on %s: %v\n%s", base, err, b)
		}
		time.Sleep(200 * time.Millisecond)
	}

	ctx := testbrowser.New(t, 1400, 1000, 120*time.Second)
	_, err = chromedp.Run(ctx, chromedp.Steps(
		chromedp.Navigate(base+"/notebooks/"+handedOut+"?token="+token),
		chromedp.WaitVisible(`.output_area img`),
		testbrowser.Until(`Array.from(document.querySelectorAll('.output_area img')).every(i => i.complete)`, 30*time.Second),
	))
	if err != nil {
		b, _ := os.ReadFile(logf.Name())
		t.Fatalf("opening the notebook: %v\n%s", err, tail(string(b), 30))
	}
	trusted, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`Jupyter.notebook.trusted`))
	if err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Array.from(document.querySelectorAll('.output_area img')).filter(i => i.naturalWidth > 0 && i.getBoundingClientRect().width > 0).length`))
	if err != nil {
		t.Fatal(err)
	}
	broken, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Array.from(document.querySelectorAll('.output_area img')).filter(i => i.naturalWidth === 0).length`))
	if err != nil {
		t.Fatal(err)
	}
	outputText, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll('.output_area')).map(o => o.innerText).join('\n')`))
	if err != nil {
		t.Fatal(err)
	}
	if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		os.WriteFile(testenv.Artifact(t, "untrusted-notebook.png"), buf, 0o644)
	}
	if trusted {
		t.Fatal("the notebook opened trusted: the test must open it as a student would, untrusted")
	}
	if shown != want || broken != 0 {
		t.Errorf("untrusted, %d pictures show and %d do not load; the saved outputs hold %d", shown, broken, want)
	}
	// The sanitiser keeps the text of what it strips: an inline drawing
	// would show as its words ("start Board of the start ...").
	if strings.Contains(outputText, "Board of the") || strings.Contains(outputText, "stroke-width") {
		t.Errorf("a drawing turned into text in the untrusted notebook:\n%.500s", outputText)
	}
	t.Logf("untrusted classic Notebook: %d of %d pictures shown", shown, want)
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	sc := bufio.NewScanner(strings.NewReader(s))
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
