package kernel

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"strings"

	"stepviz/internal/words"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
	"stepviz/viz/export"
)

// gameLocalKinds are the problem lines of game searches (stepper/game)
// and local searches (stepper/local).
var gameLocalKinds = append(append([]string(nil), game.Kinds...), local.Kinds...)

func isGameLocalKind(w string) bool {
	for _, k := range gameLocalKinds {
		if strings.EqualFold(w, k) {
			return true
		}
	}
	return false
}

// isGameLocalAlgo reports whether w names a game or a local search.
func isGameLocalAlgo(w string) bool {
	w = strings.ToLower(w)
	for _, a := range game.Algorithms {
		if w == string(a) {
			return true
		}
	}
	for _, a := range local.Algorithms {
		if w == string(a) {
			return true
		}
	}
	return false
}

// maxGameLocalSteps bounds run without a count: the steps a cell replays.
const maxGameLocalSteps = export.MaxFamilySteps

// gameLocal is a session's game or local problem and the search on it:
// one unnamed search, stepped through its view (game.Viewer or
// local.Viewer). Moving back replays from step 0, which the views make
// deterministic.
type gameLocal struct {
	g       game.Game
	p       local.Problem
	line    string // the search line
	gv      *game.Viewer
	lv      *local.Viewer
	display string
	shownIn int
}

func (gl *gameLocal) steps() int {
	switch {
	case gl.gv != nil:
		return gl.gv.Steps()
	case gl.lv != nil:
		return gl.lv.Steps()
	}
	return 0
}

// start makes a fresh viewer of the search line at step 0.
func (gl *gameLocal) start() error {
	if gl.g != nil {
		o, err := game.ParseOptions(gl.line)
		if err != nil {
			return err
		}
		gl.gv, err = game.NewViewer(gl.g, o)
		return err
	}
	o, err := local.ParseOptions(gl.line)
	if err != nil {
		return err
	}
	gl.lv, err = local.NewViewer(gl.p, o)
	return err
}

// step takes up to n steps; it reports whether any was taken.
func (gl *gameLocal) step(ctx context.Context, n int) (bool, error) {
	moved := false
	for i := 0; i < n; i++ {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return moved, &CellError{Msg: fmt.Sprintf("interrupted at step %d", gl.steps()), Err: err}
			}
		}
		var ok bool
		if gl.gv != nil {
			_, ok = gl.gv.Step()
		} else {
			_, ok = gl.lv.Step()
		}
		if !ok {
			break
		}
		moved = true
	}
	return moved, nil
}

// execGameLocal runs the commands that concern a game or local problem
// and reports whether it did; any other command runs as usual. A problem
// line of another kind ends the game or local problem.
func (s *Session) execGameLocal(ctx context.Context, c Command, emit func(Output)) (bool, error) {
	switch c.Verb {
	case "problem":
		f := strings.Fields(c.Problem)
		// a script line names a file: only a session that may read files
		// asks whether it is a game or local problem (which loads it)
		script := len(f) > 0 && strings.EqualFold(f[0], "script") && s.cfg.AllowFiles
		if len(f) == 0 || !isGameLocalKind(f[0]) && !(script && (game.IsKind(c.Problem) || local.IsKind(c.Problem))) {
			s.gl = nil
			return false, nil
		}
		gl := &gameLocal{}
		var err error
		if game.IsKind(c.Problem) {
			gl.g, err = game.ParseProblem(c.Problem)
		} else {
			gl.p, err = local.ParseProblem(c.Problem)
		}
		if err != nil {
			return true, err
		}
		s.gl, s.problem = gl, nil
		emit(s.gameLocalProblem(gl))
		return true, nil
	case "search":
		if c.GameLocal == "" {
			if s.gl != nil {
				return true, errorf("%s searches a puzzle, grid or graph; on this problem write %s", c.Options.Algorithm, s.gl.algoHint())
			}
			return false, nil
		}
		if s.gl == nil {
			return true, errorf("search %s needs a game or a local-search problem first: tictactoe, gametree [[3,12,8],[2,4,6],[14,5,2]], nim 3,4,5, connect4, queens 8 or tsp 10", strings.Fields(c.GameLocal)[0])
		}
		if c.Name != "" {
			return true, errorf("a game or local search in a notebook is unnamed: write search %s", c.GameLocal)
		}
		isGame := isAlgoOf(strings.Fields(c.GameLocal)[0], true)
		if isGame != (s.gl.g != nil) {
			return true, errorf("%s cannot search %s: write %s", strings.Fields(c.GameLocal)[0], s.gl.kind(), s.gl.algoHint())
		}
		gl := *s.gl
		gl.line = c.GameLocal
		if err := gl.start(); err != nil {
			return true, err
		}
		s.views++
		gl.display = fmt.Sprintf("%s-%d-%s", s.cfg.IDPrefix, s.views, "search")
		gl.shownIn = s.count
		*s.gl = gl
		emit(s.gameLocalView(false))
		return true, nil
	case "step", "back", "run", "reset", "show", "export":
		if s.gl == nil {
			return false, nil
		}
		if s.gl.gv == nil && s.gl.lv == nil {
			return true, errorf("no search yet: start one with %s", s.gl.algoHint())
		}
		if c.Name != "" {
			return true, errorf("a game or local search in a notebook is unnamed: write %s alone", c.Verb)
		}
		return true, s.moveGameLocal(ctx, c, emit)
	case "compare", "check", "replay":
		if s.gl != nil {
			return true, errorf("%s works on puzzles, grids and graphs; for this problem use search, step, run, back, reset, show and export", c.Verb)
		}
	}
	return false, nil
}

