package export

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"stepviz/internal/usererr"
)

// notebook is the nbformat 4 document written by the "ipynb" format.
type notebook struct {
	Cells         []map[string]any `json:"cells"`
	Metadata      map[string]any   `json:"metadata"`
	NBFormat      int              `json:"nbformat"`
	NBFormatMinor int              `json:"nbformat_minor"`
}

// IpynbCells returns the stepviz-kernel cells that rebuild a trace: the
// problem line, the search line with every option, "step k" (none for a
// trace of no steps: the kernel's step counts from 1), and cells that show
// the lists and the tree. The notebook page uses it to open a trace as
// cells.
func IpynbCells(t *Trace) []string {
	cells := []string{t.Problem, "search " + t.Options}
	if t.Steps > 0 {
		cells = append(cells, fmt.Sprintf("step %d", t.Steps))
	}
	return append(cells, "show open\nshow closed", "show tree")
}

// writeIpynb writes an nbformat 4.5 notebook for the stepviz kernel whose
// cells rebuild the trace (no outputs: run it to see them).
func writeIpynb(w io.Writer, sess *session) error {
	t, err := sess.trace()
	if err != nil {
		return err
	}
	nb := notebook{
		Metadata: map[string]any{
			"kernelspec":    map[string]any{"name": "stepviz", "display_name": "stepviz", "language": "stepviz"},
			"language_info": LanguageInfo(),
			"stepviz":       map[string]any{"format": FormatName, "version": Version, "problem": t.Problem, "options": t.Options, "steps": t.Steps},
		},
		NBFormat: 4, NBFormatMinor: 5,
	}
	intro := fmt.Sprintf("# %s trace\n\nProblem: `%s`\n\nOptions: `%s`\n\nRules: %s.\n\nThe cells below rebuild the search and take its %d steps (status after them: %s). Run them with the stepviz kernel.",
		algoTitle(sess.opts), t.Problem, t.Options, rulesText(sess.opts), t.Steps, t.Status)
	nb.Cells = append(nb.Cells, map[string]any{"id": "intro", "cell_type": "markdown", "metadata": map[string]any{}, "source": nbLines(intro)})
	for i, src := range IpynbCells(t) {
		nb.Cells = append(nb.Cells, map[string]any{
			"id": fmt.Sprintf("cell-%d", i+1), "cell_type": "code", "metadata": map[string]any{},
			"source": nbLines(src), "execution_count": nil, "outputs": []any{},
		})
	}
	b, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		return usererr.Errorf("export", "ipynb: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// nbLines splits a cell's source as nbformat stores it: lines keeping
// their newline, the last without.
func nbLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
