package session

import (
	"strings"

	"stepviz/stepper"
	codec "stepviz/wire"
)

// stateInstead: a move that would send more new nodes than this, to the
// live step, sends the shared live state instead (the same bytes every
// joiner gets, already built).
const stateInstead = 20000

// completing reads records from s at step at and completes the expansion
// steps s's journal does not reach from other's longer journal (the live
// search and the scratch search explore the same deterministic search).
type completing struct {
	s, other *stepper.Search
	at       int
}

func (c completing) Record(id int) stepper.NodeRecord { return c.complete(id, c.s.Record(id)) }

// complete fills in r's expansion step from other's journal.
func (c completing) complete(id int, r stepper.NodeRecord) stepper.NodeRecord {
	if r.Order == 0 && r.Fate == stepper.BaseOpen && c.other != nil {
		if oh := c.other.Horizon(); oh > c.s.Horizon() && id < c.other.NodeEnd(oh) {
			r.Order = c.other.OrderAfter(id, c.at)
		}
	}
	return r
}

// liveMoved notes that the live search changed step: the shared state and
// the list caches of the old step are stale.
func (h *hub) liveMoved() {
	h.liveVersion++
	h.liveRecsValid = false
	if k := h.search.StepCount(); k > h.furthest {
		h.furthest = k
	}
}

// stepForward takes one step of the live search and sends its event to
// every client that shows the live step; the others (exploring) are told
// the live step moved. The event is written into the hub's buffer (h.ev,
// Search.StepInto) and becomes h.last; the step message is encoded before
// stepForward returns, so the next step may overwrite it.
func (h *hub) stepForward() {
	evp := &h.ev
	take := func(s *stepper.Search) bool { return s.StepInto(evp) }
	if h.freshEvents {
		evp = new(stepper.Event)
		take = func(s *stepper.Search) (ok bool) { *evp, ok = s.Step(); return ok }
	}
	if !h.advance(take) {
		return
	}
	ev := *evp
	h.liveVersion++
	h.furthest = max(h.furthest, ev.Step)
	h.stepRecords(ev)
	h.last = evp
	h.record(ev.Step, ev.Counters)
	h.moved()
	m := h.stepMessage(ev)
	step := text(h.encodeStep(&m))
	var meta *outMsg
	for c := range h.clients {
		if c.cursor == ev.Step-1 {
			c.cursor, c.horizon = ev.Step, max(c.horizon, ev.Step)
			h.deliver(c, step)
			continue
		}
		if meta == nil {
			m := text(Encode(h.metaMessage()))
			meta = &m
		}
		h.deliver(c, *meta)
	}
}

// stepMessage builds the message of one step: the event, its narration,
// the sort keys of the children it left open, and the records of every
// node the step touched, as at this step.
func (h *hub) stepMessage(ev stepper.Event) stepMsg {
	other := h.scratch
	if bounded(h.search) {
		other = nil // a bounded journal knows no other step's orders
	}
	m := codec.NewStep(h.search, ev, completing{h.search, other, ev.Step}, formatOf(h.info), Narrate(h.search, ev))
	m.Playing = h.playing
	if m.Held {
		m.Narration += h.heldNote()
	}
	ids, _ := codec.RecordIDs(h.search, ev)
	m.HeadKeys = h.stepHeadKeys(ev, m.Head, ids)
	return m
}

// record notes the list sizes after step k.
func (h *hub) record(k int, c stepper.Counters) { h.history.add(k, sizesOf(c)) }

// seek moves the live search to step k, one step at a time going forward
// so the chart's history stays complete (a depth-first search that
// reaches the session's node limit on the way goes on in bounded mode,
// bounded.go), and sends every client that
// showed the live step a move computed from what it holds (clients that
// hold the same are sent the same bytes); the others are told where live
// went.
func (h *hub) seek(k int, reason string) {
	s := h.search
	old := s.StepCount()
	if k <= s.StepCount() {
		s.Seek(k)
	} else {
		run := func(s *stepper.Search) bool { s.Run(1); return true }
		for h.search.StepCount() < k && (!h.search.Status().Done() || h.atCap(h.search)) && h.advance(run) {
			h.record(h.search.StepCount(), h.search.Counters())
		}
		s = h.search
	}
	h.liveMoved()
	h.last = nil
	if n := s.StepCount(); n > 0 {
		if ev, err := s.EventAt(n); err == nil {
			h.last = &ev
		}
	}
	h.moved()
	to := s.StepCount()
	type held struct{ cursor, horizon int }
	type sent struct {
		m       outMsg
		horizon int
	}
	moves := map[held]sent{}
	var meta *outMsg
	for c := range h.clients {
		if c.cursor != old {
			if meta == nil {
				m := text(Encode(h.metaMessage()))
				meta = &m
			}
			h.deliver(c, *meta)
			continue
		}
		key := held{c.cursor, c.horizon}
		mv, ok := moves[key]
		if !ok {
			mv.m, mv.horizon = h.moveMessage(s, h.scratch, c.cursor, c.horizon, to, reason, 0)
			moves[key] = mv
		}
		c.cursor, c.horizon = to, mv.horizon
		h.deliver(c, mv.m)
	}
}

