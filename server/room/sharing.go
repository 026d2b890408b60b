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
// now. Calls are serialised with each other and with joins (sharingMu),
// so the last call's state is the one shown. Cost: O(clients + searches).
func (r *Room) setBehind(behind bool) {
	r.sharingMu.Lock()
	defer r.sharingMu.Unlock()
	r.mu.Lock()
	r.behind = behind
	ids := r.searchIDsLocked()
	r.mu.Unlock()
	followers, presenter := r.sharing()
	r.mu.Lock()
	for c := range r.clients {
		r.sendLocked(c, sharingMsg(c.presenter, followers, presenter))
	}
	r.mu.Unlock()
	for _, id := range ids {
		if sess, ok := r.rs.cfg.Sessions.Get(id); ok {
			sess.SetSharing(followers, presenter)
		}
	}
}

// sharing is what the followers and the presenter read now: nothing
// while the room is not behind; else the followers' words, or the
// presenter's when the presenter is connected to this instance (to the
// room's page or to a search's own). It takes r.mu, never while asking
// a session. Cost: O(clients + searches).
func (r *Room) sharing() (followers, presenter string) {
	r.mu.Lock()
	behind, here := r.behind, false
	for c := range r.clients {
		here = here || c.presenter
	}
	ids := r.searchIDsLocked()
	r.mu.Unlock()
	if !behind {
		return "", ""
	}
	for _, id := range ids {
		if sess, ok := r.rs.cfg.Sessions.Get(id); ok && !here {
			st := sess.Stats()
			here = st.Connected > st.Followers
		}
	}
	if here {
		return "", behindPresenter
	}
	return behindFollowers, ""
}

// searchIDsLocked are the ids of the room's searches. Called with r.mu
// held.
func (r *Room) searchIDsLocked() []string {
	ids := make([]string, 0, len(r.history))
	for _, se := range r.history {
		ids = append(ids, se.ID)
	}
	return ids
}

// sharingMsg is the sharing message of a client: the presenter's text
// for a presenter, else the followers'.
func sharingMsg(isPresenter bool, followers, presenter string) []byte {
	t := followers
	if isPresenter {
		t = presenter
	}
	return session.Encode(session.SharingMsg{Type: MsgSharing, Message: t})
}
