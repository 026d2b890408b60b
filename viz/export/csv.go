package export

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

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
	puzzle := sess.inst.Kind() == "puzzle"
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns); err != nil {
		return err
	}
	// one walk, each row written as its step is taken: the memory is one
	// row's, whatever the trace's length
	_, err := sess.walk(func(ev *stepper.Event) error {
		x := ev.Expanded
		action := x.Action
		if action == "" {
			action = "none"
		}
		row := []string{
			strconv.Itoa(ev.Step), strconv.Itoa(x.ID), csvText(csvState(x.State, puzzle)), csvText(action),
			num(x.G), num(x.H), x.Shown().F, strconv.Itoa(x.Parent), strconv.Itoa(x.Depth), csvText(string(x.Status)),
			strconv.Itoa(ev.Counters.Open), strconv.Itoa(ev.Counters.Closed), strconv.Itoa(len(ev.Children)),
			csvText(childrenText(ev.Children, puzzle)),
			csvText(csvDirection(ev)), strconv.Itoa(csvIteration(ev)), csvBound(ev, sess.opts),
		}
		return cw.Write(row)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// csvState writes a state for the CSV: an 8-puzzle's digit shorthand
// "023184765" as "0,2,3,1,8,4,7,6,5" (the form of larger boards, which
// ParseProblem and stepviz check accept), so that it cannot be read as the
// number 23184765. Every other state is unchanged.
func csvState(state string, puzzle bool) string {
	if !puzzle || strings.Contains(state, ",") {
		return state
	}
	parts := make([]string, len(state))
	for i := range len(state) {
		parts[i] = state[i : i+1]
	}
	return strings.Join(parts, ",")
}

// childrenText writes the children of a step and their fates.
func childrenText(cs []stepper.Child, puzzle bool) string {
	if len(cs) == 0 {
		return "none"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%d %s %s g=%s h=%s f=%s", c.ID, csvState(c.State, puzzle), c.Fate, num(c.G), num(c.H), c.Shown().F)
	}
	return strings.Join(parts, "; ")
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
var pandasNA = map[string]bool{
	"": true, "#N/A": true, "#N/A N/A": true, "#NA": true, "-1.#IND": true, "-1.#QNAN": true, "-NaN": true, "-nan": true,
	"1.#IND": true, "1.#QNAN": true, "<NA>": true, "N/A": true, "NA": true, "NULL": true, "NaN": true, "None": true,
	"n/a": true, "nan": true, "null": true,
	"True": true, "TRUE": true, "true": true, "False": true, "FALSE": true, "false": true,
}

// readsAsValue reports whether pandas would read s as a number, a missing
// value or a boolean rather than a string. It errs on the side of yes
// (strconv also reads "inf" and hexadecimal floats).
func readsAsValue(s string) bool {
	t := strings.TrimSpace(s)
	if pandasNA[t] {
		return true
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
	if ev.Bidirectional != nil && ev.Bidirectional.Direction != "" {
		return ev.Bidirectional.Direction
	}
	if ev.Expanded.Dir != "" {
		return ev.Expanded.Dir
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
