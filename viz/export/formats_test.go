package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/viz"
)

func TestCSVReadsBack(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			data := export(t, s, "csv", c.steps)
			rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
			if err != nil {
				t.Fatalf("encoding/csv: %v", err)
			}
			if !reflect.DeepEqual(rows[0], CSVColumns) {
				t.Fatalf("first line = %v, want the header %v (no comment lines)", rows[0], CSVColumns)
			}
			tr, _ := NewTrace(s, c.steps)
			if len(rows)-1 != tr.Steps {
				t.Fatalf("%d rows, want one per step (%d)", len(rows)-1, tr.Steps)
			}
			col := map[string]int{}
			for i, name := range rows[0] {
				col[name] = i
			}
			puzzle := tr.Kind == "puzzle"
			for i, row := range rows[1:] {
				ev := tr.Events[i]
				x := ev.Expanded
				check := map[string]string{
					"step": strconv.Itoa(ev.Step), "node": strconv.Itoa(x.ID), "state": csvState(x.State.String(), puzzle),
					"g": num(x.G), "h": num(x.H), "f": num(x.F), "parent": strconv.Itoa(x.Parent), "depth": strconv.Itoa(x.Depth),
					"open": strconv.Itoa(ev.Counters.Open), "closed": strconv.Itoa(ev.Counters.Closed), "generated": strconv.Itoa(len(ev.Children)),
				}
				for name, want := range check {
					if got := row[col[name]]; got != want {
						t.Errorf("row %d column %s = %q, want %q", i+1, name, got, want)
					}
				}
				kids := row[col["children"]]
				if len(ev.Children) == 0 && kids != "none" {
					t.Errorf("row %d: children %q, want none", i+1, kids)
				}
				for _, ch := range ev.Children {
					if !strings.Contains(kids, fmt.Sprintf("%d %s %s g=", ch.ID, csvState(ch.State.String(), puzzle), ch.Fate)) {
						t.Errorf("row %d: children %q does not list %d %s %s", i+1, kids, ch.ID, ch.State, ch.Fate)
					}
				}
			}
			var meta csvMetadata
			if err := json.Unmarshal(export(t, s, "csv-metadata", c.steps), &meta); err != nil {
				t.Fatalf("csv-metadata: %v", err)
			}
			if meta.Problem != s.Instance().Spec() || meta.Options != s.Options().String() || meta.Steps != tr.Steps || meta.Status != tr.Status || len(meta.Columns) != len(CSVColumns) {
				t.Errorf("csv-metadata = %+v, want the problem, options, steps and status of the trace and every column", meta)
			}
			for i, c := range meta.Columns {
				if c.Name != CSVColumns[i] {
					t.Errorf("csv-metadata column %d is %s, want %s", i, c.Name, CSVColumns[i])
				}
			}
		})
	}
}

