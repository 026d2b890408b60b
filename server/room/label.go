package room

import "stepviz/stepper"

// searchLabel is how a room names one of its searches to people: its
// search line with only what differs from the algorithm's defaults
// ([stepper.Options.Short]), so that two searches side by side that
// differ in a tie rule say so. The node cap is left out: it is the
// server's limit, not a variant of the search. A stored line that no
// longer parses is shown as it is. O(length of the line).
func searchLabel(options string) string {
	o, err := stepper.ParseOptions(options)
	if err != nil {
		return options
	}
	o.MaxNodes = stepper.DefaultMaxNodes
	return o.Short()
}
