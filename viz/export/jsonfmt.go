package export

import (
	"encoding/json"
	"fmt"
	"io"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// header is the trace without its events, as the JSONL header line writes it.
type header struct {
	Format     string           `json:"format"`
	Version    int              `json:"version"`
	Problem    string           `json:"problem"`
	Kind       string           `json:"kind"`
	Options    string           `json:"options"`
	Steps      int              `json:"steps"`
	Status     string           `json:"status"`
	Warnings   []string         `json:"warnings,omitempty"`
	Root       stepper.NodeInfo `json:"root"`
	Result     Result           `json:"result"`
	Script     *Source          `json:"script,omitempty"`
	Heuristics []Source         `json:"heuristics,omitempty"`
}

func headerOf(t *Trace) header {
	return header{t.Format, t.Version, t.Problem, t.Kind, t.Options, t.Steps, string(t.Status), t.Warnings, t.Root, t.Result, t.Script, t.Heuristics}
}

// writeJSON writes the trace as one object: the header fields one per line,
// then "events" with one event per line, so that a diff of two traces shows
// the steps that differ. The events are streamed (session.summary): the
// memory is one event's, whatever the trace's length.
func writeJSON(w io.Writer, sess *session) error {
	if err := sess.forgetSubtrees(); err != nil {
		return err
	}
	t, err := sess.summary()
	if err != nil {
		return err
	}
	return writeJSONTo(w, t, func(each func(*stepper.Event) error) error {
		_, err := sess.walk(each)
		return err
	})
}

// WriteJSON writes t in the JSON trace format ([ReadTrace] reads it back).
func (t *Trace) WriteJSON(w io.Writer) error {
	return writeJSONTo(w, t, func(each func(*stepper.Event) error) error {
		for i := range t.Events {
			if err := each(&t.Events[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeJSONTo writes the header of t, then the events events calls each
// with, in order.
func writeJSONTo(w io.Writer, t *Trace, events func(each func(*stepper.Event) error) error) error {
	h, err := json.MarshalIndent(headerOf(t), "", "  ")
	if err != nil {
		return usererr.Errorf("export", "%w", err)
	}
	// Reopen the header object to append the events.
	h = h[:len(h)-2] // drop "\n}"
	if _, err := fmt.Fprintf(w, "%s,\n  \"events\": [", h); err != nil {
		return err
	}
	n := 0
	err = events(func(ev *stepper.Event) error {
		b, err := json.Marshal(ev)
		if err != nil {
			return usererr.Errorf("export", "%w", err)
		}
		sep := ","
		if n == 0 {
			sep = ""
		}
		n++
		_, err = fmt.Fprintf(w, "%s\n    %s", sep, b)
		return err
	})
	if err != nil {
		return err
	}
	if n > 0 {
		_, err = io.WriteString(w, "\n  ]\n}\n")
	} else {
		_, err = io.WriteString(w, "]\n}\n")
	}
	return err
}

// writeJSONL writes the header object on the first line, then one event
// per line, streamed as writeJSON streams them.
func writeJSONL(w io.Writer, sess *session) error {
	if err := sess.forgetSubtrees(); err != nil {
		return err
	}
	t, err := sess.summary()
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(headerOf(t)); err != nil {
		return usererr.Errorf("export", "%w", err)
	}
	_, err = sess.walk(func(ev *stepper.Event) error {
		if err := enc.Encode(ev); err != nil {
			return usererr.Errorf("export", "%w", err)
		}
		return nil
	})
	return err
}
