package session

// deliver queues m for c without ever blocking the hub. A client whose
// queue is full has fallen behind: its queued messages are dropped and it
// is sent the live state instead (shared by every client that needs it,
// built at most once per live step), so it catches up in one message and
// nobody waits for it. The hub is the only sender on c.send, so after the
// drain there is room.
func (h *hub) deliver(c *client, m outMsg) {
	if !h.clients[c] {
		return
	}
	if h.hidesOrder(c) {
		m = h.withoutHead(m) // hide.go
	}
	select {
	case c.send <- m:
		return
	default:
	}
	for drained := false; !drained; {
		select {
		case <-c.send:
		default:
			drained = true
		}
	}
	c.inflight.Store(false)
	h.coalesced.Add(1)
	h.sendState(c, reasonBehind)
}

func (h *hub) metaMessage() MetaMsg {
	return MetaMsg{Type: MsgMeta, Live: h.search.StepCount(), Status: string(h.search.Status()),
		Playing: h.playing, Speed: h.speed, Followers: int(h.followers.Load())}
}

func (h *hub) broadcastMeta() {
	m := text(Encode(h.metaMessage()))
	for c := range h.clients {
		h.deliver(c, m)
	}
}
