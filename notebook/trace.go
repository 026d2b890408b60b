package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/kernel"
	"stepviz/viz/export"
)

// isTrace reports whether a file is a stepviz trace (JSON or JSONL) rather
// than a notebook: its first JSON object has a "format" field saying
// "stepviz-trace". It reads no further than that field (a truncated trace
// is still told apart, so that its error says where it ends).
func isTrace(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		key, _ := tok.(string)
		switch key {
		case "format":
			var v string
			return dec.Decode(&v) == nil && v == export.FormatName
		case "nbformat", "cells", "metadata":
			return false
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	return false
}

// TraceDoc turns a trace (JSON or JSONL, as export json or jsonl and
// stepviz trace write it) into a notebook whose cells rebuild it: a text
// cell that says what it is, then export.IpynbCells (the problem line, the
// search line with every option, "step K", the lists and the tree). The
// trace is first verified by replaying it (kernel.OpenTrace); a trace whose
// problem reads a file is refused, as the page cannot read files. name is
// the uploaded file's name, for the title ("" for none). Errors read
// "notebook: NAME: line L, column C, field F: ...". Cost: a replay of the
// trace's steps.
func TraceDoc(data []byte, name string) (*Doc, error) {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	if name == "." || name == "/" {
		name = ""
	}
	t, _, err := kernel.OpenTrace(bytes.NewReader(data), false)
	if err != nil {
		msg := err.Error()
		if ce, ok := errors.AsType[*kernel.CellError](err); ok {
			msg = ce.Msg
		}
		if name != "" {
			msg = name + ": " + msg
		}
		return nil, usererr.Errorf("notebook", "%s", msg)
	}
	title := strings.TrimSuffix(strings.TrimSuffix(name, ".jsonl"), ".json")
	if title == "" {
		title = "trace"
	}
	intro := fmt.Sprintf("# %s\n\nA stepviz trace (format version %d), checked step by step against the engine. "+
		"The cells below rebuild it: the problem, the search with every option, and its %d steps "+
		"(status after them: %s); **Run all** runs them.\n\n"+
		"Problem: `%s`\n\nSearch: `%s`",
		title, t.Version, t.Steps, t.Status, t.Problem, t.Options)
	doc := &Doc{Title: title, Cells: []Cell{{Kind: "markdown", Source: intro}}}
	for _, src := range export.IpynbCells(t) {
		doc.Cells = append(doc.Cells, Cell{Kind: "code", Source: src})
	}
	return doc, nil
}
