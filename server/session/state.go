package session

import (
	"slices"

	"github.com/gorilla/websocket"

	"stepviz/stepper"
	codec "stepviz/wire"
)

// The live state (every node's record at the live step) for joiners and
// clients that fell behind: built at most once per live step, shared by
// all of them, and encoded off the hub's goroutine. The hub's part is a
// copy of liveRecs, which it keeps current step by step.

// sliceSource is a captured copy of every record at the live step.
type sliceSource []stepper.NodeRecord

// capturedRecs is what a state build encodes: every record from id 0
// (sliceSource), or the records of the nodes a bounded search holds
// (heldSource, bounded.go).
type capturedRecs interface {
	encode(f recFormat) ([]byte, []float64)
}

func (r sliceSource) encode(f recFormat) ([]byte, []float64) { return codec.EncodeState(r, f) }

// heldSource is a captured copy of the records of the nodes held.
type heldSource codec.HeldRecords

func (r heldSource) encode(f recFormat) ([]byte, []float64) {
	return codec.EncodeHeld(codec.HeldRecords(r), f)
}

// stepRecords brings liveRecs to the step just taken: the new nodes, and
// the records of the nodes the step touched (the expanded node, its
// children, and the nodes its mods changed: re-parented and reopened
// children, RBFS's backups and forgotten subtrees); no other record
// changes on a step.
func (h *hub) stepRecords(ev stepper.Event) {
	if !h.liveRecsValid {
		return
	}
	s := h.search
	h.liveRecs = s.Records(len(h.liveRecs), s.NodeEnd(ev.Step), h.liveRecs)
	h.liveRecs[ev.Expanded.ID] = s.Record(ev.Expanded.ID)
	for _, c := range ev.Children {
		if c.ID >= 0 {
			h.liveRecs[c.ID] = s.Record(c.ID)
		}
	}
	for _, id := range s.ModdedIn(ev.Step-1, ev.Step, nil) {
		h.liveRecs[id] = s.Record(id)
	}
}

// stateFresh reports whether the cached state is the live step's.
func (h *hub) stateFresh() bool { return h.stateVersion == h.liveVersion }

// sendState sends c the live state: at once if it is built, else when its
// build ends (the client sees only meta messages until then, and its
// queries are refused as busy).
func (h *hub) sendState(c *client, reason string) {
	if h.stateFresh() {
		live := h.search.StepCount()
		c.cursor, c.horizon = live, live
		h.deliver(c, h.stateMsg(reason))
		return
	}
	c.cursor, c.horizon = -1, -1
	h.waiters[c] = reason
	h.buildState()
}

// capture takes what a state build needs from the live search: a copy of
// every record (of every node held, in bounded mode) and the header, whose
// event is a Clone of h.last (the header is encoded when the build ends,
// and on every later reason, after steps that overwrite the hub's event
// buffer). O(nodes) copying, no encoding.
func (h *hub) capture() (capturedRecs, view, int, int) {
	s := h.search
	last := h.last
	if last != nil {
		c := last.Clone()
		last = &c
	}
	live := s.StepCount()
	if ids, ok := s.HeldIDs(nil); ok {
		recs := make([]stepper.NodeRecord, len(ids))
		for i, id := range ids {
			recs[i] = s.Record(id)
		}
		return heldSource{IDs: ids, Recs: recs}, h.view(s, last, MsgState, "", 0, nil), live, h.liveVersion
	}
	end := s.NodeEnd(live)
	if !h.liveRecsValid {
		h.liveRecs = s.Records(0, end, h.liveRecs[:0])
		h.liveRecsValid = true
	}
	return sliceSource(slices.Clone(h.liveRecs[:end])), h.view(s, last, MsgState, "", 0, nil), live, h.liveVersion
}

// encodeState packs every record of a captured state (codec.EncodeState).
func encodeState(recs capturedRecs, f recFormat) ([]byte, []float64) {
	return recs.encode(f)
}

// buildState starts encoding the live state on its own goroutine, unless a
// build is under way; stateDone delivers it on the hub.
func (h *hub) buildState() {
	if h.stateBuilding {
		return
	}
	h.stateBuilding = true
	h.stateBuilds.Add(1)
	recs, header, live, version := h.capture()
	format := formatOf(h.info)
	go func() {
		buf, costs := encodeState(recs, format)
		select {
		case h.calls <- func() { h.stateDone(version, live, header, buf, costs) }:
		case <-h.quit:
		}
	}()
}

// stateDone caches a finished state and sends it to every client waiting,
// followed by a move to the live step if the live search moved meanwhile.
func (h *hub) stateDone(version, step int, header view, buf []byte, costs []float64) {
	h.stateBuilding = false
	h.setState(version, header, buf, costs)
	live := h.search.StepCount()
	for c, reason := range h.waiters {
		delete(h.waiters, c)
		if !h.clients[c] {
			continue
		}
		c.cursor, c.horizon = step, step
		h.deliver(c, h.stateMsg(reason))
		if c.cursor == step && (live != step || version != h.liveVersion) {
			m, hz := h.moveMessage(h.search, h.scratch, step, step, live, reasonLive, 0)
			c.cursor, c.horizon = live, hz
			h.deliver(c, m)
		}
	}
}

func (h *hub) setState(version int, header view, buf []byte, costs []float64) {
	h.stateVersion, h.stateHeader, h.stateRecs, h.stateCosts = version, header, buf, costs
	h.stateHeader.Costs = costs
	h.stateFrames = map[string][]byte{}
	h.statePrep = map[string]*websocket.PreparedMessage{}
}

// stateMsg is the cached state with a reason as a queued message, prepared
// once for every connection (compressed once, not per client).
func (h *hub) stateMsg(reason string) outMsg {
	f := h.stateFrame(reason)
	p, ok := h.statePrep[reason]
	if !ok {
		var err error
		if p, err = websocket.NewPreparedMessage(websocket.BinaryMessage, f); err != nil {
			p = nil
		}
		h.statePrep[reason] = p
	}
	return outMsg{data: f, binary: true, prep: p}
}

// stateFrame is the cached state's frame with a reason, encoded once per
// reason.
func (h *hub) stateFrame(reason string) []byte {
	if f, ok := h.stateFrames[reason]; ok {
		return f
	}
	v := h.stateHeader
	v.Reason = reason
	f := frame(v, h.stateRecs)
	h.stateFrames[reason] = f
	return f
}

// stateNow builds the live state on the calling goroutine (the hub's, or
// a benchmark's that owns the hub) and returns its frame.
func (h *hub) stateNow(reason string) []byte {
	recs, header, _, version := h.capture()
	buf, costs := encodeState(recs, formatOf(h.info))
	h.setState(version, header, buf, costs)
	return h.stateFrame(reason)
}