func TestCSVText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Arad", "Arad"}, {"0,0", "0,0"}, {"Rimnicu_Vilcea", "Rimnicu_Vilcea"}, {"", ""}, {"none", "none"},
		{"=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"}, {"+1", "'+1"}, {"-1", "'-1"}, {"@SUM(A1)", "'@SUM(A1)"},
		{"\tx", "'\tx"}, {"\rx", "'\rx"}, {"007", "'007"}, {"1e5", "'1e5"}, {"1e999", "'1e999"},
		{"NA", "'NA"}, {"None", "'None"}, {"True", "'True"}, {"nan", "'nan"}, {"a-1", "a-1"},
	} {
		if got := csvText(tc.in); got != tc.want {
			t.Errorf("csvText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// mdSection is the part of a markdown trace under the heading that starts
// with section, up to the next step's heading ("" if there is none).
func mdSection(doc, section string) string {
	i := strings.Index(doc, section)
	if i < 0 {
		return ""
	}
	doc = doc[i:]
	if j := strings.Index(doc[len(section):], "\n## "); j >= 0 {
		doc = doc[:len(section)+j]
	}
	return doc
}

// mdTable returns the rows of the markdown table that follows the line
// starting with title, in the given step's section; nil if the section
// has no such table.
func mdTable(doc, section, title string) [][]string {
	doc = mdSection(doc, section)
	j := strings.Index(doc, title)
	if j < 0 {
		return nil
	}
	var rows [][]string
	for _, line := range strings.Split(doc[j:], "\n")[1:] {
		line = strings.TrimSpace(line)
		if line == "" && rows == nil {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		rows = append(rows, cells)
	}
	if len(rows) < 2 {
		return nil
	}
	return rows[2:] // drop the header and the alignment row
}

// exportMD writes a search's markdown trace with the full lists chosen.
func exportMD(t testing.TB, s *stepper.Search, upTo int, full FullLists) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteOptions(context.Background(), &b, "md", s, upTo, Options{Full: &full}); err != nil {
		t.Fatalf("md: %v", err)
	}
	return b.String()
}

// TestMarkdownTablesMatchSnapshots: with the full lists at every step,
// every step's open and closed tables are the engine's snapshot; by
// default the lists are printed at the start and the end (and where the
// plan chooses), every step states the sizes of both lists, and every
// table printed is the snapshot's.
func TestMarkdownTablesMatchSnapshots(t *testing.T) {
	for _, c := range cases {
		for _, mode := range []struct {
			name string
			full FullLists
		}{{"all", FullLists{All: true}}, {"default", DefaultFullLists()}} {
			t.Run(c.name+"/"+mode.name, func(t *testing.T) {
				s := newSearch(t, c.problem, c.opts)
				doc := exportMD(t, s, c.steps, mode.full)
				ref := newSearch(t, c.problem, c.opts)
				n := ref.Seek(1 << 30)
				if c.steps >= 0 && c.steps < n {
					n = c.steps
				}
				for k := 0; k <= n; k++ {
					ref.Seek(k)
					sn := ref.Snapshot()
					section := fmt.Sprintf("## Step %d:", k)
					if k > 0 && !strings.Contains(mdSection(doc, section), fmt.Sprintf("Open: %d (", len(sn.Open))) {
						t.Errorf("step %d does not say the open list has %d nodes:\n%s", k, len(sn.Open), mdSection(doc, section))
					}
					heading := "**Open**"
					if viz.FamilyOf(s.Options().Algorithm) == viz.DepthFirst {
						heading = "**Stack**"
					}
					open := mdTable(doc, section, heading)
					listed := strings.Contains(mdSection(doc, section), heading)
					if !listed {
						if mode.full.All || k == 0 || k == n {
							t.Fatalf("step %d: no open list, want one", k)
						}
						continue
					}
					if len(open) != len(sn.Open) {
						t.Fatalf("step %d: open table has %d rows, snapshot %d", k, len(open), len(sn.Open))
					}
					// a search without a heuristic shows g, no h and no f (viz.NumberColumns)
					heur := viz.DescribeFamily(s.Options()).Heuristic
					for i, o := range sn.Open {
						col, name, want, cells := 5, "f", num(o.F), 7
						if !heur {
							col, name, want, cells = 3, "g", num(o.G), 5
						}
						if len(open[i]) != cells || open[i][1] != strconv.Itoa(o.ID) || open[i][2] != o.State.String() || open[i][col] != want {
							t.Errorf("step %d open row %d = %v, want %d cells, node %d %s %s=%s", k, i+1, open[i], cells, o.ID, o.State, name, want)
						}
					}
					closed := mdTable(doc, section, "**Closed**")
					if len(closed) != len(sn.Closed) {
						t.Fatalf("step %d: closed table has %d rows, snapshot %d", k, len(closed), len(sn.Closed))
					}
					for i, cl := range sn.Closed {
						if closed[i][1] != strconv.Itoa(cl.ID) {
							t.Errorf("step %d closed row %d = %v, want node %d", k, i+1, closed[i], cl.ID)
						}
					}
				}
			})
		}
	}
}

// validXML decodes every token, failing on malformed XML.
func validXML(t *testing.T, data []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not valid XML: %v", err)
		}
	}
}

func TestDOTRendersWithGraphviz(t *testing.T) {
	dot := testenv.Tool(t, "dot", "graphviz")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			data := export(t, s, "dot", c.steps)
			cmd := exec.Command(dot, "-Tsvg")
			cmd.Stdin = bytes.NewReader(data)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("dot -Tsvg: %v\n%s\n%s", err, errb.String(), data)
			}
			if errb.Len() > 0 {
				t.Errorf("dot warns: %s", errb.String())
			}
			validXML(t, out.Bytes())
			ref := newSearch(t, c.problem, c.opts)
			if c.steps >= 0 {
				ref.Seek(c.steps)
			} else {
				ref.Run(0)
			}
			sn := ref.Snapshot()
			// Graphviz writes one <g class="node"> per node, titled with its name.
			if got := strings.Count(out.String(), `class="node"`); got != len(sn.Tree) {
				t.Errorf("rendered %d nodes, the tree has %d", got, len(sn.Tree))
			}
			if got := strings.Count(out.String(), `class="edge"`); got != len(sn.Tree)-1 {
				t.Errorf("rendered %d edges, want %d", got, len(sn.Tree)-1)
			}
			if c.name == "puzzle-astar" {
				artifact(t, "tree-dot.svg", out.Bytes())
			}
		})
	}
}

