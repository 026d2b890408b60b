package export

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// Answer is a student's hand trace: one row per step, in step order.
type Answer struct {
	// Columns are the columns the sheet has, in its order (lower case).
	Columns []string
	Rows    []AnswerRow
	// Heuristic holds the answers to the heuristic question (rows whose
	// first cell is admissible or consistent; see hquestion.go), in order.
	Heuristic []HeuristicAnswer

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
	// Children are the children written for the step, in order.
	Children    []AnswerChild
	HasChildren bool
}

// AnswerChild is one child written in a children cell ("Zerind f=449").
type AnswerChild struct {
	State string
	F     float64
	HasF  bool
}

// answerColumns maps the column names a sheet may use to the field they
// fill; the first name of each group is the canonical one.
var answerColumns = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"step": "step", "#": "step",
		"node": "node", "state": "node", "expanded": "node", "expand": "node", "node expanded": "node",
		"g": "g", "h": "h", "f": "f",
		// a sheet of a search ordered by depth names its key depth (sheetColumns)
		"depth": "f",
		"open":  "open", "open list": "open", "frontier": "open",
		"children": "children", "children generated": "children", "children generated (f)": "children",
		"children generated (depth)": "children", "children generated (g)": "children", "successors": "children",
	}
})

// AnswerColumns lists the canonical column names of an answer sheet.
var AnswerColumns = []string{"step", "node", "g", "h", "f", "children", "open"}

// MaxAnswerBytes bounds an answer sheet: a longer one is refused, never cut.
const MaxAnswerBytes = 16 << 20

// clip shortens a cell quoted in an error to 60 bytes, so that an error
// about a huge cell stays one short line.
func clip(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... (%d bytes)", len(s))
}

// ParseAnswer reads a hand trace. name picks the syntax by its extension:
// ".md" (the first Markdown pipe table whose header names known columns;
// text around it is ignored) or anything else as CSV (lines starting with
// '#' are comments; the first other line is the header). Columns, in any
// order, case-insensitive: step, node (or state, expanded), g, h, f, open
// (or frontier): the open list after the step, nodes separated by ';' or
// spaces, first = next to expand. A sheet needs node or open. Errors name
// the line and the column. Cost: linear in the file.
func ParseAnswer(r io.Reader, name string) (*Answer, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxAnswerBytes+1))
	if err != nil {
		return nil, usererr.Errorf("export", "reading %s: %w", name, err)
	}
	if len(data) > MaxAnswerBytes {
		return nil, usererr.Errorf("export", "%s is over %d MB, the limit for an answer sheet: a hand trace is a few hundred lines; check that this is the sheet", name, MaxAnswerBytes>>20)
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
	var a, h *Answer // h: the heuristic rows, wherever they are
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, usererr.Errorf("export", "%s: line %d, column %d: %v", name, pe.Line, pe.Column, pe.Err)
			}
			return nil, usererr.Errorf("export", "%s: %v", name, err)
		}
		line, _ := cr.FieldPos(0)
		if hQuestionName(rec) != "" {
			if h == nil {
				h = &Answer{}
			}
			if err := h.addHRow(rec, name, line); err != nil {
				return nil, err
			}
			continue
		}
		if isHQuestionHeader(rec) {
			continue
		}
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
	return a.withHeuristic(h).finish(name)
}

// withHeuristic moves the heuristic rows of h into a (a may be nil: a
// sheet with only the heuristic question).
func (a *Answer) withHeuristic(h *Answer) *Answer {
	if h == nil {
		return a
	}
	if a == nil {
		a = &Answer{}
	}
	a.Heuristic = h.Heuristic
	return a
}

