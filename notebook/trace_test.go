package notebook

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"stepviz/kernel"
	"stepviz/stepper"
	"stepviz/stepper/grid"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

// writeTrace runs a real search k steps and returns its trace in format
// (json or jsonl), as export.Write writes it, and the search.
func writeTrace(t testing.TB, problem, options string, k int, format string) (string, *stepper.Search) {
	t.Helper()
	sr, err := problems.New(problem, options)
	if err != nil {
		t.Fatalf("problems.New(%q, %q): %v", problem, options, err)
	}
	sr.Seek(k)
	var b bytes.Buffer
	if err := export.Write(&b, format, sr, export.Current); err != nil {
		t.Fatal(err)
	}
	return b.String(), sr
}

// TestOpenTrace uploads traces to POST /open: each becomes a saved
// notebook whose cells, run as the page runs them (a session that cannot
// read files), rebuild the traced search step for step.
func TestOpenTrace(t *testing.T) {
	srv := newServer(t, Config{})
	for _, tc := range []struct {
		name, problem, options string
		k                      int
		format                 string
	}{
		{"lecture.json", "puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g", 4, "json"},
		{"bfs.jsonl", "puzzle 283164705 goal=123804765", "bfs", 9, "jsonl"},
		{"romania.json", "graph romania start=Arad goal=Bucharest", "greedy", 0, "json"},
		{"grid.json", "grid moves=8 cost=10-14 corners=no S..#..G/...#...", "astar h=octile", 100, "json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.HasPrefix(tc.problem, "grid moves") {
				// a grid drawn in rows: the trace's problem line joins them with '/'
				g, err := grid.ParseRows([]string{"S..#..G", "...#..."}, []string{"moves=8", "cost=10-14", "corners=no"})
				if err != nil {
					t.Fatal(err)
				}
				tc.problem = g.Spec()
			}
			trace, orig := writeTrace(t, tc.problem, tc.options, tc.k, tc.format)
			status, m := post(t, srv.URL+"/notebook/open?name="+tc.name, "application/json", trace)
			if status != 200 || m["id"] == "" || m["run"] != "all" {
				t.Fatalf("open %s: %d %v", tc.name, status, m)
			}
			status, page := get(t, srv.URL+m["url"])
			title := strings.TrimSuffix(strings.TrimSuffix(tc.name, ".jsonl"), ".json")
			if status != 200 || !strings.Contains(page, `value="`+title+`"`) || !strings.Contains(page, "search "+orig.Options().String()) {
				t.Fatalf("the opened trace's page (%d) lacks its title or search line", status)
			}
			res, err := http.Get(srv.URL + m["ipynb"])
			if err != nil {
				t.Fatal(err)
			}
			doc, err := ReadIpynb(res.Body)
			res.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if doc.Cells[0].Kind != "markdown" || !strings.Contains(doc.Cells[0].Source, "checked step by step") {
				t.Errorf("first cell %+v, want the text that says what the notebook is", doc.Cells[0])
			}
			ks := kernel.NewSession(kernel.Config{IDPrefix: "t"})
			for _, c := range doc.Cells {
				if c.Kind != "code" {
					continue
				}
				if _, err := ks.Run(context.Background(), c.Source); err != nil {
					t.Fatalf("cell %q: %v", c.Source, err)
				}
			}
			got, err := export.NewTrace(ks.Search(""), export.Current)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := export.NewTrace(orig, export.Current)
			if got.Problem != want.Problem || got.Steps != want.Steps || got.Status != want.Status || !reflect.DeepEqual(got.Events, want.Events) {
				t.Errorf("the cells rebuild %s at step %d (%s), want %s at step %d (%s), same events", got.Problem, got.Steps, got.Status, want.Problem, want.Steps, want.Status)
			}
		})
	}
}

// TestOpenTraceOverSocket runs an opened trace's cells through the page's
// kernel websocket: the live view ends at the trace's last step.
func TestOpenTraceOverSocket(t *testing.T) {
	srv := newServer(t, Config{})
	trace, orig := writeTrace(t, "graph romania", "astar", 3, "json")
	_, m := post(t, srv.URL+"/notebook/open", "application/json", trace)
	res, err := http.Get(srv.URL + m["ipynb"])
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ReadIpynb(res.Body)
	res.Body.Close()
	if err != nil || doc.Title != "trace" {
		t.Fatalf("opened trace: %v, title %q", err, doc.Title)
	}
	c := dial(t, srv)
	view := ""
	for i, cell := range doc.Cells {
		if cell.Kind != "code" {
			continue
		}
		id := "c" + string(rune('0'+i))
		c.send(clientMsg{Op: "execute", Cell: id, Code: cell.Source})
		for _, msg := range c.until(doneOf(id)) {
			if msg.Type == "done" && msg.Error != "" {
				t.Fatalf("cell %q: %s", cell.Source, msg.Error)
			}
			if msg.DisplayID != "" {
				view = msg.HTML
			}
		}
	}
	if want := `data-step="3"`; !strings.Contains(view, want) || orig.StepCount() != 3 {
		t.Errorf("the live view after the trace's cells lacks %s", want)
	}
}

