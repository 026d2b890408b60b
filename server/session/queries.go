package session

import (
	"fmt"
	"slices"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz"
)

// openHeadRows: a rows query of the open list that ends within this many
// rows is answered by a walk of the frontier (O(n²) in n, no sort); past
// it, from the open list sorted once per step.
const openHeadRows = 256

// listCache holds the open list in pop order of one step, for rows
// queries deep into it. A search is deterministic, so step alone is the key.
type listCache struct {
	step int
	open []int
}

func (h *hub) helloFor(c *client) []byte {
	return Encode(hello{Type: MsgHello, Session: h.sess.ID, Role: c.role, Problem: h.info, MaxNodes: h.sess.maxNodes, Legend: viz.StatusLegend})
}

// viewLimit is the furthest step a view may show: exploreAhead past the
// live step, or the furthest step the presenter reached; while a poll
// holds views (hold.go), the poll's step or the live step. Views
// never move it.
func (h *hub) viewLimit() int {
	live := h.search.StepCount()
	if k, held := h.heldAt(); held {
		return max(k, live)
	}
	return max(live+ExploreAhead, h.furthest)
}

func (h *hub) refuse(c *client, msg ClientMsg, format string, args ...any) {
	h.deliver(c, text(Encode(ErrorMessage(msg.Type, fmt.Sprintf(format, args...)))))
}

// query answers a read-only query. Every answer but inspect's is large: a
// client may have one of them queued or being written at a time; another
// meanwhile is refused with "busy" (the client retries when the first is
// in).
func (h *hub) query(c *client, msg ClientMsg) {
	if msg.Type != QueryInspect && (c.inflight.Load() || c.cursor < 0) {
		h.refuse(c, msg, "busy: your previous %s answer is still on its way; ask again when it has arrived", msg.Type)
		return
	}
	switch msg.Type {
	case QueryLive:
		h.moveClient(c, h.search.StepCount(), reasonLive, msg.ID)
	case QueryView:
		h.moveClient(c, min(msg.Step, h.viewLimit()), reasonView, msg.ID)
	case QueryStates:
		h.states(c, msg)
	case QueryRows:
		h.rows(c, msg)
	case QueryInspect:
		m, err := h.inspect(msg)
		if err != nil {
			h.refuse(c, msg, "%s", usererr.Text(err))
			return
		}
		if h.hidesOrder(c) {
			m.Key = nil // hide.go
		}
		h.deliver(c, text(Encode(m)))
	}
}

// moveClient moves one client's model to step t (a view or live query).
func (h *hub) moveClient(c *client, t int, reason string, id int) {
	s, other := h.search, h.scratch
	if t != s.StepCount() || s.Horizon() < c.cursor {
		s, other = h.scratchAt(t, max(t, c.cursor)), h.search
		t = s.StepCount()
	}
	m, horizon := h.moveMessage(s, other, c.cursor, c.horizon, t, reason, id)
	c.cursor, c.horizon = t, horizon
	c.inflight.Store(true)
	h.deliver(c, m)
}

// scratchAt returns the scratch search at step k (or its last step), its
// journal reaching at least step need (or the search's end); a bounded
// search (bounded.go) keeps no journal to reach, so need is moot.
func (h *hub) scratchAt(k, need int) *stepper.Search {
	if h.scratch == nil {
		s, err := stepper.NewSearch(h.search.Instance(), h.search.Options())
		if err != nil { // the same instance and options built the live search
			s = h.search
		}
		h.scratch = s
	}
	if h.scratch.Horizon() < need && !bounded(h.scratch) {
		h.scratch.Seek(need)
	}
	h.scratch.Seek(k)
	return h.scratch
}

// known is how many nodes some journal knows.
func (h *hub) known() (*stepper.Search, int) {
	s := h.search
	if h.scratch != nil && h.scratch.Horizon() > s.Horizon() {
		s = h.scratch
	}
	return s, s.NodeEnd(s.Horizon())
}

// states answers a states query: state strings and h never change, so any
// journal that knows the node answers. O(ids).
func (h *hub) states(c *client, msg ClientMsg) {
	if bounded(h.search) {
		h.heldStates(c, msg)
		return
	}
	s, n := h.known()
	if _, held := h.heldAt(); held {
		// the nodes past the held step are the answer's children
		if k := h.viewLimit(); k <= s.Horizon() {
			n = min(n, s.NodeEnd(k))
		}
	}
	m := statesMsg{Type: msgStates, ID: msg.ID, States: make([]nodeState, 0, len(msg.IDs))}
	for _, id := range msg.IDs {
		if id >= n {
			h.refuse(c, msg, "states: node %d does not exist yet (the search has %d nodes so far)", id, n)
			return
		}
		st, hv := s.StateOf(id)
		m.States = append(m.States, nodeState{ID: id, State: st, H: hv, HFailed: id == s.HFailed()})
	}
	c.inflight.Store(true)
	h.deliver(c, outMsg{data: Encode(m), large: true})
}

