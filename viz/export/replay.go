package export

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// Replay rebuilds the session the trace records: it parses the problem and
// the options, takes the recorded steps and checks that every event the
// engine reports is the recorded one. It returns the search at step k, the
// same search the trace was exported from. A difference is an error that
// names the first step and field that differ (the file was hand-edited, or
// made by a stepviz whose engine behaves differently). Cost: a replay of k
// steps with events.
func (t *Trace) Replay() (*stepper.Search, error) { return t.ReplayContext(context.Background()) }

// ReplayContext is Replay, stopped when ctx is done: it looks between
// steps, so it returns at most one step's work after ctx ends (one step
// of a script's heuristics is bounded by the sandbox's per-call limits).
func (t *Trace) ReplayContext(ctx context.Context) (*stepper.Search, error) {
	s, err := t.Search()
	if err != nil {
		return nil, err
	}
	if got := s.Options().String(); got != t.Options {
		return nil, usererr.Errorf("export", "field options: %q normalizes to %q: the trace was not written by stepviz's exporter", t.Options, got)
	}
	if got := s.Instance().Spec(); got != t.Problem {
		return nil, usererr.Errorf("export", "field problem: %q reads back as %q", t.Problem, got)
	}
	if root := s.Node(0); !root.Equal(t.Root) && !t.Root.Equal(stepper.NodeInfo{}) {
		return nil, usererr.Errorf("export", "field root: the trace's start node %s differs from the engine's %s", t.Root.State, root.State)
	}
	var got stepper.Event // each step's, compared and dropped: one event's memory
	for i := range t.Events {
		want := &t.Events[i]
		if err := ctx.Err(); err != nil {
			return nil, usererr.Errorf("export", "replaying stopped at step %d of %d: %w", want.Step, len(t.Events), context.Cause(ctx))
		}
		if !s.StepInto(&got) {
			return nil, usererr.Errorf("export", "step %d: the trace has %d steps but the search ends at step %d (%s)", want.Step, len(t.Events), s.StepCount(), s.Status())
		}
		if err := s.Err(); err != nil && want.Status != stepper.Failed {
			return nil, usererr.Errorf("export", "step %d: the search failed here, where the trace goes on: %w", want.Step, err)
		}
		if err := sameEvent(want, &got); err != nil {
			return nil, usererr.Errorf("export", "step %d: %w", want.Step, err)
		}
	}
	if s.Status() != t.Status && t.Status != "" {
		return nil, usererr.Errorf("export", "field status: the trace says %q after step %d, the engine %q", t.Status, t.Steps, s.Status())
	}
	return s, nil
}

// sameEvent compares a recorded event with the engine's, naming the first
// field that differs.
func sameEvent(want, got *stepper.Event) error {
	if want.Expanded.ID != got.Expanded.ID || !want.Expanded.State.Equal(got.Expanded.State) {
		return fmt.Errorf("the trace expands node %d (%s) but the engine expands node %d (%s)", want.Expanded.ID, want.Expanded.State, got.Expanded.ID, got.Expanded.State)
	}
	if !want.Expanded.Equal(got.Expanded) {
		return fmt.Errorf("expanded node %d: the trace has %s, the engine %s", got.Expanded.ID, nodeLine(want.Expanded), nodeLine(got.Expanded))
	}
	if len(want.Children) != len(got.Children) {
		return fmt.Errorf("the trace has %d children, the engine generates %d", len(want.Children), len(got.Children))
	}
	for j := range want.Children {
		w, g := want.Children[j], got.Children[j]
		if !w.Equal(g) {
			return fmt.Errorf("child %d: the trace has %s (%s), the engine %s (%s)", j+1, nodeLine(w.NodeInfo), w.Fate, nodeLine(g.NodeInfo), g.Fate)
		}
	}
	if want.Status != got.Status {
		return fmt.Errorf("the trace says status %q, the engine %q", want.Status, got.Status)
	}
	if want.Counters != got.Counters {
		return fmt.Errorf("counters: the trace has %+v, the engine %+v", want.Counters, got.Counters)
	}
	a, _ := json.Marshal(want)
	b, _ := json.Marshal(got)
	if !bytes.Equal(a, b) {
		return fmt.Errorf("the node expanded, its children, the status and the counters agree, but the event's other details (its key, ties, path or limits) differ from the engine's; a trace written by another version of stepviz can differ there: export it again with this one to compare:\n  trace:  %s\n  engine: %s", a, b)
	}
	return nil
}

func nodeLine(n stepper.NodeInfo) string {
	return fmt.Sprintf("#%d %s g=%s h=%s f=%s parent=%d depth=%d %s", n.ID, n.State, num(n.G), num(n.H), n.Shown().F, n.Parent, n.Depth, n.Status)
}

// num writes a cost as traces do: at most three decimals, no trailing zeros.
func num(x float64) string { return stepper.FormatNumber(x) }
