// Package ipynb is a saved notebook as a document: its cells and outputs,
// the .ipynb codec, the language it declares, and the rules and keys of a
// store of saved notebooks. It imports nothing of the engine, the pictures,
// the kernel or the pages, so the database links none of them.
package ipynb

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"stepviz/internal/usererr"
)

// Doc is a notebook: cells in order, and a title.
type Doc struct {
	Title string `json:"title"`
	Cells []Cell `json:"cells"`
}

// Cell is one cell. Kind is "code" or "markdown" (raw cells are read as
// markdown).
type Cell struct {
	Kind    string   `json:"kind"`
	Source  string   `json:"source"`
	Count   int      `json:"count,omitempty"` // execution count, 0 if never run
	Outputs []Output `json:"outputs,omitempty"`
}

// Output is one output of a code cell: text/plain and text/html, or an
// error (Error set, Text the message).
type Output struct {
	Text  string `json:"text"`
	HTML  string `json:"html,omitempty"`
	Error bool   `json:"error,omitempty"`
}

// maxIpynb caps the size of a notebook file read.
const maxIpynb = 16 << 20

// multiline is nbformat's string-or-list-of-strings.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = multiline(s)
		return nil
	}
	var parts []string
	if err := json.Unmarshal(b, &parts); err != nil {
		return fmt.Errorf("want a string or a list of strings")
	}
	*m = multiline(strings.Join(parts, ""))
	return nil
}

// splitLines writes a string the way nbformat files usually do: a list of
// lines, each but the last ending in "\n".
func splitLines(s string) []string {
	if s == "" {
		return []string{}
	}
	parts := strings.SplitAfter(s, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

type ipynbOutput struct {
	OutputType string               `json:"output_type"`
	Data       map[string]multiline `json:"data,omitempty"`
	Text       multiline            `json:"text,omitempty"`
	Ename      string               `json:"ename,omitempty"`
	Evalue     string               `json:"evalue,omitempty"`
	Traceback  []string             `json:"traceback,omitempty"`
}

type ipynbCell struct {
	CellType string        `json:"cell_type"`
	Source   multiline     `json:"source"`
	Outputs  []ipynbOutput `json:"outputs"`
	Count    *int          `json:"execution_count"`
}

// Read reads an nbformat 4 notebook. It rejects other major versions
// and notebooks for another kernel than stepviz (a notebook without a
// kernelspec is accepted).
func Read(r io.Reader) (*Doc, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxIpynb+1))
	if err != nil {
		return nil, usererr.Errorf("notebook", "reading the notebook: %v", err)
	}
	if len(b) > maxIpynb {
		return nil, usererr.Errorf("notebook", "the notebook is larger than %d MB", maxIpynb>>20)
	}
	var nb struct {
		Nbformat *int        `json:"nbformat"`
		Cells    []ipynbCell `json:"cells"`
		Metadata struct {
			Kernelspec struct {
				Name string `json:"name"`
			} `json:"kernelspec"`
			Title string `json:"title"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, usererr.Errorf("notebook", "not an .ipynb notebook: %v", err)
	}
	if nb.Nbformat == nil {
		return nil, usererr.Errorf("notebook", "not an .ipynb notebook: no nbformat field")
	}
	if *nb.Nbformat != 4 {
		return nil, usererr.Errorf("notebook", "nbformat %d: only nbformat 4 is supported (convert it with jupyter nbconvert --to notebook)", *nb.Nbformat)
	}
	if k := nb.Metadata.Kernelspec.Name; k != "" && k != KernelName {
		return nil, usererr.Errorf("notebook", "this notebook is for the %q kernel; stepviz runs notebooks whose kernelspec is %q", k, KernelName)
	}
	doc := &Doc{Title: nb.Metadata.Title}
	for _, c := range nb.Cells {
		cell := Cell{Kind: "markdown", Source: string(c.Source)}
		if c.CellType == "code" {
			cell.Kind = "code"
			if c.Count != nil {
				cell.Count = *c.Count
			}
			for _, o := range c.Outputs {
				switch o.OutputType {
				case "display_data", "execute_result":
					out := Output{Text: string(o.Data["text/plain"]), HTML: string(o.Data["text/html"])}
					if svg := string(o.Data["image/svg+xml"]); out.HTML == "" && svg != "" {
						// the Jupyter kernel sends each picture as its own svg+png
						// display: shown as an image, which runs no script
						out.HTML = `<img alt="" src="data:image/svg+xml;base64,` + base64.StdEncoding.EncodeToString([]byte(svg)) + `">`
					}
					if png := string(o.Data["image/png"]); out.HTML == "" && png != "" {
						// a picture the kernel keeps as PNG alone: its base64
						// read and written again, so nothing but the image
						// reaches the page
						if b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(png), "")); err == nil {
							out.HTML = `<img alt="" src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(b) + `">`
						}
					}
					cell.Outputs = append(cell.Outputs, out)
				case "stream":
					cell.Outputs = append(cell.Outputs, Output{Text: string(o.Text)})
				case "error":
					cell.Outputs = append(cell.Outputs, Output{Text: o.Evalue, Error: true})
				}
			}
		}
		doc.Cells = append(doc.Cells, cell)
	}
	return doc, nil
}