func parseAnswerMarkdown(data []byte, name string) (*Answer, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var (
		a       *Answer
		line    int
		heading string // the last heading line
		kind    string // the table being read: "steps", "open", "skip" or "" outside tables
		open    *openTable
		hq      *Answer // the heuristic question's rows
	)
	endTable := func() error {
		if kind == "open" && open != nil {
			if err := open.assign(a, name); err != nil {
				return err
			}
		}
		kind, open = "", nil
		return nil
	}
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "|") {
			if kind != "" {
				if err := endTable(); err != nil {
					return nil, err
				}
			}
			if strings.HasPrefix(text, "#") {
				heading = text
			}
			continue
		}
		cells := splitPipeRow(text)
		if kind == "" && isHQuestionHeader(cells) {
			kind = "heuristic"
			continue
		}
		if kind == "" { // a header row
			if m := openAfterRE().FindStringSubmatch(heading); m != nil {
				if a == nil {
					return nil, usererr.Errorf("export", "%s: line %d: an open list table before the steps table: keep the sheet's steps table (its header names step and node) above it", name, line)
				}
				n, _ := strconv.Atoi(m[1])
				open = &openTable{step: n, line: line, nodeCol: -1}
				for i, c := range cells {
					if f := answerColumns()[strings.ToLower(cleanCell(c))]; f == "node" {
						open.nodeCol = i
						break
					}
				}
				if open.nodeCol < 0 {
					return nil, usererr.Errorf("export", "%s: line %d: the open list table has no node column", name, line)
				}
				kind = "open"
				continue
			}
			if a != nil || strings.Contains(strings.ToLower(heading), "problem") {
				kind = "skip" // a later table, or a worksheet's problem data (roads, h values)
				continue
			}
			h, err := answerHeader(cells, name, line)
			if err != nil {
				if errors.Is(err, errNoKnownColumn) {
					kind = "skip"
					continue
				}
				return nil, err
			}
			a, kind = h, "steps"
			continue
		}
		if isAlignRow(cells) || allEmpty(cells) {
			continue
		}
		switch kind {
		case "heuristic":
			if hQuestionName(cells) == "" {
				return nil, usererr.Errorf("export", "%s: line %d: a row of the heuristic table that is neither admissible nor consistent: start it with one of them", name, line)
			}
			if hq == nil {
				hq = &Answer{}
			}
			if err := hq.addHRow(cells, name, line); err != nil {
				return nil, err
			}
		case "steps":
			if err := a.addRow(cells, name, line); err != nil {
				return nil, err
			}
		case "open":
			if open.nodeCol < len(cells) {
				v := cleanCell(cells[open.nodeCol])
				switch {
				case v == "(empty)" || v == "-":
					open.given = true
				case v != "":
					open.states = append(open.states, v)
					open.given = true
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, usererr.Errorf("export", "%s: line %d: %v", name, line+1, err)
	}
	if err := endTable(); err != nil {
		return nil, err
	}
	a = a.withHeuristic(hq)
	if a == nil {
		return nil, usererr.Errorf("export", "%s: no table with the columns %s found: write a Markdown table whose header names them, such as | step | node | g | h | f |", name, strings.Join(AnswerColumns, ", "))
	}
	return a.finish(name)
}

// openAfterRE finds a worksheet's "Open list after step N" heading;
// compiled on first use, not at start-up.
var openAfterRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)open list after step (\d+)`) })

// openTable is a Markdown table of the open list after one step, as a
// worksheet prints it (#, node, g, h, f): only its node column is graded.
type openTable struct {
	step, line, nodeCol int
	states              []string
	given               bool // some row was filled in
}

func (o *openTable) assign(a *Answer, name string) error {
	if !o.given {
		return nil // left blank: nothing to grade
	}
	if o.step < 1 || o.step > len(a.Rows) {
		return usererr.Errorf("export", "%s: line %d: an open list after step %d, but the steps table has %d rows", name, o.line, o.step, len(a.Rows))
	}
	r := &a.Rows[o.step-1]
	r.Open, r.HasOpen = o.states, true
	return nil
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
		field, ok := answerColumns()[key]
		if !ok {
			if key == "" {
				continue
			}
			a.Columns = append(a.Columns, key)
			cols["?"+key] = i
			continue
		}
		if _, dup := cols[field]; dup {
			return nil, usererr.Errorf("export", "%s: line %d, column %d: column %q repeats column %s", name, line, i+1, c, field)
		}
		cols[field] = i
		a.Columns = append(a.Columns, field)
		known++
	}
	if known == 0 {
		return nil, usererr.Errorf("export", "%s: line %d: the header %q names none of the columns %s: %w", name, line, clip(strings.Join(cells, ",")), strings.Join(AnswerColumns, ", "), errNoKnownColumn)
	}
	for k, i := range cols {
		if strings.HasPrefix(k, "?") {
			hint := ""
			if s := stepper.Suggest(k[1:], AnswerColumns); s != "" {
				hint = fmt.Sprintf(" (did you mean %s?)", s)
			}
			return nil, usererr.Errorf("export", "%s: line %d, column %d: unknown column %q%s; the columns are %s", name, line, i+1, clip(k[1:]), hint, strings.Join(AnswerColumns, ", "))
		}
	}
	_, hasNode := cols["node"]
	_, hasOpen := cols["open"]
	if !hasNode && !hasOpen {
		return nil, usererr.Errorf("export", "%s: line %d: the header has neither a node column (the node expanded at each step) nor an open column (the open list after each step): nothing to grade", name, line)
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
		v := cleanCell(cells[i])
		return v, i, v != ""
	}
	if v, i, ok := get("step"); ok {
		n, err := strconv.Atoi(strings.TrimSuffix(v, "."))
		if err != nil || n < 1 {
			return usererr.Errorf("export", "%s: line %d, column %d (step): %q is not a step number (1, 2, 3 ...)", name, line, i+1, clip(v))
		}
		r.Step = n
	}
	if v, _, ok := get("node"); ok {
		// a worksheet's key writes the goal's step "Bucharest (goal)"
		r.Node = strings.TrimSpace(strings.TrimSuffix(v, "(goal)"))
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
			return usererr.Errorf("export", "%s: line %d, column %d (%s): %q is not a number", name, line, i+1, f.field, clip(v))
		}
		*f.dst, *f.has = x, true
	}
	if v, i, ok := get("children"); ok {
		kids, err := parseChildren(v)
		if err != nil {
			return usererr.Errorf("export", "%s: line %d, column %d (children): %v", name, line, i+1, err)
		}
		r.Children, r.HasChildren = kids, true
	}
	if v, _, ok := get("open"); ok {
		r.Open, r.HasOpen = splitOpenList(v), true
	}
	if len(cells) > len(a.Columns) && !allEmpty(cells[len(a.Columns):]) {
		return usererr.Errorf("export", "%s: line %d: %d cells but the header has %d columns (%s)", name, line, len(cells), len(a.Columns), strings.Join(a.Columns, ", "))
	}
	a.Rows = append(a.Rows, r)
	return nil
}

// cleanCell drops Markdown emphasis (an answer key writes answers in bold)
// and the blank marks of an unfilled sheet ("_____").
func cleanCell(c string) string {
	c = strings.ReplaceAll(c, "**", "")
	c = strings.TrimSpace(strings.Trim(strings.TrimSpace(c), "*_`"))
	return c
}

