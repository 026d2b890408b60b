package server

// A "which node is expanded next?" poll asks about step P of a search; the
// step after it is the answer (its narration names the node expanded).
// While such a poll is open and not revealed, the search's hub holds every
// view, inspect and states query at the poll's step (or the live step, if
// the presenter has moved on: then the class has seen it anyway), so a
// student exploring their own copy cannot read the answer off step P+1.
// The hold is an atomic on the hub, set by the room without a call into
// the hub's goroutine, so a room holding its lock never waits on a hub.

// holdViews holds the hub's views at step (step < 0 lifts the hold).
func (h *hub) holdViews(step int) {
	h.pollHold.Store(int64(step) + 1)
}

// heldAt reports the step views are held at, if a poll holds them.
func (h *hub) heldAt() (int, bool) {
	v := h.pollHold.Load()
	return int(v) - 1, v > 0
}

// holdsViews reports whether poll p holds its search's views: an open
// "next" poll.
func holdsViews(p *livePoll) bool {
	return p != nil && p.Kind == pollNext && !p.Revealed
}

// applyHold holds the views of search id at step (hold) or lifts its hold,
// if this process runs that session (a session started later gets the
// hold from room.start). It must be called without r.mu held: it waits on
// the hub.
func (r *room) applyHold(id string, step int, hold bool) {
	sess, ok := r.rs.srv.sessions.get(id)
	if !ok {
		return
	}
	if !hold {
		sess.hub.holdViews(-1)
		sess.hub.do(sess.hub.resendSteps) // with the open list's order again
		return
	}
	sess.hub.holdViews(step)
	sess.hub.do(sess.hub.resendSteps) // back to the hold, without the order (poll_hide.go)
}
