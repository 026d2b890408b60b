package main

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"
)

// fileRef matches a name that ends in .go, .js or .md: a path ("wire/records.go",
// "docs/protocol.md") or a bare file name ("model.js").
var fileRef = regexp.MustCompile(`(?:\.\./)*[A-Za-z0-9_][A-Za-z0-9_./-]*\.(?:go|js|md)\b`)

// url matches what is an address rather than a file of ours.
var url = regexp.MustCompile(`[a-z][a-z0-9+.-]*://[^\s)>\]"'` + "`" + `]*`)

// danglingRef is one name of a file that does not exist, where it was seen.
type danglingRef struct {
	file string // the file that names it
	line int
	name string
}

func (d danglingRef) String() string {
	return fmt.Sprintf("%s:%d: names %s, which does not exist", d.file, d.line, d.name)
}

// danglingRefs lists every .go, .js or .md file named in the comments of the
// Go and JavaScript files and in the text of the Markdown and templ files of
// files (paths relative to the module root, as git lists them) that is not
// in all (every file of the tree), neither as that path from the root, nor
// from the naming file's folder, nor, for a bare name, anywhere. Go package paths of modules
// ("golang.org/x/net") do not end in these suffixes and are never matched.
// O(total size of files).
func danglingRefs(root string, files, all []string) ([]danglingRef, error) {
	exists := make(map[string]bool, len(all))
	base := make(map[string]bool, len(all))
	for _, f := range all {
		exists[f] = true
		base[path.Base(f)] = true
	}
	var out []danglingRef
	for _, f := range files {
		var texts []located
		switch path.Ext(f) {
		case ".go", ".js", ".md", ".templ":
		default:
			continue
		}
		src, err := os.ReadFile(path.Join(root, f))
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", f, err)
		}
		switch path.Ext(f) {
		case ".go":
			texts = goComments(src)
		case ".js":
			texts = jsComments(src)
		default:
			texts = []located{{line: 1, text: string(src)}}
		}
		for _, t := range texts {
			for _, m := range findRefs(t.text) {
				name := strings.TrimSuffix(strings.TrimPrefix(m.name, "./"), ".")
				if knownName(name, path.Dir(f), exists, base) {
					continue
				}
				out = append(out, danglingRef{file: f, line: t.line + m.line, name: name})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		return out[i].line < out[j].line
	})
	return out, nil
}

// knownName reports whether name, seen in a file of folder dir, is a file of
// the tree.
func knownName(name, dir string, exists, base map[string]bool) bool {
	if exists[path.Clean(name)] || exists[path.Join(dir, name)] {
		return true
	}
	if !strings.Contains(name, "/") {
		return base[name] || placeholder(name)
	}
	// "../shared/STYLE.md" and the like name files beside the module, which a
	// clone does not have: only names inside the tree are checked.
	return strings.HasPrefix(name, "../")
}

// placeholder reports whether a bare name stands for any file, as
// ANSWER.md or NAME.js do in usage lines: its stem is upper case.
func placeholder(name string) bool {
	stem := strings.TrimSuffix(name, path.Ext(name))
	return stem != "" && strings.ToUpper(stem) == stem && strings.Trim(stem, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_-") == ""
}

// located is a piece of text and the line it starts on.
type located struct {
	line int
	text string
}

// ref is one match of fileRef in a text, with its line offset in that text.
type ref struct {
	line int
	name string
}

func findRefs(text string) []ref {
	text = url.ReplaceAllStringFunc(text, func(s string) string { return strings.Repeat(" ", len(s)) })
	var out []ref
	for _, loc := range fileRef.FindAllStringIndex(text, -1) {
		out = append(out, ref{line: strings.Count(text[:loc[0]], "\n"), name: text[loc[0]:loc[1]]})
	}
	return out
}

// goComments are the comments of a Go source file.
func goComments(src []byte) []located {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	var out []located
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.COMMENT {
			out = append(out, located{line: fset.Position(pos).Line, text: lit})
		}
	}
}

// jsComments are the // and /* */ comments of a JavaScript file, found by a
// scan that skips string and template literals (regular expression literals
// are rare in our scripts and hold no comment markers).
func jsComments(src []byte) []located {
	var out []located
	line := 1
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
		case c == '"' || c == '\'' || c == '`':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				} else if src[i] == '\n' {
					line++
				}
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			out = append(out, located{line: line, text: string(src[i : i+end])})
			i += end - 1
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				end = len(src) - i - 2
			}
			text := string(src[i : i+2+end])
			out = append(out, located{line: line, text: text})
			line += strings.Count(text, "\n")
			i += 2 + end + 1
		}
	}
	return out
}
