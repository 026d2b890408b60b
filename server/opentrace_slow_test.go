package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

// TestSlowTraceHeuristicsBounded: a trace whose heuristic is slow on every
// call (the same values as a fast one, so the trace is valid) is refused
// once its check passes traceReplayTime, with a message saying why and
// what to do, instead of holding the upload for the sandbox's whole search
// budget.
func TestSlowTraceHeuristicsBounded(t *testing.T) {
	const fast = "def h_zero2(s):\n    return 0\n"
	// slow in time, light in Starlark steps (two builtins' calls a call):
	// the check's time runs out long before the search's step budget,
	// however fast the machine
	const slow = "def h_zero2(s):\n    x = str(list(range(40000)))\n    return 0\n"
	trace := heuristicTrace(t, "zero2", fast, slow, 3000)
	inst, err := problems.Parse("puzzle 867254301 goal=123456780", nil)
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions("astar h=zero2")
	if err != nil {
		t.Fatal(err)
	}
	// one step of the slow search, here and now: the race detector and a
	// loaded machine make it seconds long, and the check may finish the
	// step it is in when its time is up
	slowH, err := script.WithHeuristics(inst, stepper.ExtraSource{Where: "zero2.star", Text: slow})
	if err != nil {
		t.Fatal(err)
	}
	slowS, err := stepper.NewSearch(slowH, o)
	if err != nil {
		t.Fatal(err)
	}
	var step time.Duration
	for range 2 {
		t0 := time.Now()
		slowS.Step()
		step = max(step, time.Since(t0))
	}
	ts := newTestServer(t, New(Config{}))
	start := time.Now()
	resp, body := upload(t, ts.URL, trace)
	took := time.Since(start)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "takes over") || !strings.Contains(body, "stepviz replay") {
		t.Fatalf("upload: %s after %v, want 422 saying the check takes too long\n%s", resp.Status, took, body[strings.Index(body, "error"):][:800])
	}
	if strings.Contains(body, "server: ") || strings.Contains(body, "export: ") {
		t.Errorf("the refusal shows a package prefix to the lecturer")
	}
	if bound := traceReplayTime + 3*step + 2*time.Second; took > bound {
		t.Errorf("the upload was answered after %v, want within %v: its check is bounded by %v and one step (%v here)", took, bound, traceReplayTime, step)
	}
}

// sha is the hash a trace records for a source.
func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// jsonString is s as a JSON string's contents.
func jsonString(s string) string {
	return strings.NewReplacer("\\", "\\\\", "\"", "\\\"", "\n", "\\n").Replace(s)
}

// TestTraceFailingHeuristicSaysWhy: a trace whose heuristic fails on a
// state a later step generates (here: edited to fail where the recorded
// one answered) is refused with the heuristic's own error and the step it
// failed at, not as a difference of status.
func TestTraceFailingHeuristicSaysWhy(t *testing.T) {
	const fine = "def h_corner(s):\n    return 0\n"
	const failing = "def h_corner(s):\n    if s[0] == 0:\n        fail(\"no h for the blank in the corner\")\n    return 0\n"
	trace := heuristicTrace(t, "corner", fine, failing, 300)
	ts := newTestServer(t, New(Config{}))
	resp, body := upload(t, ts.URL, trace)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "the search failed here") || !strings.Contains(body, "no h for the blank in the corner") {
		t.Fatalf("upload: %s, want 422 naming the heuristic's failure\n%s", resp.Status, body[strings.Index(body, "error"):][:800])
	}
}

// heuristicTrace is the JSON trace of A* with the Starlark heuristic
// h_NAME of source recorded on the 8-puzzle 867254301 for steps steps,
// its source (and the source's hash) then replaced by edited: a trace
// whose recorded steps another heuristic must replay.
func heuristicTrace(t *testing.T, name, recorded, edited string, steps int) string {
	t.Helper()
	inst, err := problems.Parse("puzzle 867254301 goal=123456780", nil)
	if err != nil {
		t.Fatal(err)
	}
	withH, err := script.WithHeuristics(inst, stepper.ExtraSource{Where: name + ".star", Text: recorded})
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions("astar h=" + name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(withH, o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := export.Write(&b, "json", s, steps); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "h_"+name) {
		t.Fatal("the trace carries no heuristic source: the test would check nothing")
	}
	trace := strings.Replace(b.String(), jsonString(recorded), jsonString(edited), 1)
	trace = strings.Replace(trace, sha(recorded), sha(edited), 1)
	if trace == b.String() {
		t.Fatal("the heuristic source was not found in the trace to edit")
	}
	return trace
}
