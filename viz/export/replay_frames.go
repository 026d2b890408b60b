package export

import (
	"encoding/json"
	"fmt"

	"stepviz/stepper"
	"stepviz/viz"
	"stepviz/wire"
)

// replayFrames is what the replay page embeds: the frames a live viewer of
// the search is sent (package wire), decoded by the live page's own model
// (static/model.js), and the state strings and h a live viewer asks the
// server for. A viewer that joined at step 0 and followed every step gets
// Keys[0] and Frames in order; the other keys are the states a viewer
// joining at their step gets, so that the page reaches any step by one
// state and the step messages after it. The keys' headers leave out the
// chart's history (the page rebuilds it from the steps' counters). Size:
// O(nodes + steps) (a key is put where the step messages since the last
// outweigh it, so the keys cost at most what the steps cost), and a seek
// decodes at most about twice a state's bytes.
type replayFrames struct {
	Hello  wire.Hello        `json:"hello"`
	Steps  int               `json:"steps"`
	States []string          `json:"states"` // every node's state, by id
	H      []float64         `json:"h"`      // every node's h, by id
	Keys   []replayKey       `json:"keys"`   // by ascending step; the first is step 0's
	Frames []json.RawMessage `json:"frames"` // the step messages of steps 1..Steps
}

// replayKey is a state frame (wire.Frame: header length, JSON header,
// records) showing step Step.
type replayKey struct {
	Step  int    `json:"step"`
	Frame []byte `json:"frame"` // base64 in JSON
}

// keyWeight is how many bytes of step messages outweigh one byte of a
// state: step messages are JSON that compresses about this much better.
const keyWeight = 4

// framesBuilder walks a session and records the frames.
type framesBuilder struct {
	d      *replayFrames
	s      *stepper.Search
	format wire.Format
	recs   []stepper.NodeRecord
	// since is the bytes of step messages since the last key; perNode
	// the last key's record bytes per node
	since, perNode int
}

// buildFrames fills d by stepping the session's search from step 0: the
// hello, a state at step 0, each step's message as the lecture server
// builds it (wire.NewStep) and a state wherever the steps since the last
// outweigh it. Cost: O(steps + nodes) record reads and encodes, plus the
// keys' O(nodes) each.
func buildFrames(sess *session, d *replayFrames) (int, error) {
	s := sess.s
	s.Reset()
	info := wire.Describe(s)
	d.Hello = wire.Hello{Type: wire.MsgHello, Role: "follower", Problem: info, Legend: viz.Legend()}
	b := &framesBuilder{d: d, s: s, format: wire.FormatOf(info), perNode: 1}
	b.addStates(s.NodeEnd(0))
	if err := b.key(nil); err != nil {
		return 0, err
	}
	steps, err := sess.walk(func(ev *stepper.Event) error {
		b.addStates(s.NodeEnd(ev.Step))
		m := wire.NewStep(s, *ev, s, b.format, viz.Narrate(*ev, s.Options()))
		f, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("export: html: step %d: %w", ev.Step, err)
		}
		d.Frames = append(d.Frames, f)
		b.since += len(f)
		if b.since >= keyWeight*b.perNode*s.NodeEnd(ev.Step) {
			return b.key(ev)
		}
		return nil
	})
	d.Steps = steps
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
		return fmt.Errorf("export: html: step %d: %w", k, err)
	}
	b.d.Keys = append(b.d.Keys, replayKey{Step: k, Frame: f})
	b.since, b.perNode = 0, max(1, len(recs)/max(1, len(b.recs)))
	return nil
}
