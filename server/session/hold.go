package session

// A "which node is expanded next?" poll asks about step P of a search; the
// step after it is the answer (its narration names the node expanded).
// While such a poll is open and not revealed, the search's hub holds every
// view, inspect and states query at the poll's step (or the live step, if
// the presenter has moved on: then the class has seen it anyway), so a
// student exploring their own copy cannot read the answer off step P+1.
// The hold is an atomic on the hub, read by the hub's queries without a
// lock; HoldViews sets it, then waits on the hub to tell every student its
// step again, so its caller must hold no lock the hub's onMove takes.

// holdViews holds the hub's views at step (step < 0 lifts the hold).
func (h *hub) holdViews(step int) {
	h.pollHold.Store(int64(step) + 1)
}

// heldAt reports the step views are held at, if a poll holds them.
func (h *hub) heldAt() (int, bool) {
	v := h.pollHold.Load()
	return int(v) - 1, v > 0
}

// HoldViews holds every follower's views, inspect and states queries at
// step, and tells each follower its step again without the open list's
// order (hide.go): a poll asking what is expanded after step is open. It
// waits on the session's goroutine.
func (s *Session) HoldViews(step int) {
	s.hub.holdViews(step)
	s.hub.do(s.hub.resendSteps)
}

// ReleaseViews lifts HoldViews and tells each follower its step again,
// with the open list's order.
func (s *Session) ReleaseViews() {
	s.hub.holdViews(-1)
	s.hub.do(s.hub.resendSteps)
}
