package export

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// pandasRead is run by Debian's Python: it reads each CSV given on the
// command line with pandas.read_csv(path) and no options, and prints, per
// file, the dtype and the values of every column.
const pandasRead = `
import json, sys
import pandas as pd
out = []
for path in sys.argv[1:]:
    df = pd.read_csv(path)
    out.append({
        "columns": list(df.columns),
        "dtypes": {c: str(df[c].dtype) for c in df.columns},
        "values": {c: [None if (isinstance(v, float) and v != v) else v for v in df[c].tolist()] for c in df.columns},
    })
print(json.dumps(out))
`

// pandasFrame is what pandasRead prints for one file.
type pandasFrame struct {
	Columns []string          `json:"columns"`
	Dtypes  map[string]string `json:"dtypes"`
	Values  map[string][]any  `json:"values"`
}

// TestCSVOpensInPandas reads every CSV export with pandas.read_csv and no
// options and checks each column's dtype and every value against the JSON
// trace of the same search: integers as int64, g/h/f as numbers, states,
// actions and children as strings (an 8-puzzle state keeps its leading 0,
// a graph node named like a number, a missing value or a formula stays
// the text it is, behind one apostrophe).
func TestCSVOpensInPandas(t *testing.T) {
	py := testenv.Python(t, "pandas")
	dir := t.TempDir()
	graph := filepath.Join(dir, "tricky.graph")
	if err := os.WriteFile(graph, []byte("node S\nnode -1\nnode +SUM(A1)\nnode @cmd\nnode NA\nnode 007\nnode True\nnode G\n"+
		"edge S -1 1\nedge S +SUM(A1) 2\nedge -1 @cmd 1\nedge +SUM(A1) NA 1\nedge @cmd 007 1\nedge NA True 1\nedge 007 G 1\nedge True G 3\nstart S\ngoal G\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	all := append(cases[:len(cases):len(cases)], []struct {
		name, problem, opts string
		steps               int
	}{
		{"tricky-names", "graph " + graph, "ucs", ToEnd},
		{"fifteen", "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15", "astar", ToEnd},
		{"grid-octile", "grid S..#./.#..#/...#G/..... moves=8", "astar", ToEnd},
		{"one-step", "puzzle 023184765 goal=123804765", "bfs", 1},
	}...)
	var paths []string
	var traces []*Trace
	for _, c := range all {
		s := newSearch(t, c.problem, c.opts)
		p := filepath.Join(dir, c.name+".csv")
		if err := os.WriteFile(p, export(t, s, "csv", c.steps), 0o644); err != nil {
			t.Fatal(err)
		}
		tr, err := NewTrace(s, c.steps)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
		traces = append(traces, tr)
	}
	out, err := exec.Command(py, append([]string{"-c", pandasRead}, paths...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("pandas.read_csv: %v\n%s", err, out)
	}
	var frames []pandasFrame
	if err := json.Unmarshal(out, &frames); err != nil {
		t.Fatalf("reading what pandas printed: %v\n%s", err, out)
	}
	if len(frames) != len(all) {
		t.Fatalf("pandas read %d files, want %d", len(frames), len(all))
	}
	for i, c := range all {
		t.Run(c.name, func(t *testing.T) {
			checkPandasFrame(t, frames[i], traces[i])
		})
	}
}

// checkPandasFrame compares what pandas read with the trace.
func checkPandasFrame(t *testing.T, fr pandasFrame, tr *Trace) {
	t.Helper()
	if strings.Join(fr.Columns, ",") != strings.Join(CSVColumns, ",") {
		t.Fatalf("pandas columns %v, want %v", fr.Columns, CSVColumns)
	}
	if tr.Steps == 0 {
		return // a header alone: pandas gives empty object columns
	}
	for _, col := range csvSchema {
		dt := fr.Dtypes[col.Name]
		ok := false
		switch col.Type {
		case "integer":
			ok = dt == "int64"
		case "number":
			ok = dt == "int64" || dt == "float64"
		case "string":
			ok = dt == "object" || dt == "string" || dt == "str"
		}
		if !ok {
			t.Errorf("column %s: pandas dtype %s, want %s", col.Name, dt, col.Type)
		}
		if n := len(fr.Values[col.Name]); n != tr.Steps {
			t.Fatalf("column %s: %d values, want %d", col.Name, n, tr.Steps)
		}
	}
	puzzle := tr.Kind == "puzzle"
	text := func(col string, row int) string {
		v, ok := fr.Values[col][row].(string)
		if !ok {
			t.Errorf("row %d column %s: pandas read %v (%T), want a string", row+1, col, fr.Values[col][row], fr.Values[col][row])
		}
		return strings.TrimPrefix(v, "'")
	}
	number := func(col string, row int) float64 {
		v, ok := fr.Values[col][row].(float64)
		if !ok {
			t.Errorf("row %d column %s: pandas read %v (%T), want a number", row+1, col, fr.Values[col][row], fr.Values[col][row])
		}
		return v
	}
	for r, ev := range tr.Events {
		x := ev.Expanded
		state := text("state", r)
		if puzzle && !strings.Contains(x.State.String(), ",") {
			state = strings.ReplaceAll(state, ",", "")
		}
		if state != x.State.String() {
			t.Errorf("row %d: state %q, want %q", r+1, state, x.State)
		}
		action := x.Action
		if action == "" {
			action = "none"
		}
		if got := text("action", r); got != action {
			t.Errorf("row %d: action %q, want %q", r+1, got, action)
		}
		if got := text("status", r); got != x.Status.String() {
			t.Errorf("row %d: status %q, want %q", r+1, got, x.Status)
		}
		for col, want := range map[string]float64{
			"step": float64(ev.Step), "node": float64(x.ID), "parent": float64(x.Parent), "depth": float64(x.Depth),
			"open": float64(ev.Counters.Open), "closed": float64(ev.Counters.Closed), "generated": float64(len(ev.Children)),
			"g": x.G, "h": x.H, "f": x.F,
		} {
			if got := number(col, r); math.Abs(got-want) > 0.0005 {
				t.Errorf("row %d: %s = %v, want %v", r+1, col, got, want)
			}
		}
		kids := strings.Split(text("children", r), "; ")
		if len(ev.Children) == 0 {
			if len(kids) != 1 || kids[0] != "none" {
				t.Errorf("row %d: children %q, want none", r+1, kids)
			}
			continue
		}
		if len(kids) != len(ev.Children) {
			t.Errorf("row %d: %d children %q, want %d", r+1, len(kids), kids, len(ev.Children))
			continue
		}
		for k, ch := range ev.Children {
			want := strconv.Itoa(ch.ID) + " " + csvState(ch.State.String(), puzzle) + " " + ch.Fate.String() + " g=" + num(ch.G)
			if !strings.HasPrefix(kids[k], want) {
				t.Errorf("row %d child %d: %q, want it to start %q", r+1, k+1, kids[k], want)
			}
		}
	}
}
