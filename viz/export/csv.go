package export

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// CSVColumns are the columns of the "csv" format, one row per expansion.
// open and closed are the list sizes after the step; children lists every
// child generated as "ID STATE FATE g=.. h=.. f=..", separated by "; "
// ("none" for no child).
var CSVColumns = []string{"step", "node", "state", "action", "g", "h", "f", "parent", "depth", "status", "open", "closed", "generated", "children", "direction", "iteration", "bound"}

// csvColumn describes a column for the metadata sidecar.
type csvColumn struct {
	Name        string `json:"name"`
	Type        string `json:"type"` // integer, number or string, as pandas reads it
	Description string `json:"description"`
}

// csvSchema are CSVColumns with their types; a test checks that pandas
// reads each column with no options into this type.
var csvSchema = []csvColumn{
	{"step", "integer", "the step, 1..steps"},
	{"node", "integer", "id of the node expanded at this step"},
	{"state", "string", "its state (an 8-puzzle board as its tiles separated by commas, as on larger boards)"},
	{"action", "string", `the action that reached it ("none" for the start node)`},
	{"g", "number", "path cost"},
	{"h", "number", "heuristic value"},
	{"f", "number", "the priority the search orders by"},
	{"parent", "integer", "id of its parent (-1 for the start node)"},
	{"depth", "integer", "depth in the search tree"},
	{"status", "string", "closed, or goal when this expansion found the goal"},
	{"open", "integer", "size of the open list after the step"},
	{"closed", "integer", "size of the closed list after the step"},
	{"generated", "integer", "number of children generated"},
	{"children", "string", `"ID STATE FATE g=.. h=.. f=.." per child, separated by "; "; "none" for no child`},
	{"direction", "string", `bibfs, biucs and biastar: the side expanded, "forward" (from the start) or "backward" (from the goal); "none" for every other search`},
	{"iteration", "integer", "ids and idastar: the iteration of the step (from 1); 1 for every other search"},
	{"bound", "number", "ids: the iteration's depth limit; idastar: its threshold; rbfs: the f-limit of the node expanded; dls: the depth limit; -1 for every other search (and an f-limit of infinity)"},
}

// writeCSV writes a header row and one row per expansion, and nothing
// else: pandas.read_csv and spreadsheets open it with no options (the
// problem and options are in the "csv-metadata" sidecar). Text cells are
// written by csvText, so that no reader takes a state for a number or a
// formula; number columns hold only numbers.
func writeCSV(w io.Writer, sess *session) error {
	if err := sess.forgetSubtrees(); err != nil {
		return err
	}
	sess.s.OmitTies() // no column names ties
	puzzle := sess.inst.Kind() == "puzzle"
	var row csvRow
	for _, c := range CSVColumns {
		row.plain(c)
	}
	if _, err := w.Write(row.end()); err != nil {
		return err
	}
	// one walk, each row written as its step is taken: the memory is one
	// row's, whatever the trace's length; the row, the state's and the
	// children's text are built in buffers reused from row to row
	var kids, state, num []byte
	_, err := sess.walk(func(ev *stepper.Event) error {
		x := ev.Expanded
		action := x.Action
		if action == "" {
			action = "none"
		}
		sh := stepper.ShowNumbers(x.G, x.H, x.F)
		state = appendCSVText(state[:0], x.State, puzzle)
		kids = appendChildren(kids[:0], ev.Children, puzzle)
		row.reset()
		row.int(ev.Step)
		row.int(x.ID)
		row.textBytes(state)
		row.text(action)
		num = sh.AppendG(num[:0])
		row.plainBytes(num)
		// a node whose h failed (stepper.NodeInfo.HFailed) has no h, so
		// no f: the h and f columns hold numbers only, and its cells stay
		// empty (a missing value to pandas) rather than read 0
		num = num[:0]
		if !x.HFailed {
			num = sh.AppendH(num)
		}
		row.plainBytes(num)
		num = num[:0]
		if !x.HFailed {
			num = sh.AppendF(num)
		}
		row.plainBytes(num)
		row.int(x.Parent)
		row.int(x.Depth)
		row.text(x.Status.String())
		row.int(ev.Counters.Open)
		row.int(ev.Counters.Closed)
		row.int(len(ev.Children))
		row.textBytes(kids)
		row.text(csvDirection(ev))
		row.int(csvIteration(ev))
		row.plain(csvBound(ev, sess.opts))
		_, err := w.Write(row.end())
		return err
	})
	return err
}

