package kernel

import (
	"slices"

	"stepviz/stepper"
	"stepviz/viz"
)

// forSearch leaves out of t the node numbers a person does not read for a
// search run with o (viz.NumberColumns): for a search without a
// heuristic its h and f columns, and a node's h and f rows (a "field",
// "value" table). Such a search's h is 0 only because it computes none and
// its f is its g or its depth, which the table shows as such. It returns
// t. O(cells).
func (t *table) forSearch(o stepper.Options) *table {
	keep := viz.NumberColumns(viz.DescribeFamily(o))
	drop := func(name string) bool { return (name == "h" || name == "f") && !slices.Contains(keep, name) }
	if slices.Equal(t.head, []string{"field", "value"}) {
		t.rows = slices.DeleteFunc(t.rows, func(r []string) bool { return len(r) > 0 && drop(r[0]) })
		return t
	}
	var cols []int
	for i, h := range t.head {
		if !drop(h) {
			cols = append(cols, i)
		}
	}
	if len(cols) == len(t.head) {
		return t
	}
	pick := func(cells []string) []string {
		out := make([]string, 0, len(cols))
		for _, i := range cols {
			if i < len(cells) {
				out = append(out, cells[i])
			}
		}
		return out
	}
	t.head = pick(t.head)
	for i, r := range t.rows {
		t.rows[i] = pick(r)
	}
	return t
}
