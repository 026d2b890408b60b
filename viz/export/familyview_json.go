package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"stepviz/internal/usererr"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// gameTail is the last line of a game search's jsonl export and the
// closing fields of its json export: the view's result, value and
// principal variation.
type gameTail struct {
	Result  game.Result `json:"result"`
	Value   string      `json:"value"`
	PVMoves []string    `json:"pv,omitempty"`
}

func gameTailOf(v *game.Viewer) gameTail {
	vw := v.View()
	return gameTail{vw.Result, vw.Value, vw.PVMoves}
}

// localTail is the last line of a local search's jsonl export and the
// closing field of its json export.
type localTail struct {
	Result local.Result `json:"result"`
}

func gameHeader(v *game.Viewer) familyHeader {
	r := v.Search().Result()
	return familyHeader{"stepviz-game-steps", 1, r.Problem, r.Options}
}

func localHeader(v *local.Viewer) familyHeader {
	return familyHeader{"stepviz-local-steps", 1, v.Search().Result().Problem, v.Search().Options().String()}
}

// writeFamilyJSON writes one JSON object: the header's fields, "steps"
// with the rows rows calls each with, one a line (what the jsonl export
// writes a line each), then tail's fields, read from the view after the
// last row. The rows are streamed: the memory is one row's, whatever the
// search's length, and the steps are bounded as the jsonl's are.
func writeFamilyJSON[R any](w io.Writer, h familyHeader, rows func(func(R) error) error, tail func() any) error {
	hb, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return usererr.Errorf("export", "%w", err)
	}
	if _, err := fmt.Fprintf(w, "%s,\n  \"steps\": [", hb[:len(hb)-2]); err != nil { // reopen the header object
		return err
	}
	n := 0
	err = rows(func(r R) error {
		b, err := json.Marshal(r)
		if err != nil {
			return usererr.Errorf("export", "%w", err)
		}
		sep := ",\n    "
		if n == 0 {
			sep = "\n    "
		}
		n++
		_, err = fmt.Fprintf(w, "%s%s", sep, b)
		return err
	})
	if err != nil {
		return err
	}
	tb, err := json.MarshalIndent(tail(), "", "  ")
	if err != nil {
		return usererr.Errorf("export", "%w", err)
	}
	end := "\n  ]"
	if n == 0 {
		end = "]"
	}
	_, err = fmt.Fprintf(w, "%s,%s\n", end, bytes.TrimPrefix(tb, []byte("{")))
	return err
}

// localRows calls each with the start's row (step 0), then rows' rows:
// the rows the jsonl and json exports of a local search write.
func localRows(v *local.Viewer, rows func(func(local.Row) error) error) func(func(local.Row) error) error {
	return func(each func(local.Row) error) error {
		if err := each(v.Row()); err != nil {
			return err
		}
		return rows(each)
	}
}
