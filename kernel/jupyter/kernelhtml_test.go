package jupyter

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/kernel"
)

// kernelCells are cells that between them make every kind of output the
// kernel writes as HTML: problems, live views with narration, warnings
// and drawings, every show topic (tables with notes), compare, games and
// local searches, exports as links and previews, help and errors' views.
var kernelCells = [][]string{
	{"graph romania", "a = search astar h=sld", "step a 3", "show a open", "show a closed", "show a path",
		"show a stats", "show a node 1", "show a tree", "show a board", "run a to goal", "show a path",
		"export a csv", "export a json", "export a svg", "export a md", "back a 2", "reset a",
		"compare bfs, ucs, astar h=sld", "help", "help search", "b = search bfs", "step b 2"},
	{"puzzle 283164705 goal=123804765", "search astar h=manhattan", "step 5", "show open", "show board",
		"search ids", "step 4", "show open", "show iteration 1", "search rbfs h=manhattan", "step 3", "show closed",
		"search bibfs", "step 3", "show open", "show closed", "export csv"},
	{"grid S..#/.#../...G", "search astar h=octile", "step 4", "show open", "show board", "run to goal"},
	{"grid S.1#/.#9./..|G", "search ucs"},
	{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "search alphabeta", "step 3", "run to goal", "export svg"},
	{"tictactoe", "search minimax depth=2", "step 2"},
	{"queens 6 seed=1", "search hillclimb", "step 3", "run to goal", "export csv"},
	{"tsp 5 seed=2", "search anneal seed=3", "step 4"},
}

// kernelOutputs runs kernelCells and returns the HTML of every output
// without its drawings, as the kernel hands it to toMarkdown.
func kernelOutputs(t *testing.T) []string {
	t.Helper()
	var htmls []string
	collect := func(o kernel.Output) {
		if rest, _ := splitPictures(o.HTML); hasText(rest) {
			htmls = append(htmls, rest)
		}
	}
	for _, cells := range kernelCells {
		sess := kernel.NewSession(kernel.Config{IDPrefix: "t", StepPictures: true})
		for _, cell := range cells {
			// A cell that fails still shows what it wrote before failing.
			_ = sess.Execute(context.Background(), cell, collect)
		}
	}
	books, _ := filepath.Glob(filepath.Join(testenv.ModuleRoot(t), "examples", "*.ipynb"))
	for _, b := range books {
		// The notebooks' own searches, cut short: the kinds of output, not
		// their sizes, are what is compared.
		sess := kernel.NewSession(kernel.Config{IDPrefix: "t", StepPictures: true, MaxNodes: 5000})
		for _, cell := range notebookCode(t, b) {
			if !strings.HasPrefix(cell, "check ") {
				_ = sess.Execute(context.Background(), cell, collect)
			}
		}
	}
	return htmls
}

// notebookCode is the source of each code cell of the notebook at path,
// in order.
func notebookCode(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			CellType string   `json:"cell_type"`
			Source   []string `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var cells []string
	for _, c := range nb.Cells {
		if c.CellType == "code" {
			cells = append(cells, strings.Join(c.Source, ""))
		}
	}
	return cells
}

// TestKernelHTMLMatchesHTML5: the strict parser accepts every output the
// kernel writes, and the Markdown made from it is what the HTML5 parser's
// converter makes.
func TestKernelHTMLMatchesHTML5(t *testing.T) {
	htmls := kernelOutputs(t)
	kinds := map[string]int{}
	for _, h := range htmls {
		for _, k := range []string{"<table", "<pre", "<a ", "font-weight:bold", "color:#a00", "data-testid=\"narration\""} {
			if strings.Contains(h, k) {
				kinds[k]++
			}
		}
		if _, err := parseKernelHTML(h); err != nil {
			t.Errorf("the kernel's own HTML refused: %.300q", h)
			continue
		}
		checkSameMarkdown(t, h)
	}
	t.Logf("%d outputs: %v", len(htmls), kinds)
	for _, k := range []string{"<table", "<pre", "<a ", "font-weight:bold", "data-testid=\"narration\""} {
		if kinds[k] == 0 {
			t.Errorf("no output with %s among the %d outputs: the cells no longer cover it", k, len(htmls))
		}
	}
}

// checkSameMarkdown fails when toMarkdown and html5ToMarkdown differ on h.
func checkSameMarkdown(t *testing.T, h string) {
	t.Helper()
	md, plain := toMarkdown(h)
	want, wantPlain := html5ToMarkdown(h)
	if md != want || plain != wantPlain {
		t.Errorf("on %.400q:\n%s\n(plain %v), from the HTML5 parser's tree:\n%s\n(plain %v)", h, md, plain, want, wantPlain)
	}
}

func TestParseKernelHTMLRefuses(t *testing.T) {
	for _, in := range []string{
		`<div>x`, `<div>x</span>`, `</div>`, `<p><div>x</div></p>`, `<a href="x"><a href="y">z</a></a>`,
		`<td>x</td>`, `<table>x<tr><td>y</td></tr></table>`, `<table><div>x</div></table>`, `a & b`,
		`a &foo; b`, `a < b`, `<!DOCTYPE html>`, `<blink>x</blink>`, `<div/>`, `<svg><div>x</div></svg>`,
		"a\x00b", `<div a="1" a="2">x</div>`, `<div a=x"y>z</div>`, `&#0;`, `&#x80;`, `&#xD800;`, `<pre>&#10;x</pre>`,
		`<!-->x`, `<style>x`,
	} {
		if nodes, err := parseKernelHTML(in); err == nil {
			t.Errorf("parseKernelHTML(%q) accepted %d nodes, want an error", in, len(nodes))
		}
		md, _ := toMarkdown(in)
		if strings.ContainsAny(md, "<>") {
			t.Errorf("toMarkdown(%q) = %q: a raw < or >", in, md)
		}
	}
}

func TestParseKernelHTMLAccepts(t *testing.T) {
	for _, in := range []string{
		"<pre>\nx</pre>", `<div>a &amp; b &lt;c&gt; &#39;d&#34; &#x25B6;&nbsp;e</div>`, `<table><tr><td>x</td></tr></table>`,
		`<div><b>x</b><br><br/><a href=data:x>y</a><!-- c --></div>`, `<svg><g><rect x="1"/><text>t</text></g></svg>`,
		`<style>a > b { x: "<" }</style><div>y</div>`, `<ul><li>a</li><li>b</li></ul>`, `<DIV Style="font-weight:bold">x</DIV>`,
	} {
		if _, err := parseKernelHTML(in); err != nil {
			t.Errorf("parseKernelHTML(%q): %v", in, err)
			continue
		}
		checkSameMarkdown(t, in)
	}
}
