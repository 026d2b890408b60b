package session

import (
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz"
)

// Live is the live state of a session as Do shows it: valid only inside
// Do's function, on the session's goroutine, which owns the search.
type Live struct {
	// Search is the live search. A reader may move it only if it puts it
	// back where it was before returning (a poll steps and seeks back).
	Search *stepper.Search
	// Last is the event of the step that led to the live state (nil at
	// step 0). It is the hub's: its memory is overwritten by the next
	// step, so a reader copies out what it keeps (a value, a Text, or
	// Last.Clone()) before Do's function returns.
	Last *stepper.Event
	// Info describes the instance as the session's pages are told it.
	Info viz.ProblemInfo
	h    *hub
}

// ViewLimit is the furthest step a follower may view or export. O(1).
func (l Live) ViewLimit() int { return l.h.viewLimit() }

// Forward is the live search ready to look one step ahead: at the
// session's node limit a depth-first search first goes on in bounded mode,
// as the next step would (bounded.go), so a caller that takes a step and
// undoes it (a "next" poll) sees the step the class will see. O(1), or
// O(steps) once at the switch.
func (l Live) Forward() *stepper.Search { return l.h.forward() }

// Do runs f on the session's goroutine with its live state and waits for
// it: the way handlers read the search. It returns false if the session
// has stopped. f must not call back into the session.
func (s *Session) Do(f func(Live)) bool {
	h := s.hub
	return h.do(func() { f(Live{Search: h.search, Last: h.last, Info: h.info, h: h}) })
}

// Command applies one presenter command (step, back, seek, goal, contour,
// reset, play, pause, speed) as the presenter's page would, telling every
// page; it counts as the presenter's use of the session. Its error is in
// the user's words. It must not be called inside Do.
func (s *Session) Command(msg ClientMsg) error {
	if !isCommand(msg.Type) {
		return usererr.Errorf("server", "unknown command %q", msg.Type)
	}
	var err error
	if !s.hub.do(func() { s.hub.touch(); err = s.hub.command(msg) }) {
		return usererr.New("server", "the search has stopped")
	}
	return err
}

// MoveTo moves the live search to step, as another instance of a shared
// room moved it: a step message when step is the next step, else a move;
// nothing when it is there. wrap, when set, is called on the session's
// goroutine with the move to make, around which it may mark the move as
// not the presenter's own (its onMove sees it). It reports false if the
// session has stopped.
func (s *Session) MoveTo(step int, wrap func(move func())) bool {
	h := s.hub
	return h.do(func() {
		if h.search.StepCount() == step {
			return
		}
		move := func() {
			if step == h.search.StepCount()+1 && !h.search.Status().Done() {
				h.stepForward() // followers get a step, not the whole state
			} else {
				h.seek(step, reasonSeek)
			}
		}
		if wrap != nil {
			wrap(move)
		} else {
			move()
		}
	})
}

// Stats are a session's counters, for tests and the load benchmark.
type Stats struct {
	// Connected counts every open socket, the presenter's too; Followers
	// the others.
	Connected, Followers int
	// Coalesced counts the times a client's queue was replaced by one
	// state because it fell behind.
	Coalesced int64
}

// Stats reads the session's counters; safe from any goroutine. O(1).
func (s *Session) Stats() Stats {
	h := s.hub
	return Stats{Connected: int(h.connected.Load()), Followers: int(h.followers.Load()), Coalesced: h.coalesced.Load()}
}
