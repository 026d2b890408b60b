package export

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

func TestJSONRoundTrip(t *testing.T) {
	for _, c := range cases {
		for _, format := range []string{"json", "jsonl"} {
			t.Run(c.name+"/"+format, func(t *testing.T) {
				s := newSearch(t, c.problem, c.opts)
				data := export(t, s, format, c.steps)
				tr, err := ReadTrace(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("ReadTrace: %v\n%s", err, data)
				}
				want, err := NewTrace(s, c.steps)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(resolvedTrace(tr), resolvedTrace(want)) {
					t.Fatalf("read back trace differs from NewTrace:\n got %+v\nwant %+v", tr, want)
				}
				if tr.Problem != s.Instance().Spec() || tr.Options != s.Options().String() {
					t.Errorf("problem/options = %q / %q, want %q / %q", tr.Problem, tr.Options, s.Instance().Spec(), s.Options().String())
				}
				r, err := tr.Replay()
				if err != nil {
					t.Fatalf("Replay: %v", err)
				}
				if r.StepCount() != tr.Steps {
					t.Errorf("replay at step %d, want %d", r.StepCount(), tr.Steps)
				}
				ref := newSearch(t, c.problem, c.opts)
				ref.Seek(tr.Steps)
				a, _ := json.Marshal(r.Snapshot())
				b, _ := json.Marshal(ref.Snapshot())
				if !bytes.Equal(a, b) {
					t.Errorf("replayed snapshot differs from the original search's")
				}
				// Writing the read trace again gives the same bytes.
				if format == "json" {
					var again bytes.Buffer
					if err := tr.WriteJSON(&again); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(again.Bytes(), data) {
						t.Errorf("WriteJSON(ReadTrace(x)) != x")
					}
				}
			})
		}
	}
}

func TestWriteLeavesSearchAlone(t *testing.T) {
	s := newSearch(t, "puzzle 283164705 goal=123804765", "astar h=manhattan")
	s.Seek(3)
	before, _ := json.Marshal(s.Snapshot())
	for _, f := range Formats() {
		export(t, s, f.Name, Current)
	}
	after, _ := json.Marshal(s.Snapshot())
	if !bytes.Equal(before, after) {
		t.Fatal("Write moved the search it exported")
	}
	tr, err := NewTrace(s, Current)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Steps != 3 {
		t.Errorf("Current exported %d steps, want 3", tr.Steps)
	}
}

func TestTraceRecordsProblemAndOptions(t *testing.T) {
	s := newSearch(t, "graph romania", "astar tie=high-g")
	for _, f := range Formats() {
		data := string(export(t, s, f.Name, 3))
		if f.Name == "csv" {
			// The rows stay plain for pandas and spreadsheets: the CSV
			// records its problem and options in its sidecar.
			data = string(export(t, s, "csv-metadata", 3))
		}
		for _, want := range []string{"romania", "tie=high-g", "goaltest=expand", "open=reparent", "closed=ignore", "order=natural", "h=sld"} {
			if !strings.Contains(data, want) {
				t.Errorf("format %s: %q is not written into the file", f.Name, want)
			}
		}
	}
}

func TestWriteErrors(t *testing.T) {
	s := newSearch(t, "graph romania", "astar")
	var b bytes.Buffer
	err := Write(&b, "jsn", s, ToEnd)
	if err == nil || !strings.Contains(err.Error(), "did you mean json") {
		t.Errorf("unknown format: err = %v, want a did-you-mean json", err)
	}
	if err := Write(&b, "json", s, -7); err == nil {
		t.Error("step -7: want an error")
	}
	if err := Write(&b, "json", nil, ToEnd); err == nil {
		t.Error("nil search: want an error")
	}
}

// editTrace writes a trace as JSON and lets edit change the text.
func editTrace(t *testing.T, edit func(string) string) string {
	t.Helper()
	s := newSearch(t, "puzzle 283164705 goal=123804765", "astar h=manhattan")
	return edit(string(export(t, s, "json", ToEnd)))
}

func TestReadTraceErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // every one must appear in the error
	}{
		{"empty", "", []string{"empty"}},
		{"not json", "hello", []string{"line 1", "not valid JSON"}},
		{"newer version", editTrace(t, func(s string) string { return strings.Replace(s, `"version": 1`, `"version": 2`, 1) }),
			[]string{"line 3", "version 2 is newer", "update stepviz"}},
		{"version zero", editTrace(t, func(s string) string { return strings.Replace(s, `"version": 1`, `"version": 0`, 1) }),
			[]string{"line 3", "field version"}},
		{"other format", editTrace(t, func(s string) string { return strings.Replace(s, `"stepviz-trace"`, `"other"`, 1) }),
			[]string{"line 2", "not a stepviz trace"}},
		{"truncated", editTrace(t, func(s string) string { return s[:len(s)*2/3] }),
			[]string{"truncated"}},
		{"missing step", editTrace(t, func(s string) string {
			lines := strings.Split(s, "\n")
			i := indexOf(lines, `{"step":2,`)
			return strings.Join(append(lines[:i:i], lines[i+1:]...), "\n")
		}), []string{"events[1]", "step 3 where step 2 was expected"}},
		{"wrong type", editTrace(t, func(s string) string { return stepsRE.ReplaceAllString(s, `"steps": "five"`) }),
			[]string{"line 7, column 12, field steps: want a whole number, found a JSON string"}},
		{"unknown field", editTrace(t, func(s string) string { return strings.Replace(s, `"kind":`, `"kynd":`, 1) }),
			[]string{"line 5", `unknown field "kynd"`}},
		{"unknown event field", editTrace(t, func(s string) string { return strings.Replace(s, `{"step":3,`, `{"stp":1,"step":3,`, 1) }),
			[]string{"events[2]", `unknown field "stp"`}},
		{"missing problem", editTrace(t, func(s string) string { return strings.Replace(s, `"problem":`, `"comment":`, 1) }),
			[]string{`unknown field "comment"`}},
		{"steps mismatch", editTrace(t, func(s string) string { return stepsRE.ReplaceAllString(s, `"steps": 9`) }),
			[]string{"line 7", "header says 9 steps but the file has 6 events"}},
		{"bad g type", editTrace(t, func(s string) string { return strings.Replace(s, `"g":0,`, `"g":"zero",`, 1) }),
			[]string{"events[0].expanded.g: want a number, found a JSON string"}},
		// The position is the field's name; the path is the file's, without
		// Go's embedded NodeInfo, and the type is said in JSON's words.
		{"jsonl bad g", jsonlHeader + `{"step":1,"status":"running","expanded":{"id":0,"g":"x"}}` + "\n",
			[]string{"line 2, column 49, field event 1.expanded.g: want a number, found a JSON string"}},
		{"jsonl bad child g", jsonlHeader + `{"step":1,"status":"running","expanded":{"id":0},"children":[{"id":1,"g":true}]}` + "\n",
			[]string{"line 2, column 70, field event 1.children.g: want a number, found a JSON bool"}},
		{"jsonl bad children", jsonlHeader + `{"step":1,"status":"running","expanded":{"id":0},"children":7}` + "\n",
			[]string{"line 2, column 50, field event 1.children: want a list, found a JSON number"}},
		{"trailing data", editTrace(t, func(s string) string { return s + "{}" }),
			[]string{"unexpected data after the trace"}},
		{"jsonl bad line", "{\"format\":\"stepviz-trace\",\"version\":1,\"problem\":\"graph romania\",\"options\":\"astar\",\"steps\":1}\n{\"step\":1,\"status\":\"running\",\"expanded\":{\"id\":0}}\n{\"step\":2\n",
			[]string{"truncated"}},
		{"jsonl status", "{\"format\":\"stepviz-trace\",\"version\":1,\"problem\":\"graph romania\",\"options\":\"astar\",\"steps\":1}\n{\"step\":1,\"status\":\"happy\",\"expanded\":{\"id\":0}}\n",
			[]string{"line 2", `status "happy"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadTrace(strings.NewReader(tt.text))
			if err == nil {
				t.Fatal("ReadTrace accepted a bad trace")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			for _, leak := range []string{"NodeInfo", "float64", "a int"} {
				if strings.Contains(err.Error(), leak) {
					t.Errorf("error %q names Go's %q", err, leak)
				}
			}
			if !strings.HasPrefix(err.Error(), "export: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
		})
	}
}

var stepsRE = regexp.MustCompile(`"steps": \d+`)

// jsonlHeader is line 1 of a one-step JSONL trace.
const jsonlHeader = `{"format":"stepviz-trace","version":1,"problem":"graph romania","options":"astar","steps":1}` + "\n"

func indexOf(lines []string, prefix string) int {
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), prefix) {
			return i
		}
	}
	return -1
}

func TestReplayDetectsEdits(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Trace)
		want string
	}{
		{"g changed", func(tr *Trace) { tr.Events[2].Expanded.G = 9 }, "step 3: expanded node"},
		{"other node", func(tr *Trace) { tr.Events[1].Expanded.ID = 99 }, "step 2: the trace expands node 99"},
		{"child fate", func(tr *Trace) { tr.Events[0].Children[0].Fate = stepper.FateClosed }, "step 1: child 1"},
		{"too many steps", func(tr *Trace) {
			extra := tr.Events[len(tr.Events)-1]
			extra.Step++
			tr.Events = append(tr.Events, extra)
			tr.Steps++
		}, "the search ends at step 6"},
		{"options", func(tr *Trace) { tr.Options = "astar h=manhatan" }, "did you mean manhattan"},
		{"problem", func(tr *Trace) { tr.Problem = "puzzle 1234" }, "field \"problem\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSearch(t, "puzzle 283164705 goal=123804765", "astar h=manhattan")
			tr, err := NewTrace(s, ToEnd)
			if err != nil {
				t.Fatal(err)
			}
			tt.edit(tr)
			_, err = tr.Replay()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Replay error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func FuzzReadTrace(f *testing.F) {
	s := newSearch(f, "puzzle 283164705 goal=123804765", "astar h=manhattan")
	// Seeds stay small (one step, compact JSON): the fuzzer minimises every
	// new input it finds in time quadratic in its length, and a 3 KB seed
	// kept it minimising instead of running (420 execs in 80 s).
	for _, format := range []string{"json", "jsonl"} {
		data := compactJSON(f, export(f, s, format, 1))
		f.Add(data)
		f.Add(data[:len(data)/2])
		f.Add(bytes.Replace(data, []byte(`"version":1`), []byte(`"version":7`), 1))
	}
	f.Add([]byte(`{"format":"stepviz-trace","version":1,"problem":"graph romania","options":"astar","steps":0,"events":[]}`))
	f.Add([]byte(`{"events":[{"step":1}]`))
	f.Add([]byte("[1,2]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ReadTrace(bytes.NewReader(data))
		if err != nil {
			for _, leak := range []string{"NodeInfo", "float64", "a int"} {
				if strings.Contains(err.Error(), leak) {
					t.Errorf("error %q names Go's %q", err, leak)
				}
			}
			if !strings.HasPrefix(err.Error(), "export: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if len(tr.Events) != tr.Steps {
			t.Fatalf("accepted a trace with %d events and steps %d", len(tr.Events), tr.Steps)
		}
		for i, ev := range tr.Events {
			if ev.Step != i+1 {
				t.Fatalf("accepted event %d with step %d", i, ev.Step)
			}
		}
		if tr.Steps <= 50 {
			tr.Replay() // must not panic, whatever the file says
		}
	})
}

func TestReplayRefusesDeviceFiles(t *testing.T) {
	for _, p := range []string{"graph /dev/zero", "grid /dev/zero start=0,0 goal=1,1", "graph ."} {
		tr := &Trace{Format: FormatName, Version: Version, Problem: p, Options: "astar", Files: stepper.LocalFiles}
		if _, err := tr.Replay(); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%q: err = %v, want a refusal", p, err)
		}
	}
}

// compactJSON removes the insignificant white space of each JSON value in
// data (one per line for JSONL, or one indented document).
func compactJSON(t testing.TB, data []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("compacting a trace: %v", err)
		}
		if err := json.Compact(&out, raw); err != nil {
			t.Fatalf("compacting a trace: %v", err)
		}
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// TestReplayReadsNoFilesByDefault: a trace as ReadTrace leaves it (nil
// Files) refuses a problem line that names a file, without reading it.
func TestReplayReadsNoFilesByDefault(t *testing.T) {
	for _, p := range []string{"graph /dev/zero", "grid /dev/zero.map start=0,0 goal=1,1", "graph ."} {
		tr := &Trace{Format: FormatName, Version: Version, Problem: p, Options: "astar"}
		if _, err := tr.Replay(); err == nil || !strings.Contains(usererr.Text(err), "reads no files") || strings.Contains(err.Error(), "regular file") {
			t.Errorf("%q: err = %v, want a refusal to read any file", p, err)
		}
	}
}
