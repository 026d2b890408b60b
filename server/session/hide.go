package session

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"slices"
)

// While a "which node is expanded next?" poll holds a search
// (hold.go), nothing a student's socket receives says which open node
// is popped next: state, move and step messages carry an empty head (the
// open list's first nodes in pop order), a rows query of the open list is
// answered in node id order without sort keys, and an inspect answer
// without the node's sort key. Each node's g and h still arrive: they are
// what the question asks the class to reason with. The presenter's
// sockets are told everything. When the poll opens, every student is sent
// its step again without the head (so a page holds no order it was sent
// before), and when it is revealed, again with it.

// hidesOrder reports whether c must not learn the open list's order now.
func (h *hub) hidesOrder(c *client) bool {
	_, held := h.heldAt()
	return held && c.role != RolePresenter
}

var headField = []byte(`"head":`)

// withoutHead returns m with its head emptied; other messages are returned
// as they are. The last rewrite is kept: the hub delivers one message to
// every student in turn, so each is rewritten once. O(len(m.data)).
func (h *hub) withoutHead(m outMsg) outMsg {
	if len(m.data) == 0 || !bytes.Contains(m.data, headField) {
		return m
	}
	if c := &h.headless; c.src != nil && &m.data[0] == c.src && len(m.data) == c.n {
		return c.out
	}
	out := m
	out.prep = nil // prepared for everyone, with the head
	if !m.binary {
		b, ok := emptyHead(m.data)
		if !ok {
			return m
		}
		out.data = b
	} else {
		if len(m.data) < recordsHeader {
			return m
		}
		n := int(binary.LittleEndian.Uint32(m.data))
		if n > len(m.data)-recordsHeader {
			return m
		}
		b, ok := emptyHead(m.data[recordsHeader : recordsHeader+n])
		if !ok {
			return m
		}
		out.data = frame(json.RawMessage(b), m.data[recordsHeader+n:])
	}
	h.headless = headlessCache{src: &m.data[0], n: len(m.data), out: out}
	return out
}

// headlessCache is withoutHead's last rewrite: the message it read (its
// first byte and length) and what it made.
type headlessCache struct {
	src *byte
	n   int
	out outMsg
}

// emptyHead rewrites a JSON object with its head field set to [] and
// without the head's keys (headkeys.go).
func emptyHead(b []byte) ([]byte, bool) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, false
	}
	if _, ok := obj["head"]; !ok {
		return b, true
	}
	obj["head"] = json.RawMessage("[]")
	delete(obj, "headKeys") // the head's keys say its order as well
	out, err := json.Marshal(obj)
	return out, err == nil
}

// openByID is the open list at search s's step in node id order: what a
// student's rows query is answered with while the order is hidden.
// O(open · log open).
func openByID(ids []int) []int {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// resendSteps sends every student its step again (a move to where it is,
// or back to the hold if it is past it), with the head or without it as
// the hold now says. Runs on the hub's goroutine.
func (h *hub) resendSteps() {
	limit := h.viewLimit()
	for c := range h.clients {
		if c.role == RolePresenter || c.cursor < 0 {
			continue
		}
		h.moveClient(c, min(c.cursor, limit), reasonSeek, 0)
	}
}