// TestTeXCompilesWithPdflatex: the trace's LaTeX compiles, and one run
// prints it as it should look (checkOneTeXRun): the options line of
// idastar breaks at a space, a 15-puzzle's states wrap in their columns,
// the steps and open tables line up with their headers.
func TestTeXCompilesWithPdflatex(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	extra := map[string]struct{ problem, opts string }{
		"puzzle-idastar": {"puzzle 283164705 goal=123804765", "idastar"},
		"15-puzzle":      {"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "astar"},
	}
	for _, c := range []string{"puzzle-astar", "romania-astar", "grid-8-ucs", "start-only", "puzzle-idastar", "15-puzzle"} {
		t.Run(c, func(t *testing.T) {
			var cs struct {
				name, problem, opts string
				steps               int
			}
			if e, ok := extra[c]; ok {
				cs.name, cs.problem, cs.opts, cs.steps = c, e.problem, e.opts, ToEnd
			} else {
				cs = caseNamed(t, c)
			}
			s := newSearch(t, cs.problem, cs.opts)
			data := export(t, s, "tex", cs.steps)
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "trace.tex"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "trace.tex")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("pdflatex: %v\n%s\n--- source:\n%s", err, tail(string(out), 40), data)
			}
			pdf, err := os.ReadFile(filepath.Join(dir, "trace.pdf"))
			if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) {
				t.Fatalf("no PDF written: %v", err)
			}
			checkOneTeXRun(t, c, string(out))
			if c == "puzzle-astar" {
				artifact(t, "trace-tex.pdf", pdf)
			}
		})
	}
}