// moveMessage is what moves a client from step from, holding the records
// of every node up to step k (its horizon), to step to: the records of the
// nodes re-parented or reopened between from and to, and past k the nodes
// made and the expansions after k. s stands at step to, and its journal
// reaches from and to. It returns the message and the client's horizon
// after it.
func (h *hub) moveMessage(s, other *stepper.Search, from, k, to int, reason string, id int) (outMsg, int) {
	if bounded(s) {
		return h.heldMessage(s, reason, id), to
	}
	hz := s.Horizon()
	held := s.NodeEnd(min(k, hz))
	var ids []int
	for _, n := range s.ModdedIn(min(from, to), max(from, to), nil) {
		if n < held {
			ids = append(ids, n)
		}
	}
	if to > k {
		end := s.NodeEnd(to)
		if s == h.search && end-held > stateInstead && h.stateFresh() {
			return outMsg{data: h.stateFrame(reason), binary: true, large: true}, to
		}
		for n := held; n < end; n++ {
			ids = append(ids, n)
		}
		for _, n := range s.ExpandedIn(k, to, nil) {
			if n < held {
				ids = append(ids, n)
			}
		}
	}
	enc := newRecEncoder(completing{s, other, to}, formatOf(h.info))
	enc.AddIDs(ids)
	last := h.last
	if s != h.search {
		last = nil
		if to > 0 {
			if ev, err := s.EventAt(to); err == nil {
				last = &ev
			}
		}
	}
	v := h.view(s, last, MsgMove, reason, id, enc.Costs())
	return outMsg{data: frame(v, enc.Bytes()), binary: true, large: true}, max(k, to)
}

// view is the JSON header of a state or move: search s at its step.
func (h *hub) view(s *stepper.Search, last *stepper.Event, typ, reason string, id int, costs []float64) view {
	narration := ""
	if last != nil {
		narration = Narrate(s, *last)
	}
	v := codec.NewView(s, typ, reason, costs, last, narration)
	if v.Held = bounded(s); v.Held {
		v.Earlier = codec.EarlierIterations(s, v.Step)
		v.Narration = strings.TrimSpace(v.Narration + h.heldNote())
	}
	v.Live, v.ID, v.Playing, v.Speed, v.Followers = h.search.StepCount(), id, h.playing, h.speed, int(h.followers.Load())
	v.History, v.HistoryStride = h.history.upTo(v.Step)
	return v
}

// sample returns at most max points of hist and the stride between them:
// steps 0, stride, 2·stride, …, so point i stands for step i·stride (the
// last few steps may fall between two points).
func sample(hist []sizes, max int) ([]sizes, int) {
	if len(hist) <= max {
		return append([]sizes(nil), hist...), 1
	}
	stride := (len(hist) + max - 1) / max
	out := make([]sizes, 0, max+1)
	for i := 0; i < len(hist); i += stride {
		out = append(out, hist[i])
	}
	return out, stride
}

// heldMessage is a move of a client to search s's step when s holds only
// its path and pending siblings (bounded.go): the records of every node
// held, whatever the client held before (wire.View.Held), so its size is
// that of what is shown, never of the ids. s is the live search or the
// scratch one. O(held · log held), plus the event of s's step for the
// scratch search.
func (h *hub) heldMessage(s *stepper.Search, reason string, id int) outMsg {
	ids, _ := s.HeldIDs(nil)
	enc := newRecEncoder(s, formatOf(h.info))
	enc.AddIDs(ids)
	last := h.last
	if s != h.search {
		last = nil
		if to := s.StepCount(); to > 0 {
			if ev, err := s.EventAt(to); err == nil {
				last = &ev
			}
		}
	}
	v := h.view(s, last, MsgMove, reason, id, enc.Costs())
	return outMsg{data: frame(v, enc.Bytes()), binary: true, large: true}
}
