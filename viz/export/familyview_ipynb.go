package export

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
	"stepviz/viz/raster"
)

// familyNotebook is what a game or local search's notebook says: the
// cells that rebuild the search in the stepviz kernel, and the view at
// the last step as the last cell's output (its summary lines and its
// drawing), so the notebook reads without running it.
type familyNotebook struct {
	title, problem, options, status string
	steps                           int
	summary                         []string // the view's summary lines
	svg                             func(io.Writer) error
}

// FamilyIpynbCells returns the stepviz-kernel cells that rebuild a game
// or local search at step steps: the problem line, the search line and
// "step k" (none at step 0).
func FamilyIpynbCells(problem, options string, steps int) []string {
	cells := []string{problem, "search " + options}
	if steps > 0 {
		cells = append(cells, fmt.Sprintf("step %d", steps))
	}
	return cells
}

// write writes an nbformat 4.5 notebook for the stepviz kernel: an intro
// cell, then the kernel cells, the last holding the view's summary as a
// stream output (Jupyter shows it above the drawing) and the view's
// drawing as a display_data output: image/png rasterised from the svg
// export's drawing at its own size (as the kernel's saved pictures are:
// nbconvert's html exporter empties an SVG output, and Jupyter shows an
// untrusted notebook's PNG), the summary its text/plain. Cost: a raster
// of the drawing (bounded by raster.MaxSide).
func (f familyNotebook) write(w io.Writer) error {
	var svg bytes.Buffer
	if err := f.svg(&svg); err != nil {
		return err
	}
	pic, err := raster.PNGBytes(svg.Bytes(), 1)
	if err != nil {
		return usererr.Errorf("export", "ipynb: drawing the view: %w", err)
	}
	nb := notebook{
		Metadata: map[string]any{
			"kernelspec":    map[string]any{"name": "stepviz", "display_name": "stepviz", "language": "stepviz"},
			"language_info": LanguageInfo(),
			"stepviz":       map[string]any{"format": FormatName, "version": Version, "problem": f.problem, "options": f.options, "steps": f.steps},
		},
		NBFormat: 4, NBFormatMinor: 5,
	}
	intro := fmt.Sprintf("# %s\n\nProblem: `%s`\n\nSearch: `%s`\n\nThe cells below rebuild the search and take its %d steps (status after them: %s); the last cell shows the search at that step. Run them with the stepviz kernel to step on.",
		f.title, f.problem, f.options, f.steps, f.status)
	nb.Cells = append(nb.Cells, map[string]any{"id": "intro", "cell_type": "markdown", "metadata": map[string]any{}, "source": nbLines(intro)})
	cells := FamilyIpynbCells(f.problem, f.options, f.steps)
	for i, src := range cells {
		outputs := []any{}
		if i == len(cells)-1 {
			summary := nbLines(strings.Join(f.summary, "\n") + "\n")
			outputs = append(outputs,
				map[string]any{"output_type": "stream", "name": "stdout", "text": summary},
				map[string]any{
					"output_type": "display_data", "metadata": map[string]any{},
					"data": map[string]any{"text/plain": summary, "image/png": base64.StdEncoding.EncodeToString(pic)},
				})
		}
		nb.Cells = append(nb.Cells, map[string]any{
			"id": fmt.Sprintf("cell-%d", i+1), "cell_type": "code", "metadata": map[string]any{},
			"source": nbLines(src), "execution_count": nil, "outputs": outputs,
		})
	}
	b, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		return usererr.Errorf("export", "ipynb: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// GameSummary is a game view's summary as the notebook shows it: the step,
// status and counts, the MCTS phases, what the step did and, once over,
// the value and principal variation.
func GameSummary(v *game.View) []string {
	lines := []string{fmt.Sprintf("step %d · %s · nodes %d · leaves %d · pruned %d", v.Step, v.Status, v.Result.Nodes, v.Result.Leaves, v.Result.Pruned)}
	lines = append(lines, v.Phases...)
	lines = append(lines, v.Says)
	if v.Status != game.Running {
		lines = append(lines, fmt.Sprintf("value %s for MAX, best move %s, principal variation %s", v.Value, v.Result.Best, strings.Join(v.PVMoves, " ")))
	}
	return lines
}

// LocalSummary is a local view's summary as the notebook shows it: the
// step, status, h and restarts, what the step did and the state.
func LocalSummary(v *local.View) []string {
	return []string{fmt.Sprintf("step %d · %s · h %s · restarts %d", v.Step, v.Status, v.HText, v.Restarts), v.Says, "state: " + v.StateName}
}

func gameIpynb(w io.Writer, v *game.Viewer, rows func(func(game.Row) error) error) error {
	if err := rows(func(game.Row) error { return nil }); err != nil {
		return err
	}
	vw := v.View()
	return familyNotebook{gameTitle(vw.Algorithm), vw.Problem, vw.Options, string(vw.Status), vw.Step, GameSummary(vw),
		func(w io.Writer) error { return GameSVG(w, vw) }}.write(w)
}

func localIpynb(w io.Writer, v *local.Viewer, rows func(func(local.Row) error) error) error {
	if err := rows(func(local.Row) error { return nil }); err != nil {
		return err
	}
	vw := v.View()
	r := v.Search().Result()
	return familyNotebook{localTitle(v.Search().Options().Algorithm), r.Problem, v.Search().Options().String(), string(vw.Status), vw.Step, LocalSummary(vw),
		func(w io.Writer) error { return LocalSVG(w, vw) }}.write(w)
}
