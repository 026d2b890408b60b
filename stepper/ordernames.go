package stepper

import "sort"

// OrderNames returns names, a state's action names in their natural order,
// in the successor order order (Options.Order: natural, reverse, alpha or a
// comma list), as the engine takes the successors named so: what a sheet
// states so that a student can apply the order by hand. names is not
// changed. O(n log n) for n names.
func OrderNames(order string, names []string) []string {
	out := append([]string(nil), names...)
	switch order {
	case "", "natural":
	case "reverse":
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	case "alpha":
		sort.SliceStable(out, func(i, j int) bool { return out[i] < out[j] })
	default:
		sort.SliceStable(out, func(i, j int) bool { return orderRank(order, out[i]) < orderRank(order, out[j]) })
	}
	return out
}
