package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

// traceOf runs a real search k steps and writes its trace with
// export.Write in format (json or jsonl) into dir; it returns the file and
// the search.
func traceOf(t *testing.T, dir, problem, options string, k int, format string) (string, *stepper.Search) {
	t.Helper()
	sr, err := problems.New(problem, options)
	if err != nil {
		t.Fatalf("problems.New(%q, %q): %v", problem, options, err)
	}
	sr.Seek(k)
	var buf bytes.Buffer
	if err := export.Write(&buf, format, sr, export.Current); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, strings.Fields(problem)[0]+"-"+strings.Fields(options)[0]+"."+format)
	if err := os.WriteFile(f, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return f, sr
}

// eventJSON is a search's event at step k as JSON, to compare searches.
func eventJSON(t *testing.T, sr *stepper.Search, k int) string {
	t.Helper()
	ev, err := sr.EventAt(k)
	if err != nil {
		t.Fatalf("EventAt(%d): %v", k, err)
	}
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReplayRebuildsTheSearch opens traces of real searches and checks the
// session then holds the same search at the same step, with the same
// events, as if its lines had been typed.
func TestReplayRebuildsTheSearch(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		problem, options string
		k                int
		format           string
	}{
		{seedPuzzle, "astar h=manhattan tie=high-g", 4, "json"},
		{seedPuzzle, "bfs", 7, "jsonl"},
		{"graph romania start=Arad goal=Bucharest", "ucs", 3, "json"},
		{"grid S..#..G/.......", "greedy h=octile", 0, "json"},
		{"grid S..#..G/.......", "astar h=octile", 100, "json"}, // to the end: solved
	} {
		t.Run(tc.problem+" "+tc.options, func(t *testing.T) {
			file, orig := traceOf(t, dir, tc.problem, tc.options, tc.k, tc.format)
			k := orig.StepCount()
			s := NewSession(Config{AllowFiles: true, IDPrefix: "t"})
			outs := run(t, s, "a = replay "+file)
			sr := s.Search("a")
			if sr == nil || s.Search("") != sr {
				t.Fatalf("replay did not make a the current search")
			}
			if sr.StepCount() != k || sr.Status() != orig.Status() {
				t.Errorf("replayed search at step %d (%s), want %d (%s)", sr.StepCount(), sr.Status(), k, orig.Status())
			}
			if s.Problem().Spec() != orig.Instance().Spec() {
				t.Errorf("problem %q, want %q", s.Problem().Spec(), orig.Instance().Spec())
			}
			for i := 1; i <= k; i++ {
				if got, want := eventJSON(t, sr, i), eventJSON(t, orig, i); got != want {
					t.Fatalf("step %d:\n got %s\nwant %s", i, got, want)
				}
			}
			sr.Seek(k)
			if len(outs) != 2 || !strings.Contains(outs[0].Text, "every event matches the engine") {
				t.Fatalf("replay outputs %+v", outs)
			}
			view := outs[1]
			if view.DisplayID == "" || view.Update || !strings.Contains(view.HTML, `data-step="`+strconv.Itoa(k)+`"`) {
				t.Errorf("replay's live view: id %q, update %v, want a new display at step %d", view.DisplayID, view.Update, k)
			}

			// Typing the problem line, the search line and "step K" gives
			// the same session: the same view, lists and counters.
			typed := NewSession(Config{IDPrefix: "t"})
			cells := []string{orig.Instance().Spec(), "a = search " + orig.Options().String()}
			if k > 0 {
				cells = append(cells, "step a "+strconv.Itoa(k))
			}
			typedOuts := run(t, typed, cells...)
			if got, want := view.Text, typedOuts[len(typedOuts)-1].Text; got != want {
				t.Errorf("replayed view:\n%s\ntyped view:\n%s", got, want)
			}
			for _, cell := range []string{"show a open", "show a closed", "show a stats", "show a path"} {
				got, want := run(t, s, cell), run(t, typed, cell)
				if got[0].Text != want[0].Text {
					t.Errorf("%s after replay:\n%s\nafter typing:\n%s", cell, got[0].Text, want[0].Text)
				}
			}
			// and it steps on like the original
			if !orig.Status().Done() {
				run(t, s, "step a")
				if got, want := eventJSON(t, s.Search("a"), k+1), eventJSON(t, orig, k+1); got != want {
					t.Errorf("step %d after replay:\n got %s\nwant %s", k+1, got, want)
				}
			}
		})
	}
}

