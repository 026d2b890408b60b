package session

// A session shown by a room of a cluster (stepviz serve -nats) is moved
// on the instance where the presenter steps, and on the others by the
// room's events. While an instance cannot receive those, the room tells
// its sessions here what each role should read (SetSharing): the
// followers, that the lecturer's steps are not reaching this server; the
// presenter, that students on other servers are not receiving the steps.
// Each client is sent a sharing message when its text changes and on
// joining while it is set; "" clears it.

// SharingMsg says whether the steps of the session reach this client's
// server from the others (or the presenter's reach them): Message is what
// to show until the next sharing message, "" when all is well again.
type SharingMsg struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// SetSharing sets what the session's followers and its presenter read
// about the sharing of steps between servers ("" for nothing) and sends
// it to each client whose text changed. It reports false if the session
// has stopped. It must not be called inside Do. Cost: O(clients).
func (s *Session) SetSharing(followers, presenter string) bool {
	h := s.hub
	return h.do(func() {
		old := h.sharing
		h.sharing = [2]string{followers, presenter}
		for c := range h.clients {
			if t := h.sharingFor(c); t != sharingText(old, c) {
				h.deliver(c, text(Encode(SharingMsg{Type: MsgSharing, Message: t})))
			}
		}
	})
}

// sharingFor is the sharing text c reads now. Hub goroutine only.
func (h *hub) sharingFor(c *client) string { return sharingText(h.sharing, c) }

// sharingText is c's text of a SetSharing pair.
func sharingText(pair [2]string, c *client) string {
	if c.role == RolePresenter {
		return pair[1]
	}
	return pair[0]
}