func caseNamed(t *testing.T, name string) struct {
	name, problem, opts string
	steps               int
} {
	t.Helper()
	for _, c := range cases {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no case %q", name)
	return cases[0]
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// keysOf returns the sorted keys of a JSON object.
func keysOf(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestPosthocMatchesReferenceStructure(t *testing.T) {
	refData, err := os.ReadFile(testenv.Data(t, "posthoc", "grid-astar.trace.json"))
	if err != nil {
		t.Fatalf("the reference Posthoc trace: %v", err)
	}
	var ref map[string]any
	if err := json.Unmarshal(refData, &ref); err != nil {
		t.Fatal(err)
	}
	// Keys each event type carries in the reference.
	refKeys := map[string]map[string]bool{}
	for _, e := range ref["events"].([]any) {
		ev := e.(map[string]any)
		typ := ev["type"].(string)
		if refKeys[typ] == nil {
			refKeys[typ] = map[string]bool{}
		}
		for k := range ev {
			refKeys[typ][k] = true
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			var got map[string]any
			if err := json.Unmarshal(export(t, s, "posthoc", c.steps), &got); err != nil {
				t.Fatal(err)
			}
			if got["version"] != ref["version"] {
				t.Errorf("version %v, reference %v", got["version"], ref["version"])
			}
			isGrid := strings.HasPrefix(c.problem, "grid")
			if isGrid {
				// The render section has the reference's shape: the same
				// components, views and path keys.
				gr, rr := got["render"].(map[string]any), ref["render"].(map[string]any)
				if !reflect.DeepEqual(keysOf(gr), keysOf(rr)) {
					t.Errorf("render keys %v, reference %v", keysOf(gr), keysOf(rr))
				}
				for _, k := range keysOf(rr) {
					if !reflect.DeepEqual(keysOf(gr[k].(map[string]any)), keysOf(rr[k].(map[string]any))) {
						t.Errorf("render.%s keys differ from the reference's", k)
					}
				}
			}
			events := got["events"].([]any)
			tr, _ := NewTrace(s, c.steps)
			expanding, lastType := 0, ""
			for i, e := range events {
				ev := e.(map[string]any)
				typ, _ := ev["type"].(string)
				want, ok := refKeys[typ]
				if !ok {
					t.Fatalf("event %d: type %q is not one of the reference's", i, typ)
				}
				for k := range want {
					if k == "x" || k == "y" {
						if isGrid {
							if _, ok := ev[k]; !ok {
								t.Errorf("event %d (%s): no %s", i, typ, k)
							}
						}
						continue
					}
					if _, ok := ev[k]; !ok {
						t.Errorf("event %d (%s): no %q, which the reference has", i, typ, k)
					}
				}
				if _, isNum := ev["id"].(float64); !isNum {
					t.Errorf("event %d: id %v is not a number", i, ev["id"])
				}
				switch typ {
				case "expanding":
					expanding++
				case "end":
					if i != len(events)-1 {
						t.Errorf("end is event %d of %d", i, len(events))
					}
				}
				if i == 0 && typ != "source" {
					t.Errorf("first event is %s, want source", typ)
				}
				lastType = typ
			}
			if expanding != tr.Steps {
				t.Errorf("%d expanding events, want one per step (%d)", expanding, tr.Steps)
			}
			if (tr.Status == stepper.Solved) != (lastType == "end") {
				t.Errorf("status %s but last event %s", tr.Status, lastType)
			}
		})
	}
}

func TestIpynbValidates(t *testing.T) {
	py := testenv.Python(t, "nbformat")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			data := export(t, s, "ipynb", c.steps)
			p := filepath.Join(t.TempDir(), "trace.ipynb")
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(py, "-c", `import sys, nbformat
nb = nbformat.read(sys.argv[1], as_version=4)
nbformat.validate(nb)
print(nb.metadata.kernelspec.name)
for c in nb.cells:
    if c.cell_type == "code":
        print(c.source.replace("\n", "\\n"))`, p).CombinedOutput()
			if err != nil {
				t.Fatalf("nbformat.validate: %v\n%s", err, out)
			}
			tr, _ := NewTrace(s, c.steps)
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			want := []string{"stepviz", tr.Problem, "search " + tr.Options}
			if tr.Steps > 0 { // a trace of step 0 takes no step
				want = append(want, fmt.Sprintf("step %d", tr.Steps))
			} else if len(lines) > 3 && strings.HasPrefix(lines[3], "step") {
				t.Errorf("a trace of step 0 has a %q cell", lines[3])
			}
			if len(lines) < len(want) || !reflect.DeepEqual(lines[:len(want)], want) {
				t.Errorf("kernel and first cells = %q, want %q", lines, want)
			}
		})
	}
}
