package ipynb

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestIpynbRoundTrip(t *testing.T) {
	doc := &Doc{Title: "Round trip", Cells: []Cell{
		{Kind: "markdown", Source: "# Title\n\nSome *text*."},
		{Kind: "code", Source: "puzzle 283164705 goal=123804765\nsearch astar", Count: 2, Outputs: []Output{
			{Text: "problem: puzzle\nline two", HTML: "<div>x</div>"},
			{Text: "kernel: line 2: unknown heuristic", Error: true},
		}},
		{Kind: "code", Source: ""},
	}}
	var b bytes.Buffer
	if err := Write(&b, doc); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&b)
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(got, doc) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, doc)
	}
}

func TestReadErrors(t *testing.T) {
	for in, want := range map[string]string{
		`not json`:                     "not an .ipynb notebook",
		`{"cells": []}`:                "no nbformat field",
		`{"nbformat": 3, "cells": []}`: "only nbformat 4",
		`{"nbformat": 4, "cells": [], "metadata": {"kernelspec": {"name": "python3"}}}`: `for the "python3" kernel`,
		`{"nbformat": 4, "cells": [{"cell_type": "code", "source": 7}]}`:                "not an .ipynb notebook",
	} {
		_, err := Read(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "notebook: ") {
			t.Errorf("Read(%s) error %v, want %q", in, err, want)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code", "source": ["a\n", "b"], "outputs": [{"output_type": "stream", "text": "x"}], "execution_count": 1}]}`)
	f.Add(`{"nbformat": 4, "cells": [{"cell_type": "markdown", "source": "# t"}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		doc, err := Read(strings.NewReader(in))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Write(&b, doc); err != nil {
			t.Fatalf("WriteIpynb after a successful read: %v", err)
		}
		again, err := Read(&b)
		if err != nil {
			t.Fatalf("cannot read back what was written: %v", err)
		}
		if len(again.Cells) != len(doc.Cells) {
			t.Fatalf("cells %d, read back %d", len(doc.Cells), len(again.Cells))
		}
	})
}

// TestReadIpynbPictureOnly: a picture the Jupyter kernel sent as its own
// svg+png display (no text/html) opens as an image, not as its alt text.
func TestReadIpynbPictureOnly(t *testing.T) {
	in := `{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code", "source": "step", "outputs": [
	 {"output_type": "display_data", "metadata": {}, "data": {"text/plain": "[picture: board]", "image/svg+xml": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "image/png": "iVBORw0KGgo="}}]}]}`
	doc, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	outs := doc.Cells[0].Outputs
	if len(outs) != 1 || !strings.HasPrefix(outs[0].HTML, `<img alt="" src="data:image/svg+xml;base64,`) {
		t.Fatalf("outputs %+v, want the svg as an <img>", outs)
	}
}
