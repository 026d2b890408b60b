package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputExtensionNamesAFormat: an -o FILE whose ending names no format
// the command writes, with no -format, is refused before any file is made
// (a Markdown sheet under a .pdf name would not open as a PDF), and the
// message says which endings work; a known ending, -format, or a name
// with no ending still writes.
func TestOutputExtensionNamesAFormat(t *testing.T) {
	problem := []string{"-problem", "graph romania", "-algo", "astar"}
	tests := []struct {
		cmd  string
		args []string
		out  string
		want string // in the message; "" when the files are written
	}{
		{"worksheet", []string{"-steps", "3"}, "sheet.pdf", "end the name in .md, .tex, .html, or give -format (for a PDF, write .tex and run pdflatex on it)"},
		{"worksheet", []string{"-steps", "3"}, "sheet.htm", ".html for a web page"},
		{"worksheet", []string{"-steps", "3"}, "sheet.docx", "stepviz writes no .docx file"},
		{"trace", []string{"-steps", "3"}, "trace.pdf", "end the name in .json, .jsonl, .csv,"},
		{"trace", []string{"-steps", "3"}, "trace.txt", "stepviz writes no .txt file"},
		{"worksheet", []string{"-steps", "3"}, "sheet.tex", ""},
		{"worksheet", []string{"-steps", "3", "-format", "md"}, "sheet.txt", ""},
		{"worksheet", []string{"-steps", "3"}, "sheet", ""},
		{"trace", []string{"-steps", "3"}, "run.trace.json", ""},
		{"trace", []string{"-steps", "3", "-format", "md"}, "trace.txt", ""},
	}
	for _, tt := range tests {
		t.Run(tt.cmd+" "+tt.out, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, tt.out)
			args := append(append(append([]string{tt.cmd}, problem...), tt.args...), "-o", out)
			code, _, stderr := runCmd(t, args...)
			files, _ := os.ReadDir(dir)
			if tt.want == "" {
				if code != exitOK || len(files) == 0 {
					t.Fatalf("exit %d, %d files: %s", code, len(files), stderr)
				}
				return
			}
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, exitUsage, tt.want)
			}
			if len(files) != 0 {
				t.Errorf("%d files written for a refused name", len(files))
			}
		})
	}
}