func isAlgoOf(w string, isGame bool) bool {
	w = strings.ToLower(w)
	if isGame {
		for _, a := range game.Algorithms {
			if w == string(a) {
				return true
			}
		}
		return false
	}
	return !isAlgoOf(w, true)
}

func (gl *gameLocal) kind() string {
	if gl.g != nil {
		return gl.g.Kind()
	}
	return gl.p.Kind()
}

// algorithms are the searches that run on the problem, for completion.
func (gl *gameLocal) algorithms() []string {
	var out []string
	if gl.g != nil {
		for _, a := range game.Algorithms {
			out = append(out, string(a))
		}
		return out
	}
	for _, a := range local.Algorithms {
		out = append(out, string(a))
	}
	return out
}

func (gl *gameLocal) algoHint() string {
	if gl.g != nil {
		return "search minimax, search alphabeta, search expectiminimax or search mcts"
	}
	return "search hillclimb, search stochastic, search anneal or search genetic"
}

func (s *Session) moveGameLocal(ctx context.Context, c Command, emit func(Output)) error {
	gl := s.gl
	switch c.Verb {
	case "step":
		if _, err := gl.step(ctx, max(c.Count, 1)); err != nil {
			return err
		}
	case "run":
		if c.ToGoal {
			return errorf("run to goal is for searches with a goal; write run (to the end) or run N")
		}
		n := c.Count
		if n == 0 {
			n = maxGameLocalSteps
		}
		if _, err := gl.step(ctx, n); err != nil {
			return err
		}
	case "back", "reset":
		k := 0
		if c.Verb == "back" {
			k = max(gl.steps()-max(c.Count, 1), 0)
		}
		if err := gl.start(); err != nil {
			return err
		}
		if _, err := gl.step(ctx, k); err != nil {
			return err
		}
	case "show":
		switch c.Topic {
		case "", "tree", "board", "stats":
		default:
			return errorf("show %s is for puzzles, grids and graphs; for this search write show (the view at the current step)", c.Topic)
		}
	case "export":
		return s.exportGameLocal(ctx, c, emit)
	}
	emit(s.gameLocalView(c.Verb != "show"))
	return nil
}

// exportGameLocal writes the search up to its current step in one of the
// formats trace takes for it: shown (an svg inline), or into c.File.
func (s *Session) exportGameLocal(ctx context.Context, c Command, emit func(Output)) error {
	gl := s.gl
	if c.File != "" && s.cfg.WriteFile == nil {
		return errorf("this notebook cannot write files: use export %s alone", c.Args[0])
	}
	var buf bytes.Buffer
	var err error
	if gl.gv != nil {
		err = export.WriteGame(ctx, &capWriter{w: &buf, left: maxExport}, c.Args[0], gl.g, gl.gv.Search().Options(), gl.steps())
	} else {
		err = export.WriteLocal(ctx, &capWriter{w: &buf, left: maxExport}, c.Args[0], gl.p, gl.lv.Search().Options(), gl.steps())
	}
	if err != nil {
		return errorf("%s", strings.TrimPrefix(err.Error(), "export: "))
	}
	if c.File != "" {
		if err := s.cfg.WriteFile(c.File, buf.Bytes()); err != nil {
			return errorf("export to %s: %v", c.File, err)
		}
		emit(textOutput("wrote %s (%d bytes)", c.File, buf.Len()))
		return nil
	}
	if strings.EqualFold(c.Args[0], "svg") {
		emit(Output{Text: fmt.Sprintf("[svg export at step %d]", gl.steps()), HTML: buf.String(), Subject: gl.subject()})
		return nil
	}
	lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	if len(lines) > previewLines {
		lines = append(lines[:previewLines], fmt.Sprintf("... %d more lines", len(lines)-previewLines))
	}
	text := strings.Join(lines, "\n")
	emit(Output{Text: text, HTML: "<pre>" + html.EscapeString(text) + "</pre>"})
	return nil
}