// KernelName is the kernelspec name notebooks are saved with.
const KernelName = "stepviz"

// Write writes doc as an nbformat 4.5 notebook for the stepviz kernel.
// Outputs are display_data with text/plain and text/html (errors as error
// outputs), so Jupyter shows them as this page did.
func Write(w io.Writer, doc *Doc) error {
	type mdCell struct {
		ID       string         `json:"id"`
		CellType string         `json:"cell_type"`
		Metadata map[string]any `json:"metadata"`
		Source   []string       `json:"source"`
	}
	type codeCell struct {
		mdCell
		Count   *int  `json:"execution_count"` // required, null if never run
		Outputs []any `json:"outputs"`
	}
	cells := make([]any, 0, len(doc.Cells))
	for i, c := range doc.Cells {
		md := mdCell{ID: fmt.Sprintf("cell-%d", i+1), CellType: "markdown", Metadata: map[string]any{}, Source: splitLines(c.Source)}
		if c.Kind != "code" {
			cells = append(cells, md)
			continue
		}
		md.CellType = "code"
		cc := codeCell{mdCell: md, Outputs: []any{}}
		if c.Count > 0 {
			n := c.Count
			cc.Count = &n
		}
		for _, o := range c.Outputs {
			if o.Error {
				cc.Outputs = append(cc.Outputs, map[string]any{"output_type": "error", "ename": "StepvizError", "evalue": o.Text, "traceback": strings.Split(o.Text, "\n")})
				continue
			}
			data := map[string]any{"text/plain": splitLines(o.Text)}
			if o.HTML != "" {
				data["text/html"] = splitLines(o.HTML)
			}
			cc.Outputs = append(cc.Outputs, map[string]any{"output_type": "display_data", "data": data, "metadata": map[string]any{}})
		}
		cells = append(cells, cc)
	}
	meta := map[string]any{
		"kernelspec":    map[string]string{"name": KernelName, "display_name": "stepviz", "language": "stepviz"},
		"language_info": LanguageInfo(),
	}
	if doc.Title != "" {
		meta["title"] = doc.Title
	}
	nb := map[string]any{"nbformat": 4, "nbformat_minor": 5, "metadata": meta, "cells": cells}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(nb); err != nil {
		return usererr.Errorf("notebook", "writing the notebook: %v", err)
	}
	return nil
}

// LanguageInfo is the language_info every notebook stepviz writes and the
// kernel's kernel_info name: CodeMirror's shell mode and Pygments' bash
// lexer, both of which exist, so a notebook neither asks for a CodeMirror
// mode file named after stepviz that nobody serves nor makes nbconvert warn
// "No lexer found for language 'stepviz'": cells are highlighted as a shell
// language (comments, words, key=value), which is what the cell language
// looks like.
func LanguageInfo() map[string]any {
	return map[string]any{
		"name":            "stepviz",
		"version":         "1.0",
		"mimetype":        "text/x-stepviz",
		"file_extension":  ".stepviz",
		"codemirror_mode": "shell",
		"pygments_lexer":  "bash",
	}
}