// TestReplayErrors opens bad trace files: each is a cell error that says
// what and where, and the session keeps what it had.
func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	good, _ := traceOf(t, dir, seedPuzzle, "astar h=manhattan", 3, "json")
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	write := func(name, content string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, cell string
		line       int
		want       []string
	}{
		{"truncated", "replay " + write("cut.json", text[:len(text)/2]), 1, []string{"cut.json: line ", "truncated"}},
		{"newer version", "step\nreplay " + write("v2.json", strings.Replace(text, `"version": 1`, `"version": 2`, 1)), 2,
			[]string{"v2.json: line 3, column 14, field version: trace version 2 is newer than this stepviz reads (up to 1)"}},
		{"wrong type", "replay " + write("type.json", strings.Replace(text, `"steps": 3`, `"steps": "3"`, 1)), 1, []string{"field steps"}},
		{"hand-edited g", "replay " + write("g.json", regexp.MustCompile(`"g": ?1,`).ReplaceAllString(text, `"g":7,`)), 1,
			[]string{"g.json: the trace does not replay: step 1"}},
		{"not a trace", "replay " + write("nb.json", `{"nbformat": 4, "cells": []}`), 1, []string{"nb.json: line 1"}},
		{"empty", "replay " + write("empty.json", ""), 1, []string{"empty"}},
		{"missing", "replay " + filepath.Join(dir, "nosuch.json"), 1, []string{"no trace file", "export json to"}},
		{"directory", "replay " + dir, 1, []string{"is not a regular file"}},
		{"no file", "replay", 1, []string{"replay needs a trace file"}},
		{"named, no file", "b = replay  ", 1, []string{"replay needs a trace file"}},
		{"bad name", "step = replay " + good, 1, []string{"command word"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(Config{AllowFiles: true, IDPrefix: "t"})
			run(t, s, "graph romania", "a = search astar\nstep 2")
			_, err := s.Run(context.Background(), tc.cell)
			checkCellError(t, err, tc.line, "")
			for _, w := range tc.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("%s: error %v, want it to contain %q", tc.cell, err, w)
				}
			}
			if s.Problem().Spec() != "graph romania" {
				t.Errorf("a failed replay replaced the problem with %s", s.Problem().Spec())
			}
			a := s.Search("a")
			want := 2
			if strings.HasPrefix(tc.cell, "step\n") {
				want = 3 // the line before ran
			}
			if a == nil || a.StepCount() != want || s.Search("") != a || !slices.Equal(s.SearchNames(), []string{"a"}) {
				t.Errorf("a failed replay changed the searches: %v, a at step %d", s.SearchNames(), a.StepCount())
			}
		})
	}
}

// TestReplayNeedsFiles: where the session cannot read files, replay is
// refused and points to the toolbar's Open; OpenTrace also refuses a trace
// whose problem reads a file.
func TestReplayNeedsFiles(t *testing.T) {
	dir := t.TempDir()
	good, _ := traceOf(t, dir, seedPuzzle, "astar h=manhattan", 3, "json")
	s := NewSession(Config{})
	fail(t, s, "replay "+good, 1, "this notebook cannot read files")
	if s.Problem() != nil {
		t.Errorf("a refused replay set a problem")
	}

	mapFile := filepath.Join(dir, "tiny.map")
	if err := os.WriteFile(mapFile, []byte("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	onMap, _ := traceOf(t, dir, "grid "+mapFile+" start=0,0 goal=2,1", "astar", 2, "json")
	f, err := os.Open(onMap)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, _, err := OpenTrace(f, false); err == nil || !strings.Contains(err.Error(), "reads the file "+mapFile) {
		t.Errorf("OpenTrace of a trace on a map file without files: %v", err)
	}
	open := NewSession(Config{AllowFiles: true})
	run(t, open, "replay "+onMap)
	if open.Search("").StepCount() != 2 {
		t.Errorf("a trace on a map file replays at step %d, want 2", open.Search("").StepCount())
	}
}

// TestReplayNodeCap: the session's node cap applies to a replayed search
// as to a typed one.
func TestReplayNodeCap(t *testing.T) {
	dir := t.TempDir()
	file, orig := traceOf(t, dir, "puzzle 867254301 goal=123456780", "bfs", 40, "json")
	s := NewSession(Config{AllowFiles: true, MaxNodes: 1000})
	run(t, s, "replay "+file)
	if got := s.Search("").Options().MaxNodes; got != 1000 {
		t.Errorf("replayed search has maxnodes %d, want the session's 1000", got)
	}
	if eventJSON(t, s.Search(""), 40) != eventJSON(t, orig, 40) {
		t.Errorf("the capped rebuild differs at step 40")
	}
	tight := NewSession(Config{AllowFiles: true, MaxNodes: 20})
	fail(t, tight, "replay "+file, 1, "need more nodes than this notebook's cap of 20")
}

func TestReplayCompletion(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"trace.json", "trace.jsonl", "Trace2.json", "notes.txt", ".hidden.json"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "traces"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	s := NewSession(Config{AllowFiles: true})
	for code, want := range map[string][]string{
		"replay ":       {"Trace2.json", "trace.json", "trace.jsonl", "traces/"},
		"replay tr":     {"trace.json", "trace.jsonl", "traces/"},
		"a = replay Tr": {"Trace2.json"},
		"re":            {"replay", "reset"},
	} {
		got, _, _ := s.Complete(code, len([]rune(code)))
		if !slices.Equal(got, want) {
			t.Errorf("Complete(%q) = %q, want %q", code, got, want)
		}
	}
	if got, _, _ := NewSession(Config{}).Complete("replay ", 7); got != nil {
		t.Errorf("a session without files completes file names: %q", got)
	}
	if h, ok := HelpFor("replay"); !ok || !strings.Contains(h, "replay FILE") {
		t.Errorf("HelpFor(replay) = %q", h)
	}
}
