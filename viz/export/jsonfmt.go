package export

import (
	"encoding/json"
	"fmt"
	"io"

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
// the steps that differ.
func writeJSON(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	return t.WriteJSON(w)
}

// WriteJSON writes t in the JSON trace format ([ReadTrace] reads it back).
func (t *Trace) WriteJSON(w io.Writer) error {
	h, err := json.MarshalIndent(headerOf(t), "", "  ")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	// Reopen the header object to append the events.
	h = h[:len(h)-2] // drop "\n}"
	if _, err := fmt.Fprintf(w, "%s,\n  \"events\": [", h); err != nil {
		return err
	}
	for i := range t.Events {
		b, err := json.Marshal(&t.Events[i])
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		sep := ","
		if i == 0 {
			sep = ""
		}
		if _, err := fmt.Fprintf(w, "%s\n    %s", sep, b); err != nil {
			return err
		}
	}
	if len(t.Events) > 0 {
		_, err = io.WriteString(w, "\n  ]\n}\n")
	} else {
		_, err = io.WriteString(w, "]\n}\n")
	}
	return err
}

// writeJSONL writes the header object on the first line, then one event
// per line.
func writeJSONL(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(headerOf(t)); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for i := range t.Events {
		if err := enc.Encode(&t.Events[i]); err != nil {
			return fmt.Errorf("export: %w", err)
		}
	}
	return nil
}
