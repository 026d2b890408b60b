package stepper_test

import (
	"encoding/json"
	"testing"

	"stepviz/stepper"
)

// TestNodeStatusAndFateJSON checks that each status and fate is written
// as its word, read back to itself, and that an unknown word is refused.
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
	for _, bad := range []string{`"opened"`, `"OPEN"`, `"added "`} {
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
	})
}
