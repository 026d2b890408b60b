package export

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"stepviz/stepper"
)

// Answer is a student's hand trace: one row per step, in step order.
type Answer struct {
	// Columns are the columns the sheet has, in its order (lower case).
	Columns []string
	Rows    []AnswerRow

	cols map[string]int // canonical column -> cell index
}

// AnswerRow is one step of a hand trace. A field the sheet has no column
// for, or leaves empty, is not graded.
type AnswerRow struct {
	Line int    // the line of the file the row is on, 1-based
	Step int    // 0 when the sheet has no step column
	Node string // the state expanded at this step, "" if not given
	// G, H and F are the values written for the expanded node.
	G, H, F    float64
	HasG, HasH bool
	HasF       bool
	Open       []string // the open list after the step, first = next to expand
	HasOpen    bool
}

// answerColumns maps the column names a sheet may use to the field they
// fill; the first name of each group is the canonical one.
var answerColumns = map[string]string{
	"step": "step", "#": "step",
	"node": "node", "state": "node", "expanded": "node", "expand": "node", "node expanded": "node",
	"g": "g", "h": "h", "f": "f",
	"open": "open", "open list": "open", "frontier": "open",
}

// AnswerColumns lists the canonical column names of an answer sheet.
var AnswerColumns = []string{"step", "node", "g", "h", "f", "open"}

// ParseAnswer reads a hand trace. name picks the syntax by its extension:
// ".md" (the first Markdown pipe table whose header names known columns;
// text around it is ignored) or anything else as CSV (lines starting with
// '#' are comments; the first other line is the header). Columns, in any
// order, case-insensitive: step, node (or state, expanded), g, h, f, open
// (or frontier): the open list after the step, nodes separated by ';' or
// spaces, first = next to expand. A sheet needs node or open. Errors name
// the line and the column. Cost: linear in the file.
func ParseAnswer(r io.Reader, name string) (*Answer, error) {
	data, err := io.ReadAll(io.LimitReader(r, 16<<20))
	if err != nil {
		return nil, fmt.Errorf("export: reading %s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	lower := strings.ToLower(name)
	if strings.HasSuffix(lower, ".md") || strings.HasSuffix(lower, ".markdown") {
		return parseAnswerMarkdown(data, name)
	}
	return parseAnswerCSV(data, name)
}

func parseAnswerCSV(data []byte, name string) (*Answer, error) {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var a *Answer
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("export: %s: line %d, column %d: %v", name, pe.Line, pe.Column, pe.Err)
			}
			return nil, fmt.Errorf("export: %s: %v", name, err)
		}
		line, _ := cr.FieldPos(0)
		if a == nil {
			if a, err = answerHeader(rec, name, line); err != nil {
				return nil, err
			}
			continue
		}
		if allEmpty(rec) {
			continue
		}
		if err := a.addRow(rec, name, line); err != nil {
			return nil, err
		}
	}
	return a.finish(name)
}

func parseAnswerMarkdown(data []byte, name string) (*Answer, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var a *Answer
	line := 0
	inTable := false
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "|") {
			if a != nil && inTable {
				break // the table ended
			}
			continue
		}
		cells := splitPipeRow(text)
		if a == nil {
			h, err := answerHeader(cells, name, line)
			if err != nil {
				if errors.Is(err, errNoKnownColumn) {
					continue // some other table
				}
				return nil, err
			}
			a, inTable = h, true
			continue
		}
		if isAlignRow(cells) || allEmpty(cells) {
			continue
		}
		if err := a.addRow(cells, name, line); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: %s: line %d: %v", name, line+1, err)
	}
	if a == nil {
		return nil, fmt.Errorf("export: %s: no table with the columns %s found: write a Markdown table whose header names them, such as | step | node | g | h | f |", name, strings.Join(AnswerColumns, ", "))
	}
	return a.finish(name)
}

// splitPipeRow splits "| a | b \| c |" into its cells.
func splitPipeRow(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "|")
	if strings.HasSuffix(s, "|") && !strings.HasSuffix(s, `\|`) {
		s = s[:len(s)-1]
	}
	var cells []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '|':
			b.WriteByte('|')
			i++
		case s[i] == '|':
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(s[i])
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

func isAlignRow(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, ":- ") != "" || c == "" {
			return false
		}
	}
	return true
}