// parseChildren reads a children cell: entries separated by ';', each a
// state, optionally its key and a fate in parentheses; "none..." is no
// child. The key is written as the sheets write it (keyWords): "f=VALUE",
// or "depth VALUE" or "g VALUE" for a search without a heuristic (with or
// without '='). A key left blank ("f=", "depth ___") is not graded.
func parseChildren(v string) ([]AnswerChild, error) {
	if strings.HasPrefix(strings.ToLower(v), "none") || v == "-" {
		return []AnswerChild{}, nil
	}
	var out []AnswerChild
	for _, part := range strings.Split(v, ";") {
		part = strings.TrimSpace(part)
		if i := strings.Index(part, "("); i >= 0 && strings.HasSuffix(part, ")") {
			part = strings.TrimSpace(part[:i])
		}
		if part == "" {
			continue
		}
		c := AnswerChild{State: part}
		if state, val, ok := splitChildKey(part); ok {
			c.State = state
			if val != "" {
				f, err := strconv.ParseFloat(val, 64)
				if err != nil {
					return nil, fmt.Errorf("child %q: %q is not a number", clip(c.State), clip(val))
				}
				c.F, c.HasF = f, true
			}
		}
		if c.State == "" {
			return nil, fmt.Errorf("%q: a child needs its state before its f, depth or g", clip(part))
		}
		out = append(out, c)
	}
	return out, nil
}

// splitChildKey splits a child's entry into its state and the value of
// its key, "" when left blank: "Zerind f=75", "Zerind depth 1",
// "Rimnicu Vilcea g=220", "Zerind depth ____". ok is false when the entry
// names no key (the state alone). O(len(part)).
func splitChildKey(part string) (state, val string, ok bool) {
	if i := strings.LastIndex(strings.ToLower(part), "f="); i >= 0 {
		return strings.TrimSpace(part[:i]), strings.Trim(strings.TrimSpace(part[i+2:]), "_* "), true
	}
	words := strings.Fields(strings.ReplaceAll(part, "=", " = "))
	n := len(words)
	if n > 0 && words[n-1] != "=" && !isKeyWord(words[n-1]) {
		val = strings.Trim(words[n-1], "_*")
		n--
	}
	if n > 0 && words[n-1] == "=" {
		n--
	}
	if n < 2 || !isKeyWord(words[n-1]) {
		return part, "", false
	}
	return strings.Join(words[:n-1], " "), val, true
}

// isKeyWord reports whether w names a child's key as a sheet writes it.
func isKeyWord(w string) bool {
	switch strings.ToLower(w) {
	case "f", "g", "depth":
		return true
	}
	return false
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
		return nil, usererr.Errorf("export", "%s: empty answer sheet: write a header row such as step,node,g,h,f and one row per step", name)
	}
	if len(a.Rows) == 0 && len(a.Heuristic) == 0 {
		return nil, usererr.Errorf("export", "%s: the answer sheet has a header but no rows", name)
	}
	for i, r := range a.Rows {
		if r.Step != 0 && r.Step != i+1 {
			return nil, usererr.Errorf("export", "%s: line %d (step): step %d where step %d was expected: write one row per step, in order from 1", name, r.Line, r.Step, i+1)
		}
	}
	return a, nil
}
