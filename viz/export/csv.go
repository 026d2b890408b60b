package export

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"stepviz/stepper"
)

// CSVColumns are the columns of the "csv" format, one row per expansion.
// open and closed are the list sizes after the step; children lists every
// child generated as "#id state fate g=.. h=.. f=..", separated by "; ".
var CSVColumns = []string{"step", "node", "state", "action", "g", "h", "f", "parent", "depth", "status", "open", "closed", "generated", "children"}

// writeCSV writes comment lines starting with '#' (problem, options, steps,
// status) then a header row and one row per expansion. Readers that do not
// skip comment lines can drop the lines before the header.
func writeCSV(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "# stepviz trace version %d\n# problem: %s\n# options: %s\n# steps: %d\n# status: %s\n",
		Version, oneLine(t.Problem), oneLine(t.Options), t.Steps, t.Status)
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns); err != nil {
		return err
	}
	for i := range t.Events {
		ev := &t.Events[i]
		x := ev.Expanded
		row := []string{
			strconv.Itoa(ev.Step), strconv.Itoa(x.ID), x.State, x.Action,
			num(x.G), num(x.H), num(x.F), strconv.Itoa(x.Parent), strconv.Itoa(x.Depth), string(x.Status),
			strconv.Itoa(ev.Counters.Open), strconv.Itoa(ev.Counters.Closed), strconv.Itoa(len(ev.Children)),
			childrenText(ev.Children),
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// childrenText writes the children of a step and their fates.
func childrenText(cs []stepper.Child) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("#%d %s %s g=%s h=%s f=%s", c.ID, c.State, c.Fate, num(c.G), num(c.H), num(c.F))
	}
	return strings.Join(parts, "; ")
}

// oneLine keeps a value on one line of a comment.
func oneLine(s string) string { return strings.NewReplacer("\n", " ", "\r", " ").Replace(s) }