func (gl *gameLocal) subject() string {
	if gl.g != nil {
		return gl.gv.Search().Options().String() + " on " + gl.g.Spec()
	}
	return gl.lv.Search().Options().String() + " on " + gl.p.Spec()
}

// gameLocalProblem shows a game or local problem just set: its line and
// its start (the root of the game tree, the board or the tour).
func (s *Session) gameLocalProblem(gl *gameLocal) Output {
	var text, svg string
	var buf bytes.Buffer
	if gl.g != nil {
		text = fmt.Sprintf("problem: %s\nstart: %s (%s to move)\nsearches: minimax, alphabeta, expectiminimax, mcts", gl.g.Spec(), game.PositionName(gl.g, gl.g.Root()), gl.g.Turn(gl.g.Root()))
	} else {
		o, _ := local.ParseOptions("hillclimb")
		if v, err := local.ViewAt(gl.p, o, 0); err == nil {
			text = fmt.Sprintf("problem: %s\nstart: %s, h = %s\nsearches: hillclimb, stochastic, anneal, genetic", gl.p.Spec(), v.StateName, v.HText)
			if export.LocalSVG(&buf, v) == nil {
				svg = buf.String()
			}
		}
	}
	return Output{Text: text, HTML: `<div class="stepviz-problem"><div style="font-family:monospace">` + html.EscapeString(strings.ReplaceAll(text, "\n", " · ")) + `</div>` + svg + `</div>`}
}

// gameLocalView is the search's live view at its current step: its line,
// what the step did and the view's drawing (the game tree, or the board or
// tour and h over the steps). Its display id follows Config.StepPictures
// as a search's live view does.
func (s *Session) gameLocalView(update bool) Output {
	gl := s.gl
	if s.cfg.StepPictures && gl.shownIn != s.count {
		s.views++
		gl.display = fmt.Sprintf("%s-%d-%s", s.cfg.IDPrefix, s.views, "search")
		gl.shownIn = s.count
		update = false
	}
	var lines []string
	var buf bytes.Buffer
	var drawErr error
	label := ""
	if gl.gv != nil {
		v := gl.gv.View()
		lines = export.GameSummary(v)
		drawErr = export.GameSVG(&buf, v)
		label = fmt.Sprintf("game tree at step %d: %s, %d pruned", v.Step, words.Count(len(v.Nodes), "node", "nodes"), len(v.Cut))
	} else {
		v := gl.lv.View()
		lines = export.LocalSummary(v)
		drawErr = export.LocalSVG(&buf, v)
		label = fmt.Sprintf("%s at step %d: h = %s", v.Kind, v.Step, v.HText)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="stepviz-view" data-step="%d">`, gl.steps())
	fmt.Fprintf(&b, `<div style="font-family:monospace;font-weight:bold">%s</div>`, html.EscapeString(gl.subject()))
	for _, l := range lines {
		fmt.Fprintf(&b, `<div style="font-family:monospace">%s</div>`, html.EscapeString(l))
	}
	if drawErr == nil {
		svg := strings.Replace(buf.String(), "<svg ", `<svg aria-label="`+html.EscapeString(label)+`" `, 1)
		b.WriteString(svg)
	} else {
		note := strings.TrimPrefix(drawErr.Error(), "export: ")
		lines = append(lines, note)
		fmt.Fprintf(&b, `<div style="font-family:monospace">%s</div>`, html.EscapeString(note))
	}
	b.WriteString(`</div>`)
	return Output{Text: gl.subject() + "\n" + strings.Join(lines, "\n"), HTML: b.String(), Subject: gl.subject(), DisplayID: gl.display, Update: update}
}
