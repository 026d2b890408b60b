// Package modelcheck checks the page's model (static/model.js) against the
// engine by running it: a test records the frames a viewer receives (from
// a live session or an HTML replay), writes beside each what the engine
// says at that frame's step ([ExpectAt]), and [Check] feeds them to
// server/testdata/model_check.mjs under node, which applies each frame to
// model.js and compares. Only tests import it.
package modelcheck

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/wire"
)

// Run is what model_check.mjs reads for one client: the hello it got and
// each state, move and step frame with the engine's answer.
type Run struct {
	Name   string          `json:"name"`
	Hello  json.RawMessage `json:"hello"`
	Frames []Frame         `json:"frames"`
}

// Frame is one frame: its type, JSON (a binary frame's header), packed
// records and the expectation after applying it.
type Frame struct {
	Kind   string          `json:"kind"`
	Msg    json.RawMessage `json:"msg"`
	Recs   []byte          `json:"recs"` // base64 in JSON
	Expect Expect          `json:"expect"`
}

// Expect is the model as the engine says it must be.
type Expect struct {
	Step      int    `json:"step"`
	NodeEnd   int    `json:"nodeEnd"`
	IterStart int    `json:"iterStart"`
	Head      []int  `json:"head"`
	Status    string `json:"status"`
	Path      []int  `json:"path"`
	// Nodes are node i's values, or with Held set node Held[i]'s.
	Nodes []Node `json:"nodes"`
	// Held, when the search holds only its path and pending siblings
	// (stepper.Search.HeldIDs), are the ids held, ascending: the model
	// must hold exactly those, and Dropped, ids below NodeEnd it must
	// show as dropped.
	Held    []int `json:"held,omitempty"`
	Dropped []int `json:"dropped,omitempty"`
	// Earlier, when set, are the iterations before the one shown as the
	// family strip must list them (WalkEarlier).
	Earlier []wire.EarlierIteration `json:"earlier,omitempty"`
	// HeadKeys are the engine's sort keys of the head's nodes, in its
	// order: priority and tie as Number text (the seq is the record's,
	// checked with the node).
	HeadKeys []Key `json:"headKeys,omitempty"`
}

// WalkEarlier lists the iterations before the one shown at step k of
// journaled, a search that holds every node, by walking its records as the
// page's dense model does: each iteration's root is a node without a
// parent, an iteration holds the ids from its root to the next, and its
// last step is the one before the next root was made. It moves journaled
// to step k. O(IterStart).
func WalkEarlier(journaled *stepper.Search, k int) []wire.EarlierIteration {
	journaled.Seek(k)
	from := wire.IterStart(journaled, k)
	var roots []int
	for id := range from {
		if journaled.Record(id).Parent < 0 {
			roots = append(roots, id)
		}
	}
	roots = append(roots, from)
	var out []wire.EarlierIteration
	for i := 0; i+1 < len(roots); i++ {
		out = append(out, wire.EarlierIteration{Iteration: i + 1, Nodes: roots[i+1] - roots[i], LastStep: max(0, journaled.Record(roots[i+1]).Born-1)})
	}
	return out
}

// Key is one open node's sort key as model_check.mjs compares it.
type Key struct {
	Priority string `json:"priority"`
	Tie      string `json:"tie"`
}

// Node is one node's expected values; fields a node need not match are
// left out (nil).
type Node struct {
	Parent   *int     `json:"parent,omitempty"`
	G        *float64 `json:"g,omitempty"`
	Depth    *int     `json:"depth,omitempty"`
	Status   string   `json:"status,omitempty"`
	Seq      *int     `json:"seq,omitempty"`
	Born     *int     `json:"born,omitempty"`
	Order    *int     `json:"order,omitempty"`
	Cell     *int     `json:"cell,omitempty"`
	StoredF  *string  `json:"storedF,omitempty"` // a number's text, "Infinity" for ∞
	Backward *bool    `json:"backward,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// Number writes a float as model_check.mjs parses it back exactly.
func Number(x float64) string {
	if math.IsInf(x, 1) {
		return "Infinity"
	}
	if math.IsInf(x, -1) {
		return "-Infinity"
	}
	b, _ := json.Marshal(x)
	return string(b)
}

// ExpectAt is what the engine says a viewer's model holds at step k: ext
// when the frames carry each record's stored f and side, cells when they
// carry each node's cell, headKeys when they carry the head's sort keys.
// It moves want to step k. When want holds only its path and pending
// siblings (Options.Checkpoint), the nodes expected are those held, and a
// few ids between them are expected dropped: O(held), whatever the ids.
func ExpectAt(want *stepper.Search, k int, ext, cells, headKeys bool) Expect {
	want.Seek(k)
	e := Expect{Step: k, NodeEnd: want.NodeCount(), IterStart: wire.IterStart(want, k), Head: want.OpenHead(wire.HeadSize, []int{}),
		Status: string(want.Status()), Path: want.Path()}
	if headKeys {
		for _, id := range e.Head {
			key := stepper.OpenKey(want.Options(), want.Node(id))
			e.HeadKeys = append(e.HeadKeys, Key{Number(key.Priority), Number(key.Tie)})
		}
	}
	ids, sparse := want.HeldIDs(nil)
	if sparse {
		e.Held = append([]int{}, ids...)
		for i := 1; i < len(ids) && len(e.Dropped) < 8; i++ {
			if ids[i] > ids[i-1]+1 {
				e.Dropped = append(e.Dropped, ids[i]-1)
			}
		}
	} else {
		ids = make([]int, e.NodeEnd)
		for id := range ids {
			ids[id] = id
		}
	}
	for _, id := range ids {
		var n Node
		rec := want.Record(id)
		if ext {
			n.StoredF, n.Backward = ptr(Number(rec.F)), ptr(rec.Backward)
		}
		if id >= e.IterStart {
			ni := want.Node(id)
			n.Parent, n.G, n.Depth, n.Status, n.Born = ptr(ni.Parent), ptr(ni.G), ptr(ni.Depth), ni.Status.String(), ptr(ni.Step)
			if rec.Fate == stepper.BaseOpen && ni.Status == stepper.NodeOpen {
				n.Seq = ptr(rec.Seq)
			}
			if ni.Order > 0 {
				n.Order = ptr(ni.Order)
			}
			if cells {
				n.Cell = ptr(rec.Cell)
			}
		}
		e.Nodes = append(e.Nodes, n)
	}
	return e
}

// Check runs model_check.mjs on runs and fails the test with what it
// reports; what names the frames in that message.
func Check(t *testing.T, runs []*Run, what string) {
	t.Helper()
	node := testenv.Tool(t, "node", "nodejs")
	script, err := checker()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "frames.json")
	data, err := json.Marshal(runs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, script, file).CombinedOutput()
	frames := 0
	for _, r := range runs {
		frames += len(r.Frames)
	}
	if err != nil || !strings.Contains(string(out), "frames checked") {
		t.Fatalf("model.js does not follow the engine on %s (%d runs, %d frames): %v\n%s", what, len(runs), frames, err, out)
	}
	t.Logf("%d runs: %s", len(runs), strings.TrimSpace(string(out)))
}

// checker is server/testdata/model_check.mjs of the module the test runs
// in, found from the working directory up to go.mod.
func checker() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "server", "testdata", "model_check.mjs"), nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", os.ErrNotExist
		}
		dir = up
	}
}
