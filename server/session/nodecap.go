package session

import (
	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// The engine's node cap (Options.MaxNodes) counts the current iteration of
// IDS and IDA* only, while their journal keeps every iteration's nodes for
// the page (ids stable across iterations). So the hub caps what a session
// stores itself: no step past the journal's horizon once the search holds
// the session's node limit. A step within the horizon (after a back) redoes
// a journaled step and stores nothing. O(1).

// atCap reports whether s may not step forward: it stands at its horizon
// and holds the session's node limit, for a search whose own cap does not
// count every node it stores.
func (h *hub) atCap(s *stepper.Search) bool {
	if h.sess == nil || h.sess.maxNodes <= 0 || family(s.Options().Algorithm) != "stack" {
		return false
	}
	hz := s.Horizon()
	return s.StepCount() >= hz && s.NodeEnd(hz) >= h.sess.maxNodes
}

// capError says why a step was refused at the cap, and what to do instead.
func (h *hub) capError() error {
	s := h.search
	return usererr.Errorf("server", "this session holds %d nodes, this server's limit (%d); %s keeps every iteration's nodes so the page can show them. Step back or reset, or run it to the end with stepviz solve", s.NodeEnd(s.Horizon()), h.sess.maxNodes, s.Options().Algorithm)
}
