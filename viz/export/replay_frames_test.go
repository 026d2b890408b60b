package export

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"stepviz/internal/modelcheck"
	"stepviz/stepper"
	"stepviz/wire"
)

// The replay's frames are checked as the live server's are
// (server/session/modeljs_test.go): the page's own model, static/model.js, is fed
// them under node by server/testdata/model_check.mjs, which compares the
// model after every frame with what the engine says at that step. The
// runs follow the paths replay.js takes: every step from the first state,
// and seeks (a key, then the step messages after it) back and forth.

// jsRun, jsFrame and jsExpect are model_check.mjs's input.
type (
	jsRun    = modelcheck.Run
	jsFrame  = modelcheck.Frame
	jsExpect = modelcheck.Expect
)

// expectAt is what the engine says the model holds at step k.
func expectAt(want *stepper.Search, ext, cells bool, k int) jsExpect {
	return modelcheck.ExpectAt(want, k, ext, cells, false)
}

// payload is a replay's frames as writeFrames writes them, split.
type payload struct {
	index replayIndex
	steps []json.RawMessage
}

func framesOf(t *testing.T, problem, opts string, upTo int) payload {
	t.Helper()
	sess, err := newSession(newSearch(t, problem, opts), upTo)
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.keepEveryNode(); err != nil { // as writeHTML does
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := writeFrames(sess, &b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	var p payload
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &p.index); err != nil {
		t.Fatalf("the index line: %v", err)
	}
	for _, l := range lines[:len(lines)-1] {
		p.steps = append(p.steps, json.RawMessage(l))
	}
	if len(p.steps) != p.index.Steps || len(p.index.Sizes) != p.index.Steps+1 || len(p.index.Keys) == 0 || p.index.Keys[0].Step != 0 {
		t.Fatalf("%d step lines, %d sizes, keys %d, for %d steps", len(p.steps), len(p.index.Sizes), len(p.index.Keys), p.index.Steps)
	}
	return p
}

// splitFrame is a binary frame's header and records (wire.Frame).
func splitFrame(t *testing.T, f []byte) (json.RawMessage, []byte) {
	t.Helper()
	if len(f) < wire.FrameHeader {
		t.Fatal("a key of fewer than 4 bytes")
	}
	n := int(binary.LittleEndian.Uint32(f))
	return json.RawMessage(f[wire.FrameHeader : wire.FrameHeader+n]), f[wire.FrameHeader+n:]
}

// replayRuns are the frames replay.js applies to follow every step and to
// seek to each of seeks, each with the engine's answer.
func replayRuns(t *testing.T, name, problem, opts string, upTo int, seeks []int) []*jsRun {
	t.Helper()
	p := framesOf(t, problem, opts, upTo)
	if keyWeight == 1 && p.index.Steps >= 50 && len(p.index.Keys) < 3 {
		t.Errorf("%s: %d keys in %d steps with key weight 1: the seeks would not start from a later key", name, len(p.index.Keys), p.index.Steps)
	}
	want := newSearch(t, problem, opts)
	info := p.index.Hello.Problem
	ext, cells := info.Ext, wire.HasCells(info.Kind)
	hello, err := json.Marshal(p.index.Hello)
	if err != nil {
		t.Fatal(err)
	}
	key := func(i int) jsFrame {
		msg, recs := splitFrame(t, p.index.Keys[i].Frame)
		return jsFrame{Kind: wire.MsgState, Msg: msg, Recs: recs, Expect: expectAt(want, ext, cells, p.index.Keys[i].Step)}
	}
	step := func(k int) jsFrame {
		return jsFrame{Kind: wire.MsgStep, Msg: p.steps[k-1], Expect: expectAt(want, ext, cells, k)}
	}
	follow := &jsRun{Name: name + ": every step", Hello: hello, Frames: []jsFrame{key(0)}}
	for k := 1; k <= p.index.Steps; k++ {
		follow.Frames = append(follow.Frames, step(k))
	}
	seek := &jsRun{Name: fmt.Sprintf("%s: seeks %v (%d keys)", name, seeks, len(p.index.Keys)), Hello: hello}
	at := -1
	for _, t := range seeks {
		t = min(t, p.index.Steps)
		i := len(p.index.Keys) - 1
		for p.index.Keys[i].Step > t {
			i--
		}
		if at < 0 || t < at || p.index.Keys[i].Step > at {
			seek.Frames = append(seek.Frames, key(i))
			at = p.index.Keys[i].Step
		}
		for ; at < t; at++ {
			seek.Frames = append(seek.Frames, step(at+1))
		}
	}
	return []*jsRun{follow, seek}
}

// TestReplayFramesDecodeWithModelJS: for every frontier, tie rule and
// family, the replay's frames (its keys, with keys as frequent as a
// state's bytes allow and as the page's files have them, and its step
// messages) bring the live page's model to the engine's search at every
// step reached by following and by seeking.
func TestReplayFramesDecodeWithModelJS(t *testing.T) {
	cases := []struct{ name, problem, opts string }{
		{"puzzle astar", "puzzle 867254301 goal=123456780", "astar h=manhattan"},
		{"puzzle astar lifo", "puzzle 867254301 goal=123456780", "astar tie=lifo"},
		{"puzzle astar high-g", "puzzle 867254301 goal=123456780", "astar h=manhattan tie=high-g"},
		{"puzzle bfs", "puzzle 283164705 goal=123804765", "bfs"},
		{"puzzle dls cutoff", "puzzle 867254301 goal=123456780", "dls depth=4"},
		{"tutorial grid (re-parents)", "grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "astar h=manhattan"},
		{"grid wastar reopen", "grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "wastar w=3 h=euclidean closed=reopen"},
		{"romania ucs lazy", "graph romania", "ucs lazy=true"},
		{"puzzle ids", "puzzle 283164705 goal=123804765", "ids"},
		{"puzzle idastar", "puzzle 867254301 goal=123456780", "idastar h=manhattan"},
		{"romania rbfs", "graph romania", "rbfs"},
		{"puzzle bibfs", "puzzle 867254301 goal=123456780", "bibfs"},
		{"romania biastar", "graph romania", "biastar"},
		{"romania beam", "graph romania", "beam width=2"},
		{"puzzle local beam", "puzzle 867254301 goal=123456780", "beam width=3 local=true"},
	}
	seeks := []int{120, 37, 38, 200, 5, 119, 0, 60}
	var runs []*jsRun
	for _, weight := range []int{1, keyWeight} {
		func() {
			defer func(w int) { keyWeight = w }(keyWeight)
			keyWeight = weight
			for _, c := range cases {
				runs = append(runs, replayRuns(t, fmt.Sprintf("%s, key weight %d", c.name, weight), c.problem, c.opts, 200, seeks)...)
			}
		}()
	}
	checkWithModelJS(t, runs)
}

// checkWithModelJS runs model_check.mjs on the runs and fails the test
// with what it reports.
func checkWithModelJS(t *testing.T, runs []*jsRun) {
	t.Helper()
	modelcheck.Check(t, runs, "the replay's frames")
}