func allEmpty(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

var errNoKnownColumn = errors.New("no known column")

// answerHeader reads a header row.
func answerHeader(cells []string, name string, line int) (*Answer, error) {
	a := &Answer{}
	cols := map[string]int{}
	known := 0
	for i, c := range cells {
		key := strings.ToLower(strings.Join(strings.Fields(strings.Trim(c, "*_` ")), " "))
		field, ok := answerColumns[key]
		if !ok {
			if key == "" {
				continue
			}
			a.Columns = append(a.Columns, key)
			cols["?"+key] = i
			continue
		}
		if _, dup := cols[field]; dup {
			return nil, fmt.Errorf("export: %s: line %d, column %d: column %q repeats column %s", name, line, i+1, c, field)
		}
		cols[field] = i
		a.Columns = append(a.Columns, field)
		known++
	}
	if known == 0 {
		return nil, fmt.Errorf("export: %s: line %d: the header %q names none of the columns %s: %w", name, line, strings.Join(cells, ","), strings.Join(AnswerColumns, ", "), errNoKnownColumn)
	}
	for k, i := range cols {
		if strings.HasPrefix(k, "?") {
			hint := ""
			if s := stepper.Suggest(k[1:], AnswerColumns); s != "" {
				hint = fmt.Sprintf(" (did you mean %s?)", s)
			}
			return nil, fmt.Errorf("export: %s: line %d, column %d: unknown column %q%s; the columns are %s", name, line, i+1, k[1:], hint, strings.Join(AnswerColumns, ", "))
		}
	}
	_, hasNode := cols["node"]
	_, hasOpen := cols["open"]
	if !hasNode && !hasOpen {
		return nil, fmt.Errorf("export: %s: line %d: the header has neither a node column (the node expanded at each step) nor an open column (the open list after each step): nothing to grade", name, line)
	}
	a.Rows = nil
	a.cols = cols
	return a, nil
}

// addRow reads one row of the sheet.
func (a *Answer) addRow(cells []string, name string, line int) error {
	r := AnswerRow{Line: line}
	get := func(field string) (string, int, bool) {
		i, ok := a.cols[field]
		if !ok || i >= len(cells) {
			return "", i, false
		}
		v := strings.TrimSpace(strings.Trim(strings.TrimSpace(cells[i]), "*_`"))
		return v, i, v != ""
	}
	if v, i, ok := get("step"); ok {
		n, err := strconv.Atoi(strings.TrimSuffix(v, "."))
		if err != nil || n < 1 {
			return fmt.Errorf("export: %s: line %d, column %d (step): %q is not a step number (1, 2, 3 ...)", name, line, i+1, v)
		}
		r.Step = n
	}
	if v, _, ok := get("node"); ok {
		r.Node = v
	}
	for _, f := range []struct {
		field string
		dst   *float64
		has   *bool
	}{{"g", &r.G, &r.HasG}, {"h", &r.H, &r.HasH}, {"f", &r.F, &r.HasF}} {
		v, i, ok := get(f.field)
		if !ok {
			continue
		}
		x, err := strconv.ParseFloat(strings.TrimPrefix(v, f.field+"="), 64)
		if err != nil {
			return fmt.Errorf("export: %s: line %d, column %d (%s): %q is not a number", name, line, i+1, f.field, v)
		}
		*f.dst, *f.has = x, true
	}
	if v, _, ok := get("open"); ok {
		r.Open, r.HasOpen = splitOpenList(v), true
	} else if _, has := a.cols["open"]; has && len(cells) > a.cols["open"] {
		r.HasOpen = true // an empty open list written as an empty cell
	}
	if len(cells) > len(a.Columns) && !allEmpty(cells[len(a.Columns):]) {
		return fmt.Errorf("export: %s: line %d: %d cells but the header has %d columns (%s)", name, line, len(cells), len(a.Columns), strings.Join(a.Columns, ", "))
	}
	a.Rows = append(a.Rows, r)
	return nil
}

// splitOpenList splits an open list cell: nodes separated by ';' (or by
// spaces when there is no ';'), with optional brackets around it.
func splitOpenList(v string) []string {
	v = strings.TrimSpace(strings.Trim(strings.TrimSpace(v), "[]{}"))
	var parts []string
	if strings.Contains(v, ";") {
		parts = strings.Split(v, ";")
	} else {
		parts = strings.Fields(v)
	}
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" && p != "-" && p != "(empty)" {
			out = append(out, p)
		}
	}
	return out
}

func (a *Answer) finish(name string) (*Answer, error) {
	if a == nil {
		return nil, fmt.Errorf("export: %s: empty answer sheet: write a header row such as step,node,g,h,f and one row per step", name)
	}
	if len(a.Rows) == 0 {
		return nil, fmt.Errorf("export: %s: the answer sheet has a header but no rows", name)
	}
	for i, r := range a.Rows {
		if r.Step != 0 && r.Step != i+1 {
			return nil, fmt.Errorf("export: %s: line %d (step): step %d where step %d was expected: write one row per step, in order from 1", name, r.Line, r.Step, i+1)
		}
	}
	return a, nil
}
