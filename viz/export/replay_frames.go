package export

import (
	"encoding/json"
	"io"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz"
	"stepviz/wire"
)

// The replay page embeds the frames a live viewer of the search is sent
// (package wire), decoded by the live page's own model (static/model.js),
// and the state strings and h a live viewer asks the server for. The
// payload (writeFrames) is text, one JSON value a line: the step messages
// of steps 1..N, exactly as the lecture server sends them, then one
// replayIndex. A viewer that joined at step 0 and followed every step gets
// the index's first key and the step messages in order; the other keys are
// the states a viewer joining at their step gets, so that the page reaches
// any step by one state and the step messages after it. The keys' headers
// leave out the chart's history (the page fills it in from Sizes). Size:
// O(nodes + steps): a key is put where the step messages since the last
// outweigh it keyWeight times, so the keys cost at most a keyWeight-th of
// what the steps cost, and a seek decodes one state and at most keyWeight
// states' worth of step messages.

// replayIndex is the payload's last line.
type replayIndex struct {
	Hello  wire.Hello  `json:"hello"`
	Steps  int         `json:"steps"`
	States []string    `json:"states"` // every node's state, by id
	H      []float64   `json:"h"`      // every node's h, by id
	Keys   []replayKey `json:"keys"`   // by ascending step; the first is step 0's
	// Sizes is the open and closed list sizes after steps 0..Steps, the
	// chart's history as the lecture server keeps it; the page samples
	// it into a state's header as the server does.
	Sizes []wire.Sizes `json:"sizes"`
}

// replayKey is a state frame (wire.Frame: header length, JSON header,
// records) showing step Step.
type replayKey struct {
	Step  int    `json:"step"`
	Frame []byte `json:"frame"` // base64 in JSON
}

// keyWeight is how many bytes of step messages outweigh one byte of a
// state: step messages are JSON that compresses many times better than
// packed records, and a step message costs the page little to apply. A
// variable so that tests can lower it.
var keyWeight = 32

// framesBuilder walks a session and records the frames.
type framesBuilder struct {
	d      *replayIndex
	s      *stepper.Search
	format wire.Format
	recs   []stepper.NodeRecord
	// since is the bytes of step messages since the last key; perNode
	// the last key's record bytes per node
	since, perNode int
}

// writeFrames writes the payload to w by stepping the session's search
// from step 0: each step's message as the lecture server builds it
// (wire.NewStep), then the index: the hello, the states and h, a state at
// step 0 and one wherever the steps since the last outweigh it. It
// returns the number of steps. Cost: O(steps + nodes) record reads and
// encodes, plus the keys' O(nodes) each; it holds the index, never the
// step messages.
func writeFrames(sess *session, w io.Writer) (int, error) {
	s := sess.s
	s.Reset()
	info := viz.DescribeSearch(s)
	d := &replayIndex{Hello: wire.Hello{Type: wire.MsgHello, Role: "follower", Problem: info, Legend: viz.Legend()}}
	b := &framesBuilder{d: d, s: s, format: wire.FormatOf(info), perNode: 1}
	b.addStates(s.NodeEnd(0))
	d.Sizes = append(d.Sizes, wire.Sizes{s.Counters().Open, s.Counters().Closed})
	if err := b.key(nil); err != nil {
		return 0, err
	}
	steps, err := sess.walk(func(ev *stepper.Event) error {
		b.addStates(s.NodeEnd(ev.Step))
		d.Sizes = append(d.Sizes, wire.Sizes{ev.Counters.Open, ev.Counters.Closed})
		f, err := json.Marshal(wire.NewStep(s, *ev, s, b.format, viz.Narrate(*ev, s.Options())))
		if err != nil {
			return usererr.Errorf("export", "html: step %d: %w", ev.Step, err)
		}
		if _, err := w.Write(append(f, '\n')); err != nil {
			return err
		}
		b.since += len(f)
		if b.since >= keyWeight*b.perNode*s.NodeEnd(ev.Step) {
			return b.key(ev)
		}
		return nil
	})
	if err != nil {
		return steps, err
	}
	d.Steps = steps
	f, err := json.Marshal(d)
	if err != nil {
		return steps, usererr.Errorf("export", "html: %w", err)
	}
	_, err = w.Write(append(f, '\n'))
	return steps, err
}

// addStates appends the states and h of the nodes made up to end.
func (b *framesBuilder) addStates(end int) {
	for id := len(b.d.States); id < end; id++ {
		st, h := b.s.StateOf(id)
		b.d.States, b.d.H = append(b.d.States, st), append(b.d.H, h)
	}
}

// key appends the state at the search's step; last is the event that led
// there (nil at step 0).
func (b *framesBuilder) key(last *stepper.Event) error {
	s := b.s
	k := s.StepCount()
	b.recs = s.Records(0, s.NodeEnd(k), b.recs[:0])
	recs, costs := wire.EncodeState(b.recs, b.format)
	narration := ""
	if last != nil {
		narration = viz.Narrate(*last, s.Options())
	}
	v := wire.NewView(s, wire.MsgState, wire.ReasonJoin, costs, last, narration)
	v.Live = k
	f, err := wire.Frame(v, recs)
	if err != nil {
		return usererr.Errorf("export", "html: step %d: %w", k, err)
	}
	b.d.Keys = append(b.d.Keys, replayKey{Step: k, Frame: f})
	b.since, b.perNode = 0, max(1, len(recs)/max(1, len(b.recs)))
	return nil
}