// csvState writes a state for the CSV: an 8-puzzle's digit shorthand
// "023184765" as "0,2,3,1,8,4,7,6,5" (the form of larger boards, which
// problems.Parse and stepviz check accept), so that it cannot be read as the
// number 23184765. Every other state is unchanged. One allocation for a
// shorthand board, none otherwise.
func csvState(state string, puzzle bool) string {
	if !puzzle || strings.Contains(state, ",") {
		return state
	}
	var b [64]byte
	return string(appendCSVState(b[:0], state, puzzle))
}

// appendCSVState appends state to b as csvState writes it.
func appendCSVState(b []byte, state string, puzzle bool) []byte {
	if !puzzle || strings.Contains(state, ",") {
		return append(b, state...)
	}
	for i := range len(state) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, state[i])
	}
	return b
}

// appendCSVText appends t to b as csvState writes it, without a string
// of its own.
func appendCSVText(b []byte, t stepper.Text, puzzle bool) []byte {
	start := len(b)
	b = t.AppendTo(b)
	n := len(b) - start
	if !puzzle || n < 2 || bytes.IndexByte(b[start:], ',') >= 0 {
		return b
	}
	// spread the digits apart in place, from the last: a write at
	// start+2i-1 or start+2i never reaches a digit not yet moved
	b = slices.Grow(b, n-1)[:start+2*n-1]
	for i := n - 1; i > 0; i-- {
		b[start+2*i] = b[start+i]
		b[start+2*i-1] = ','
	}
	return b
}

// childrenText writes the children of a step and their fates.
func childrenText(cs []stepper.Child, puzzle bool) string {
	return string(appendChildren(nil, cs, puzzle))
}

// appendChildren appends the children of a step and their fates to b, as
// "ID STATE FATE g=.. h=.. f=.." separated by "; ", or "none". g, h and f
// are written under the one rounding rule (Shown).
func appendChildren(b []byte, cs []stepper.Child, puzzle bool) []byte {
	if len(cs) == 0 {
		return append(b, "none"...)
	}
	for i, c := range cs {
		if i > 0 {
			b = append(b, "; "...)
		}
		sh := stepper.ShowNumbers(c.G, c.H, c.F)
		b = strconv.AppendInt(b, int64(c.ID), 10)
		b = append(b, ' ')
		b = appendCSVText(b, c.State, puzzle)
		b = append(b, ' ')
		b = append(b, c.Fate.String()...)
		b = append(b, " g="...)
		b = sh.AppendG(b)
		if c.HFailed { // no h, so no f: empty, as in the h and f columns
			b = append(b, " h= f="...)
			continue
		}
		b = append(b, " h="...)
		b = sh.AppendH(b)
		b = append(b, " f="...)
		b = sh.AppendF(b)
	}
	return b
}

// csvText returns s as a CSV text cell that no reader turns into
// something else. A cell that starts with = + - @, a tab or a carriage
// return is a formula to a spreadsheet (OWASP's CSV injection); one that
// reads as a number, a missing value or a boolean becomes one in pandas
// (a graph node named 1 or NA). Either is written with a leading
// apostrophe, the spreadsheet convention for "this is text", which pandas
// keeps as part of the string. Numbers are never passed here: number
// columns hold only what strconv writes (a leading - is a negative number,
// not a formula, to every spreadsheet).
func csvText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	if readsAsValue(s) {
		return "'" + s
	}
	return s
}

// pandasNA are the strings pandas.read_csv reads as a missing value by
// default (na_values, case-sensitive), and the booleans it converts.
var pandasNA = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"": true, "#N/A": true, "#N/A N/A": true, "#NA": true, "-1.#IND": true, "-1.#QNAN": true, "-NaN": true, "-nan": true,
		"1.#IND": true, "1.#QNAN": true, "<NA>": true, "N/A": true, "NA": true, "NULL": true, "NaN": true, "None": true,
		"n/a": true, "nan": true, "null": true,
		"True": true, "TRUE": true, "true": true, "False": true, "FALSE": true, "false": true,
	}
})

// valueStart are the first bytes of the numbers strconv.ParseFloat reads
// (digits, a sign, a point, "inf", "infinity", "nan" in any case) and of
// the strings of pandasNA.
var valueStart = func() (m [256]bool) {
	for _, c := range "0123456789+-.iInN#<TtFf" {
		m[c] = true
	}
	for k := range pandasNA() {
		if k != "" {
			m[k[0]] = true
		}
	}
	return m
}()

