package stepper_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// spyFiles serves files from a map and records every path opened.
type spyFiles struct {
	files  map[string]string
	opened []string
}

func (s *spyFiles) Open(path string, max int64) (io.ReadCloser, error) {
	s.opened = append(s.opened, path)
	text, ok := s.files[path]
	if !ok {
		return nil, errors.New("no such file")
	}
	if int64(len(text)) > max {
		return nil, safefile.ErrTooLarge
	}
	return io.NopCloser(bytes.NewReader([]byte(text))), nil
}

// TestParseProblemFiles: a problem line reads the file it names through
// the Files it is given and no other way; with nil Files it is refused,
// saying what to give instead, and an inline problem parses the same.
func TestParseProblemFiles(t *testing.T) {
	spy := &spyFiles{files: map[string]string{
		"a.map":   "type octile\nheight 1\nwidth 3\nmap\n...\n",
		"g.graph": "node A\nnode B\nedge A B 3\nstart A\ngoal B\n",
	}}
	for _, tc := range []struct {
		line     string
		opens    string // the path Files must be asked for, "" for none
		nilSays  string // the refusal with nil Files, "" when it parses
		nodesOrH string // a word of the parsed problem's Spec
	}{
		{"grid a.map start=0,0 goal=2,0", "a.map", "paste the grid's rows", "a.map"},
		{"graph g.graph", "g.graph", "graph romania", "g.graph"},
		{"graph romania", "", "", "romania"},
		{"graph text:node,A;node,B;edge,A,B,1 start=A goal=B", "", "", "text:"},
		{"grid S.G", "", "", "S.G"},
	} {
		spy.opened = nil
		inst, err := problems.Parse(tc.line, spy)
		if err != nil {
			t.Errorf("%q through Files: %v", tc.line, err)
		} else if !strings.Contains(inst.Spec(), tc.nodesOrH) {
			t.Errorf("%q: Spec %q", tc.line, inst.Spec())
		}
		if want := tc.opens; (want == "" && len(spy.opened) > 0) || (want != "" && (len(spy.opened) != 1 || spy.opened[0] != want)) {
			t.Errorf("%q opened %v, want %q", tc.line, spy.opened, want)
		}
		_, err = problems.Parse(tc.line, nil)
		switch {
		case tc.nilSays == "" && err != nil:
			t.Errorf("%q with no files: %v", tc.line, err)
		case tc.nilSays != "" && (err == nil || !strings.Contains(usererr.Text(err), "reads no files") || !strings.Contains(usererr.Text(err), tc.nilSays)):
			t.Errorf("%q with no files: %v, want a refusal saying %q", tc.line, err, tc.nilSays)
		case tc.nilSays != "" && usererr.FieldOf(err) != "problem":
			t.Errorf("%q with no files: field %q, want problem", tc.line, usererr.FieldOf(err))
		}
	}
}

// TestLocalFilesRules: LocalFiles reads a regular file and refuses a
// directory and a file over its bound before reading it.
func TestLocalFilesRules(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "a.map")
	if err := os.WriteFile(m, []byte("type octile\nheight 1\nwidth 3\nmap\n...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := problems.Parse("grid "+m+" start=0,0 goal=2,0", stepper.LocalFiles); err != nil {
		t.Errorf("a regular .map file: %v", err)
	}
	if _, err := problems.Parse("graph "+dir, stepper.LocalFiles); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("a directory as a graph file: %v, want it refused as a directory", err)
	}
	if _, err := stepper.ReadFile(stepper.LocalFiles, m, 10, ""); !errors.Is(err, safefile.ErrTooLarge) {
		t.Errorf("a file over its bound: %v, want safefile.ErrTooLarge", err)
	}
}
