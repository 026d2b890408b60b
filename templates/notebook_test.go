package templates

import (
	"bytes"
	"context"
	"strconv"
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

// TestNotebookStarter: the first cell shows NotebookStarter while it is an
// empty code cell, in a row count that shows all of it; no other cell, and
// no cell template, shows it.
func TestNotebookStarter(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []NotebookCell
		want  int
	}{
		{"a new notebook", []NotebookCell{{Kind: "code"}}, 1},
		{"two empty cells", []NotebookCell{{Kind: "code"}, {Kind: "code"}}, 1},
		{"a first cell typed in", []NotebookCell{{Kind: "code", Source: "help"}, {Kind: "code"}}, 0},
		{"a text cell first", []NotebookCell{{Kind: "markdown"}, {Kind: "code"}}, 0},
		{"no cell", nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Notebook(NotebookData{Prefix: "/nb", Cells: tc.cells}).Render(context.Background(), &b); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			if n := strings.Count(page, "placeholder=\"# Shift+Enter"); n != tc.want {
				t.Errorf("%d cells show the starter, want %d", n, tc.want)
			}
			if tc.want > 0 && !strings.Contains(page, `rows="`+strconv.Itoa(strings.Count(NotebookStarter, "\n")+1)+`" placeholder=`) {
				t.Errorf("the starter's cell is not as tall as the starter")
			}
		})
	}
}