// floatByte are the bytes of the numbers strconv.ParseFloat reads:
// digits, hexadecimal digits and their prefix and exponent, signs, the
// point, underscores, and the letters of "inf", "infinity" and "nan".
var floatByte = func() (m [256]bool) {
	for _, c := range "0123456789abcdefABCDEFxXpP+-._iInNtTyY" {
		m[c] = true
	}
	return m
}()

// readsAsValue reports whether pandas would read s as a number, a missing
// value or a boolean rather than a string. It errs on the side of yes
// (strconv also reads "inf" and hexadecimal floats).
func readsAsValue(s string) bool {
	t := strings.TrimSpace(s)
	if t != "" && (!valueStart[t[0]] || strings.IndexByte(t, ',') >= 0) {
		// no number strconv reads and no string of pandasNA starts
		// with this byte or holds a comma
		return false
	}
	if pandasNA()[t] {
		return true
	}
	for i := range len(t) {
		if !floatByte[t[i]] {
			return false // strconv reads no number with this byte
		}
	}
	_, err := strconv.ParseFloat(t, 64)
	if err == nil {
		return true
	}
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// csvMetadata is the "csv-metadata" sidecar: what the CSV's rows do not
// say. Its file name follows the W3C CSV-on-the-Web convention of FILE.csv
// beside FILE.csv-metadata.json.
type csvMetadata struct {
	Format  string         `json:"format"`  // "stepviz-trace-csv"
	Version int            `json:"version"` // Version
	Problem string         `json:"problem"`
	Kind    string         `json:"kind"`
	Options string         `json:"options"`
	Steps   int            `json:"steps"`
	Status  stepper.Status `json:"status"`
	Result  Result         `json:"result"`
	Columns []csvColumn    `json:"columns"`
	// Conventions says how text cells are written, for a reader who must
	// undo them.
	Conventions string `json:"conventions"`
}

// csvConventions is the text of csvMetadata.Conventions.
const csvConventions = "One row per expansion; no comment lines, so pandas.read_csv(path) and spreadsheets read it with no options. " +
	"An 8-puzzle state 023184765 is written 0,2,3,1,8,4,7,6,5 (tiles separated by commas, as on larger boards). " +
	"A text cell that would read as a formula (starting with = + - @, tab or CR) or as a number, missing value or boolean starts with an apostrophe; drop one leading apostrophe to get the value. " +
	"Number columns hold plain numbers (a leading - is a negative number)."

// writeCSVMetadata writes the "csv-metadata" sidecar of the CSV export.
func writeCSVMetadata(w io.Writer, sess *session) error {
	if err := sess.forgetSubtrees(); err != nil {
		return err
	}
	t, err := sess.summary()
	if err != nil {
		return err
	}
	m := csvMetadata{
		Format: "stepviz-trace-csv", Version: Version,
		Problem: t.Problem, Kind: t.Kind, Options: t.Options, Steps: t.Steps, Status: t.Status, Result: t.Result,
		Columns: csvSchema, Conventions: csvConventions,
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return usererr.Errorf("export", "csv metadata: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// oneLine keeps a value on one line of a comment.
func oneLine(s string) string { return strings.NewReplacer("\n", " ", "\r", " ").Replace(s) }

// csvDirection is the direction column: the side a bidirectional step
// expanded, "none" for every other search.
func csvDirection(ev *stepper.Event) string {
	if ev.Bidirectional != nil && ev.Bidirectional.Direction != 0 {
		return ev.Bidirectional.Direction.String()
	}
	if ev.Expanded.Dir != 0 {
		return ev.Expanded.Dir.String()
	}
	return "none"
}

// csvIteration is the iteration column: 1 for a search without iterations.
func csvIteration(ev *stepper.Event) int {
	if ev.Deepening != nil && ev.Deepening.Iteration > 0 {
		return ev.Deepening.Iteration
	}
	return 1
}

// csvBound is the bound column: the depth limit or threshold of the
// iteration, RBFS's f-limit of the node expanded (the last on its path),
// dls's depth limit; -1 for none or infinity (a number column holds only
// numbers).
func csvBound(ev *stepper.Event, o stepper.Options) string {
	if d := ev.Deepening; d != nil {
		switch {
		case d.Limit != nil:
			return strconv.Itoa(*d.Limit)
		case d.Threshold != nil && !math.IsInf(float64(*d.Threshold), 0):
			return num(float64(*d.Threshold))
		case d.FLimit != nil && !math.IsInf(float64(*d.FLimit), 0):
			return num(float64(*d.FLimit))
		}
		return "-1"
	}
	if o.DepthLimited {
		return strconv.Itoa(o.Depth)
	}
	return "-1"
}
