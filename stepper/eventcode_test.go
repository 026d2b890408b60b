package stepper_test

import (
	"encoding/json"
	"strings"
	"testing"

	"stepviz/stepper"
)

// TestNodeStatusAndFateJSON checks that each status, fate and direction
// is written as its word, read back to itself, and that an unknown word
// is refused.
func TestNodeStatusAndFateJSON(t *testing.T) {
	statuses := map[stepper.NodeStatus]string{
		stepper.NodeOpen: "open", stepper.NodeClosed: "closed", stepper.NodeDiscarded: "discarded", stepper.NodeGoal: "goal",
		stepper.NodeCutoff: "cutoff", stepper.NodeForgotten: "forgotten", stepper.NodeDropped: "dropped", 0: "",
	}
	for s, word := range statuses {
		checkWord(t, s, word, new(stepper.NodeStatus))
	}
	fates := map[stepper.Fate]string{
		stepper.FateAdded: "added", stepper.FateClosed: "ignored-closed", stepper.FateOpen: "ignored-open",
		stepper.FateReparented: "reparented", stepper.FateReopened: "reopened", stepper.FateGoal: "goal",
		stepper.FateDepthLimited: "depth-limit", stepper.FateCutoff: "cutoff", 0: "",
	}
	for f, word := range fates {
		checkWord(t, f, word, new(stepper.Fate))
	}
	dirs := map[stepper.Direction]string{stepper.Forward: "forward", stepper.Backward: "backward", 0: ""}
	for d, word := range dirs {
		checkWord(t, d, word, new(stepper.Direction))
	}
	for _, bad := range []string{`"opened"`, `"OPEN"`, `"added "`, `"Forward"`} {
		if err := json.Unmarshal([]byte(bad), new(stepper.Direction)); err == nil {
			t.Errorf("direction %s was read", bad)
		}
		if err := json.Unmarshal([]byte(bad), new(stepper.NodeStatus)); err == nil {
			t.Errorf("status %s was read", bad)
		}
		if err := json.Unmarshal([]byte(bad), new(stepper.Fate)); err == nil {
			t.Errorf("fate %s was read", bad)
		}
	}
}

// checkWord checks that v writes word in JSON and as String, and that
// the JSON read into back gives v again.
func checkWord[T interface {
	comparable
	String() string
}](t *testing.T, v T, word string, back *T) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%v: %v", word, err)
	}
	want, _ := json.Marshal(word)
	if string(b) != string(want) || v.String() != word {
		t.Errorf("%q: JSON %s, String %q", word, b, v.String())
	}
	if err := json.Unmarshal(b, back); err != nil || *back != v {
		t.Errorf("%q read back as %v (%v)", word, *back, err)
	}
}

// FuzzNodeStatusText checks that a word read as a status is written back
// unchanged, and that anything else is refused.
func FuzzNodeStatusText(f *testing.F) {
	for _, s := range []string{"open", "closed", "", "dropped", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, word string) {
		var s stepper.NodeStatus
		if err := s.UnmarshalText([]byte(word)); err != nil {
			return
		}
		if s.String() != word {
			t.Errorf("%q read as %v", word, s)
		}
		var fate stepper.Fate
		if err := fate.UnmarshalText([]byte(word)); err == nil && fate.String() != word {
			t.Errorf("fate %q read as %v", word, fate)
		}
		var d stepper.Direction
		if err := d.UnmarshalText([]byte(word)); err == nil && d.String() != word {
			t.Errorf("direction %q read as %v", word, d)
		}
	})
}

// TestNodeDirJSON: a node's dir is written as its word after its status,
// left out when the node has no side, and read back to itself.
func TestNodeDirJSON(t *testing.T) {
	for _, c := range []struct {
		dir  stepper.Direction
		want string // the JSON from "status" on
	}{
		{0, `"status":"open","seq":3,"step":2}`},
		{stepper.Forward, `"status":"open","dir":"forward","seq":3,"step":2}`},
		{stepper.Backward, `"status":"open","dir":"backward","seq":3,"step":2}`},
	} {
		n := stepper.NodeInfo{ID: 4, State: stepper.TextOf("Arad"), Parent: 1, Status: stepper.NodeOpen, Dir: c.dir, Seq: 3, Step: 2}
		b, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(b); !strings.HasSuffix(got, `"depth":0,`+c.want) {
			t.Errorf("dir %v: JSON %s, want it to end %s", c.dir, got, c.want)
		}
		var back stepper.NodeInfo
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(n) {
			t.Errorf("dir %v: %s read back as %+v (%v)", c.dir, b, back, err)
		}
	}
}
