package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// maxTraceBytes caps what ReadTrace reads, so a wrong file cannot exhaust
// memory.
const maxTraceBytes = 1 << 30

// ReadTrace reads a trace written by [Write] in format "json" or "jsonl"
// (the reader tells them apart: a JSON trace is one object with "events", a
// JSONL trace is a header object followed by one event per line). It checks
// the format name and version (a newer version is refused with a message
// saying so), every field's type, unknown fields, and that the events are
// steps 1..k with k the header's "steps". Errors say where: "export: line 12,
// field events[3].expanded.g: ...". It does not run the engine: see
// [Trace.Replay]. Cost: linear in the file.
func ReadTrace(r io.Reader) (*Trace, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxTraceBytes+1))
	if err != nil {
		return nil, usererr.Errorf("export", "reading the trace: %w", err)
	}
	if len(data) > maxTraceBytes {
		return nil, usererr.Errorf("export", "the trace is larger than %d bytes", maxTraceBytes)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, usererr.Errorf("export", "the trace file is empty")
	}
	tr := &traceReader{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	tr.dec.DisallowUnknownFields()
	t, err := tr.read()
	if err != nil {
		return nil, err
	}
	return t, nil
}

type traceReader struct {
	data []byte
	dec  *json.Decoder
}

// pos writes an input offset as "line L, column C" (both 1-based).
func (tr *traceReader) pos(off int64) string {
	if off > int64(len(tr.data)) {
		off = int64(len(tr.data))
	}
	if off < 0 {
		off = 0
	}
	before := tr.data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

// valueStart skips the whitespace, colon or comma after off: the offset
// where the next value starts, for error positions.
func (tr *traceReader) valueStart(off int64) int64 {
	for off < int64(len(tr.data)) && strings.IndexByte(" \t\r\n:,", tr.data[off]) >= 0 {
		off++
	}
	return off
}

// fail wraps a decoding error with the position and the field.
func (tr *traceReader) fail(start int64, field string, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return usererr.Errorf("export", "%s: the file ends in the middle of field %s: it is truncated; export it again", tr.pos(int64(len(tr.data))), field)
	case errors.As(err, &syn):
		return usererr.Errorf("export", "%s, field %s: not valid JSON: %v", tr.pos(syn.Offset), field, syn)
	case errors.As(err, &typ):
		f, at := field, start
		if p := jsonPath(typ.Field); p != "" {
			f = field + "." + p
			at = tr.nameBefore(start, start+typ.Offset, p[strings.LastIndexByte(p, '.')+1:])
		}
		return usererr.Errorf("export", "%s, field %s: want %s, found a JSON %s", tr.pos(at), f, usererr.JSONKind(typ.Type), typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		return usererr.Errorf("export", "%s, field %s: unknown field %s (hand-edited? the fields are listed in docs/trace-format.md)", tr.pos(start), field, name)
	}
	return usererr.Errorf("export", "%s, field %s: %v", tr.pos(start), field, err)
}

// jsonPath is encoding/json's path to a field as the file names it: the
// names of embedded Go structs (NodeInfo in a child), which never appear in
// the file, are left out. Every field name of the format starts in lower case.
func jsonPath(goPath string) string {
	var kept []string
	for _, name := range strings.Split(goPath, ".") {
		if name != "" && !(name[0] >= 'A' && name[0] <= 'Z') {
			kept = append(kept, name)
		}
	}
	return strings.Join(kept, ".")
}

// nameBefore is the offset of the last "name" key between from and to (the
// field a type error is about, inside the value decoded from offset from),
// or from if there is none.
func (tr *traceReader) nameBefore(from, to int64, name string) int64 {
	to = min(to, int64(len(tr.data)))
	if from < 0 || from > to {
		return from
	}
	if i := bytes.LastIndex(tr.data[from:to], []byte(`"`+name+`"`)); i >= 0 {
		return from + int64(i)
	}
	return from
}

func (tr *traceReader) delim(want json.Delim, what string) error {
	start := tr.valueStart(tr.dec.InputOffset())
	tok, err := tr.dec.Token()
	if err != nil {
		return tr.fail(start, what, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return usererr.Errorf("export", "%s: want %q to start %s, found %v", tr.pos(start), string(want), what, tok)
	}
	return nil
}

func (tr *traceReader) read() (*Trace, error) {
	t := &Trace{Steps: -1}
	seen := map[string]bool{}
	if err := tr.delim('{', "the trace (a stepviz trace is a JSON object)"); err != nil {
		return nil, err
	}
	var stepsAt, eventsAt int64
	// the header's fields, each decoded into its place; "events" is read
	// apart (tr.events)
	fields := map[string]any{
		"format": &t.Format, "version": &t.Version, "problem": &t.Problem, "kind": &t.Kind,
		"options": &t.Options, "steps": &t.Steps, "status": &t.Status, "warnings": &t.Warnings,
		"root": &t.Root, "result": &t.Result, "script": &t.Script, "heuristics": &t.Heuristics,
	}
	for tr.dec.More() {
		keyAt := tr.valueStart(tr.dec.InputOffset())
		tok, err := tr.dec.Token()
		if err != nil {
			return nil, tr.fail(keyAt, "name", err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, usererr.Errorf("export", "%s: field %q appears twice", tr.pos(keyAt), key)
		}
		seen[key] = true
		at := tr.valueStart(tr.dec.InputOffset())
		if key == "events" {
			eventsAt = at
			if err := tr.checkHeader(t, seen); err != nil {
				return nil, err
			}
			evs, err := tr.events()
			if err != nil {
				return nil, err
			}
			t.Events = evs
			continue
		}
		dst, known := fields[key]
		if !known {
			return nil, usererr.Errorf("export", "%s: unknown field %q (hand-edited? the fields are listed in docs/trace-format.md)", tr.pos(keyAt), key)
		}
		if key == "steps" {
			stepsAt = at
		}
		if err := tr.dec.Decode(dst); err != nil {
			return nil, tr.fail(at, key, err)
		}
		if key == "format" && t.Format != FormatName {
			return nil, usererr.Errorf("export", "%s, field format: %q is not a stepviz trace (want %q)", tr.pos(at), t.Format, FormatName)
		}
		if key == "version" {
			if err := checkVersion(t.Version); err != nil {
				return nil, usererr.Errorf("export", "%s, field version: %w", tr.pos(at), err)
			}
		}
	}
	if err := tr.delim('}', "the end of the trace object"); err != nil {
		return nil, err
	}
	if err := tr.checkHeader(t, seen); err != nil {
		return nil, err
	}
	if !seen["events"] {
		// JSONL: one event per line after the header.
		for i := 0; ; i++ {
			at := tr.valueStart(tr.dec.InputOffset())
			if at >= int64(len(tr.data)) {
				break
			}
			var ev stepper.Event
			if err := tr.dec.Decode(&ev); err != nil {
				return nil, tr.fail(at, fmt.Sprintf("event %d", i+1), err)
			}
			if err := checkEvent(i, &ev); err != nil {
				return nil, usererr.Errorf("export", "%s: %w", tr.pos(at), err)
			}
			t.Events = append(t.Events, ev)
		}
		eventsAt = int64(len(tr.data))
	} else if at := tr.valueStart(tr.dec.InputOffset()); at < int64(len(tr.data)) {
		return nil, usererr.Errorf("export", "%s: unexpected data after the trace object", tr.pos(at))
	}
	if t.Events == nil {
		t.Events = []stepper.Event{}
	}
	if t.Steps != len(t.Events) {
		return nil, usererr.Errorf("export", "%s, field steps: the header says %d steps but the file has %d events (%s): truncated or hand-edited; export it again", tr.pos(stepsAt), t.Steps, len(t.Events), tr.pos(eventsAt))
	}
	return t, nil
}

// checkHeader checks the fields every trace must have, once they have been
// read.
func (tr *traceReader) checkHeader(t *Trace, seen map[string]bool) error {
	for _, f := range []string{"format", "version", "problem", "options", "steps"} {
		if !seen[f] {
			return usererr.Errorf("export", "%s: field %q is missing: this is not a complete stepviz trace (see docs/trace-format.md)", tr.pos(tr.dec.InputOffset()), f)
		}
	}
	if strings.TrimSpace(t.Problem) == "" {
		return usererr.Errorf("export", "field problem is empty: want a problem line such as \"puzzle 283164705 goal=123804765\"")
	}
	if strings.TrimSpace(t.Options) == "" {
		return usererr.Errorf("export", "field options is empty: want a search line such as \"astar h=manhattan\"")
	}
	if t.Steps < 0 {
		return usererr.Errorf("export", "field steps is %d: want a number >= 0", t.Steps)
	}
	return nil
}

func checkVersion(v int) error {
	switch {
	case v > Version:
		return fmt.Errorf("trace version %d is newer than this stepviz reads (up to %d): update stepviz to open it", v, Version)
	case v < 1:
		return fmt.Errorf("version %d: want a version from 1 to %d", v, Version)
	}
	return nil
}

// events reads the events array of a JSON trace.
func (tr *traceReader) events() ([]stepper.Event, error) {
	if err := tr.delim('[', "events (a list of events)"); err != nil {
		return nil, err
	}
	evs := []stepper.Event{}
	for i := 0; tr.dec.More(); i++ {
		at := tr.valueStart(tr.dec.InputOffset())
		var ev stepper.Event
		if err := tr.dec.Decode(&ev); err != nil {
			return nil, tr.fail(at, fmt.Sprintf("events[%d]", i), err)
		}
		if err := checkEvent(i, &ev); err != nil {
			return nil, usererr.Errorf("export", "%s, field events[%d]: %w", tr.pos(at), i, err)
		}
		evs = append(evs, ev)
	}
	if err := tr.delim(']', "the end of events"); err != nil {
		return nil, err
	}
	return evs, nil
}

// checkEvent checks what can be checked of event i without the engine.
func checkEvent(i int, ev *stepper.Event) error {
	if ev.Step != i+1 {
		return fmt.Errorf("step %d where step %d was expected: a step is missing, repeated or out of order", ev.Step, i+1)
	}
	switch ev.Status {
	case stepper.Running, stepper.Solved, stepper.NoSolution, stepper.LimitReached, stepper.Cutoff, stepper.Failed:
	default:
		return fmt.Errorf("status %q: want running, solved, no solution, limit reached, cutoff or failed", ev.Status)
	}
	if ev.Expanded.ID < 0 {
		return fmt.Errorf("expanded.id %d: want a node id >= 0", ev.Expanded.ID)
	}
	return nil
}
