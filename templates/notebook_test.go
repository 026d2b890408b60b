package templates

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestNotebookPage(t *testing.T) {
	d := NotebookData{
		Prefix: "/nb", Static: "v1", ID: "0123456789abcdef", Title: `Week <3>`,
		Cells: []NotebookCell{
			{Kind: "markdown", Source: "# A* & friends"},
			{Kind: "code", Source: "puzzle 283164705 goal=123804765\n</textarea><script>x()</script>", Count: 3, Outputs: []NotebookOutput{
				{Text: "<b>problem</b>"}, {Text: "kernel: line 1: oops", Error: true},
			}},
		},
		Examples: []NotebookExample{{Name: "romania.ipynb", Title: "Romania"}},
	}
	var b bytes.Buffer
	if err := Notebook(d).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		`data-prefix="/nb"`, `data-id="0123456789abcdef"`, `src="/nb/static/notebook.js?v=v1"`,
		`<title>Week &lt;3&gt; — stepviz notebook</title>`, `value="Week &lt;3&gt;"`,
		`data-kind="markdown"`, `# A* &amp; friends`, `[3]`,
		`&lt;/textarea&gt;&lt;script&gt;x()&lt;/script&gt;`, `&lt;b&gt;problem&lt;/b&gt;`,
		`data-testid="output-error"`, `href="/nb/n/0123456789abcdef/ipynb"`, `<option value="romania.ipynb">Romania</option>`,
		`<template id="cell-template">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(page, "<script>x()") || strings.Contains(page, "<b>problem") {
		t.Errorf("cell text reached the page unescaped")
	}
	if n := strings.Count(page, `data-testid="cell"`); n != 4 {
		t.Errorf("%d cells, want 2 and the 2 templates", n)
	}
	// a new notebook hides the download link
	b.Reset()
	if err := Notebook(NotebookData{Prefix: "/nb"}).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	page = b.String()
	i := strings.Index(page, `id="download"`)
	if i < 0 {
		t.Fatal("no download link")
	}
	start, end := strings.LastIndex(page[:i], "<"), i+strings.Index(page[i:], ">")+1
	if tag := page[start:end]; !strings.Contains(tag, " hidden") {
		t.Errorf("new notebook shows the download link: %s", tag)
	}
}