// rows answers a rows query at the client's step: the open list in pop
// order, or the closed list most recent expansion first (a node reopened
// and expanded again is listed at its last expansion). Cost O((offset +
// count)²) for the head of the open list, O(open · log open) once per step
// beyond it, and O(offset + count) steps of the journal for the closed
// list.
func (h *hub) rows(c *client, msg ClientMsg) {
	k := c.cursor
	s := h.search
	if k != s.StepCount() {
		s = h.scratchAt(k, k)
	}
	m := rowsMsg{Type: MsgRows, ID: msg.ID, List: msg.List, Step: k, Offset: msg.Offset, Rows: []stepper.NodeInfo{}}
	end := msg.Offset + msg.Count
	if msg.List == "open" {
		var ids []int
		hide := h.hidesOrder(c) // hide.go: id order, no keys
		if hide {
			ids = openByID(s.OpenOrder(nil))
		} else if end <= openHeadRows {
			ids = s.OpenHead(end, nil)
		} else {
			if h.lists.open == nil || h.lists.step != k {
				h.lists = listCache{step: k, open: s.OpenOrder(nil)}
			}
			ids = h.lists.open
		}
		m.Total = s.Counters().Open
		for _, id := range ids[min(msg.Offset, len(ids)):min(end, len(ids))] {
			n := s.Node(id)
			m.Rows = append(m.Rows, n)
			if !hide {
				m.Keys = append(m.Keys, openKey(s.Options(), n))
			}
		}
	} else if bounded(s) {
		m.Rows, m.Total = heldClosed(s, msg.Offset, msg.Count)
	} else {
		m.Total = s.Counters().Closed
		skip := msg.Offset
		for step := k; step >= 1 && len(m.Rows) < msg.Count; step-- {
			id := s.ExpandedIn(step-1, step, nil)[0]
			r := s.Record(id)
			if r.Order != step || r.GoalPop {
				continue
			}
			if skip > 0 {
				skip--
				continue
			}
			m.Rows = append(m.Rows, s.Node(id))
		}
	}
	c.inflight.Store(true)
	h.deliver(c, outMsg{data: Encode(m), large: true})
}

// inspect describes one node at one step.
func (h *hub) inspect(msg ClientMsg) (InspectMsg, error) {
	s := h.scratchAt(min(msg.Step, h.viewLimit()), 0)
	step := s.StepCount()
	if msg.Node >= s.NodeCount() {
		return InspectMsg{}, usererr.Errorf("server", "node %d does not exist at step %d (there are %d nodes)", msg.Node, step, s.NodeCount())
	}
	m := InspectMsg{Type: MsgInspect, ID: msg.ID, Step: step, Node: s.Node(msg.Node), Terms: s.Explain(msg.Node)}
	if m.Node.Status == stepper.NodeOpen {
		k := openKey(s.Options(), m.Node)
		m.Key = &k
	}
	if err := s.Err(); m.Node.HFailed && err != nil {
		m.HError = usererr.Text(err)
	}
	for id, guard := msg.Node, 0; id >= 0 && guard <= s.NodeCount(); guard++ {
		n := s.Node(id)
		m.Path = append(m.Path, n)
		id = n.Parent
	}
	for i, j := 0, len(m.Path)-1; i < j; i, j = i+1, j-1 {
		m.Path[i], m.Path[j] = m.Path[j], m.Path[i]
	}
	if m.Node.Order > 0 && m.Node.Order <= step {
		if ev, err := s.EventAt(m.Node.Order); err == nil {
			m.Children = ev.Children
		}
	}
	return m, nil
}

// heldStates answers a states query when the search is bounded
// (bounded.go): the nodes held at the client's step, each a node the
// search at that step holds (the live search, or the scratch one moved
// there); an id not held there is left out of the answer, and the page
// does not ask for it again. O(ids + a seek of the scratch search).
func (h *hub) heldStates(c *client, msg ClientMsg) {
	s := h.search
	if c.cursor != s.StepCount() {
		s = h.scratchAt(c.cursor, 0)
	}
	m := statesMsg{Type: msgStates, ID: msg.ID, States: make([]nodeState, 0, len(msg.IDs))}
	for _, id := range msg.IDs {
		if id < 0 || id >= s.NodeCount() || s.Node(id).Status == stepper.NodeDropped {
			continue
		}
		st, hv := s.StateOf(id)
		m.States = append(m.States, nodeState{ID: id, State: st, H: hv, HFailed: id == s.HFailed()})
	}
	c.inflight.Store(true)
	h.deliver(c, outMsg{data: Encode(m), large: true})
}

// heldClosed is a page of the closed list of a bounded search: the closed
// nodes it holds (those on the current path), most recent expansion
// first, and how many there are; the others are dropped. O(held).
func heldClosed(s *stepper.Search, offset, count int) ([]stepper.NodeInfo, int) {
	ids, _ := s.HeldIDs(nil)
	var closed []stepper.NodeInfo
	for _, id := range ids {
		r := s.Record(id)
		if r.Order > 0 && r.Order <= s.StepCount() && !r.GoalPop {
			closed = append(closed, s.Node(id))
		}
	}
	slices.SortFunc(closed, func(a, b stepper.NodeInfo) int { return b.Order - a.Order })
	rows := closed[min(offset, len(closed)):min(offset+count, len(closed))]
	return append([]stepper.NodeInfo{}, rows...), len(closed)
}
