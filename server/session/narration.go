package session

import (
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz"
)

// Narrate is the narration of event ev of search s, and, when the step
// failed (a script's error: the sandbox's limits, a wrong return value),
// the reason in the user's words, as the command line prints it: the
// event alone says only that the step had no successors.
func Narrate(s *stepper.Search, ev stepper.Event) string {
	n := viz.Narrate(ev, s.Options())
	if ev.Status == stepper.Failed {
		if err := s.Err(); err != nil {
			n += " The search failed: " + usererr.Text(err)
		}
	}
	return n
}