// TestOpenTraceErrors: a bad trace is refused with what is wrong and
// where, and nothing is saved.
func TestOpenTraceErrors(t *testing.T) {
	srv := newServer(t, Config{})
	trace, _ := writeTrace(t, "puzzle 283164705 goal=123804765", "astar h=manhattan", 3, "json")
	dir := t.TempDir()
	mapFile := filepath.Join(dir, "tiny.map")
	if err := os.WriteFile(mapFile, []byte("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	onMap, _ := writeTrace(t, "grid "+mapFile+" start=0,0 goal=2,1", "astar", 2, "json")
	for _, tc := range []struct {
		name, body string
		status     int
		want       []string
	}{
		{"cut.json", trace[:len(trace)/2], 400, []string{"cut.json: line ", "truncated"}},
		{"v2.json", strings.Replace(trace, `"version": 1`, `"version": 2`, 1), 400, []string{"v2.json: line 3, column 14, field version: trace version 2 is newer"}},
		{"edited.json", strings.Replace(trace, `"h":5,`, `"h":6,`, 1), 400, []string{"does not replay"}},
		{"map.json", onMap, 400, []string{"reads the file " + mapFile, "cannot read files"}},
		{"../../etc/x.json", trace[:100], 400, []string{"x.json: "}},
		{"big.json", `{"format": "stepviz-trace", "pad": "` + strings.Repeat("x", maxOpen) + `"}`, 413, []string{"larger than 16 MB"}},
		{"other.json", `{"hello": 1}`, 400, []string{"not an .ipynb notebook", "stepviz trace"}},
	} {
		status, m := post(t, srv.URL+"/notebook/open?name="+tc.name, "application/json", tc.body)
		if status != tc.status {
			t.Errorf("%s: status %d, want %d (%v)", tc.name, status, tc.status, m)
		}
		for _, w := range tc.want {
			if !strings.Contains(m["error"], w) {
				t.Errorf("%s: error %q lacks %q", tc.name, m["error"], w)
			}
		}
		if strings.HasPrefix(m["error"], "notebook: ") || strings.Contains(m["error"], ": stepper: ") {
			t.Errorf("%s: error %q shows a package prefix", tc.name, m["error"])
		}
	}
}

func TestIsTrace(t *testing.T) {
	trace, _ := writeTrace(t, "graph romania", "ucs", 2, "jsonl")
	nb, _ := json.Marshal(map[string]any{"nbformat": 4, "cells": []any{}, "metadata": map[string]any{"stepviz": map[string]any{"format": "stepviz-trace"}}})
	for in, want := range map[string]bool{
		trace:                       true,
		trace[:40]:                  true, // truncated after the format: still a trace, so its error says where it ends
		string(nb):                  false,
		`{"format": "other"}`:       false,
		`{"a": [1, {"format": 1}]}`: false,
		`[]`:                        false,
		``:                          false,
	} {
		if got := isTrace([]byte(in)); got != want {
			t.Errorf("isTrace(%.50q) = %v, want %v", in, got, want)
		}
	}
}

// FuzzTraceDoc: any upload either is refused with a "notebook: " error or
// becomes a notebook that starts with its text cell and the problem line;
// nothing panics.
func FuzzTraceDoc(f *testing.F) {
	trace, _ := writeTrace(f, "graph romania", "astar", 2, "json")
	jsonl, _ := writeTrace(f, "puzzle 283164705 goal=123804765", "bfs", 1, "jsonl")
	for _, s := range []string{trace, jsonl, trace[:len(trace)/3], `{"format": "stepviz-trace", "version": 9}`, `{}`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !isTrace(data) {
			return
		}
		doc, err := TraceDoc(data, "f.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "notebook: f.json: ") {
				t.Errorf("error %q lacks its prefix", err)
			}
			return
		}
		if len(doc.Cells) < 4 || doc.Cells[0].Kind != "markdown" || doc.Cells[1].Kind != "code" {
			t.Errorf("trace notebook cells %+v", doc.Cells)
		}
	})
}
