package export

import (
	"fmt"
	"strconv"
	"strings"

	"stepviz/stepper"
	"stepviz/viz"
	"stepviz/wire"
)

// stepsTable is the markdown trace's table of the steps, one row per
// expansion, with the csv's direction column for a bidirectional search
// and its iteration and bound columns for ids and idastar (same names,
// same meaning; csvSchema). Rows are kept as text: O(steps) memory,
// against the O(steps · nodes) of the trace's other tables.
type stepsTable struct {
	fam                  wire.Family // its numbers' columns: viz.NumberColumns
	direction, iteration bool
	bound                string // what the bound column holds, for the caption
	rows                 []string
}

func newStepsTable(o stepper.Options) *stepsTable {
	t := &stepsTable{fam: viz.DescribeFamily(o)}
	switch o.Algorithm {
	case stepper.BiBFS, stepper.BiUCS, stepper.BiAStar:
		t.direction = true
	case stepper.IDS:
		t.iteration, t.bound = true, "the iteration's depth limit"
	case stepper.IDAStar:
		t.iteration, t.bound = true, "the iteration's threshold (f above it is cut off)"
	}
	return t
}

// add appends the row of one step.
func (t *stepsTable) add(ev *stepper.Event) {
	x := ev.Expanded
	state := mdCell(x.State.String())
	if x.Status == stepper.NodeGoal {
		state += " (goal)"
	}
	row := fmt.Sprintf("| %d | %d | %s | %s | %d | %d |", ev.Step, x.ID, state, strings.Join(viz.Numbers(t.fam, num(x.G), x.Shown().H, x.Shown().F), " | "), ev.Counters.Open, ev.Counters.Closed)
	if t.direction {
		row += " " + csvDirection(ev) + " |"
	}
	if t.iteration {
		row += " " + strconv.Itoa(csvIteration(ev)) + " | " + csvBound(ev, stepper.Options{}) + " |"
	}
	t.rows = append(t.rows, row)
}

// write writes the table under a "Steps" heading ((none) for no step).
func (t *stepsTable) write(p *printer) {
	p.f("## Steps\n\n")
	switch {
	case t.direction:
		p.f("One row per step; direction is the side the step expanded (forward from the start, backward from the goal).\n\n")
	case t.iteration:
		p.f("One row per step; iteration counts from 1 and bound is %s.\n\n", t.bound)
	}
	if len(t.rows) == 0 {
		p.f("(none)\n\n")
		return
	}
	cols := viz.NumberColumns(t.fam)
	head := "| step | node | state | " + strings.Join(cols, " | ") + " | open | closed |"
	rule := "|---:|---:|---|" + strings.Repeat("---:|", len(cols)) + "---:|---:|"
	if t.direction {
		head, rule = head+" direction |", rule+"---|"
	}
	if t.iteration {
		head, rule = head+" iteration | bound |", rule+"---:|---:|"
	}
	p.f("%s\n%s\n", head, rule)
	for _, r := range t.rows {
		p.f("%s\n", r)
	}
	p.f("\n")
}
