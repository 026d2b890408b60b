package room

import "stepviz/server/session"

// While this instance cannot receive a shared room's events (NATS lost,
// or the stream keeping the rooms out of reach: the Bus says so through
// behindTeller), the presenter's steps made on another instance do not
// reach the people following the room here, and nothing else would tell
// them: their page stays at the last step shared. So the room tells them,
// on the room's page and on each of its searches' pages, until the
// instance has caught up. Where the presenter is connected here, the
// steps do show here; it is the other instances that miss them, so the
// presenter is told that instead, and the followers here nothing.

// The words each side reads while the room is behind.
const (
	behindFollowers = "The lecturer's steps are not reaching this server just now (it has lost its link to the lecturer's server). Stay on this page: it catches up by itself as soon as the link is back."
	behindPresenter = "Students on other servers are not receiving your steps just now (this server has lost its link to theirs). Carry on: their pages catch up by themselves as soon as the link is back."
)

// MsgSharing is the room's message saying whether the steps are shared
// with this server: session.SharingMsg, as on a search's own page.
const MsgSharing = session.MsgSharing

// behindTeller is a Bus that says when this instance falls behind a room
// it follows and when it has caught up (cluster.Bus does).
type behindTeller interface {
	OnBehind(f func(room string, behind bool))
}

// behind is the OnBehind function of the rooms: it tells the room's
// clients and sessions here.
func (rs *Rooms) behind(id string, behind bool) {
	rs.mu.Lock()
	r := rs.by[id]
	rs.mu.Unlock()
	if r != nil {
		r.setBehind(behind)
	}
}

// setBehind records whether the room is behind here and sends each of
// its clients here, and each of its searches' pages, what it should read
// now. Calls are serialised (sharingMu), so the last call's state is the
// one shown. Cost: O(clients + searches).
func (r *Room) setBehind(behind bool) {
	r.sharingMu.Lock()
	defer r.sharingMu.Unlock()
	r.mu.Lock()
	r.behind = behind
	followers, presenter := r.sharingLocked()
	for c := range r.clients {
		r.sendLocked(c, session.Encode(session.SharingMsg{Type: MsgSharing, Message: pick(c.presenter, followers, presenter)}))
	}
	ids := make([]string, 0, len(r.history))
	for _, se := range r.history {
		ids = append(ids, se.ID)
	}
	r.mu.Unlock()
	for _, id := range ids {
		if sess, ok := r.rs.cfg.Sessions.Get(id); ok {
			sess.SetSharing(followers, presenter)
		}
	}
}

// sharingLocked is what the followers and the presenter read now: nothing
// while the room is not behind; else the followers' words, or the
// presenter's when the presenter is connected to this instance (to the
// room's page or to a search's own). Called with r.mu held.
func (r *Room) sharingLocked() (followers, presenter string) {
	if !r.behind {
		return "", ""
	}
	if r.presenterHereLocked() {
		return "", behindPresenter
	}
	return behindFollowers, ""
}

// presenterHereLocked reports whether a presenter is connected to this
// instance: to the room's page or to one of its searches' pages. Called
// with r.mu held. Cost: O(clients + searches).
func (r *Room) presenterHereLocked() bool {
	for c := range r.clients {
		if c.presenter {
			return true
		}
	}
	for _, se := range r.history {
		if sess, ok := r.rs.cfg.Sessions.Get(se.ID); ok {
			if st := sess.Stats(); st.Connected > st.Followers {
				return true
			}
		}
	}
	return false
}

// pick is presenter's text for a presenter, else followers'.
func pick(isPresenter bool, followers, presenter string) string {
	if isPresenter {
		return presenter
	}
	return followers
}
