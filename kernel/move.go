package kernel

import (
	"context"
	"fmt"
	"strings"

	"stepviz/stepper"
)

// runChunk is how many steps run takes between two looks at the clock and
// the context.
const runChunk = 64

// move runs step, back, run and reset on a search, then updates its view.
func (s *Session) move(ctx context.Context, ls *liveSearch, c Command, emit func(Output)) error {
	sr := ls.search
	switch c.Verb {
	case "step":
		n := max(c.Count, 1)
		var head, last []string // the narrations of the first and last few steps
		taken, note := 0, ""
		for i := 0; i < n; i++ {
			if err := ctx.Err(); err != nil {
				emit(narrationOutput(head, last, taken, ""))
				emit(s.liveView(ls, true))
				return s.interrupted(ls, err)
			}
			sr = s.bounded(ls)
			if !s.stepEvent(sr, ls) {
				note = fmt.Sprintf("%s is %s at step %d: nothing to step (back or reset to go again)", ls.label(), sr.Status(), sr.StepCount())
				break
			}
			taken++
			line := narrate(*ls.last, sr.Options())
			if len(head) < narrateEnds {
				head = append(head, line)
				continue
			}
			if last = append(last, line); len(last) > narrateEnds {
				last = last[1:]
			}
		}
		emit(narrationOutput(head, last, taken, note))
	case "back":
		n := max(c.Count, 1)
		to := max(sr.StepCount()-n, 0)
		sr.Seek(to)
		s.refreshLast(ls)
		emit(textOutput("%s: back to step %d", ls.label(), sr.StepCount()))
	case "reset":
		sr.Reset()
		ls.last = nil
		emit(textOutput("%s: reset to step 0", ls.label()))
	case "run":
		if err := s.play(ctx, ls, c.Count, emit); err != nil {
			emit(s.liveView(ls, true))
			return err
		}
		emit(textOutput("%s", s.runSummary(ls, c)))
	}
	emit(s.liveView(ls, true))
	return failedSearch(sr)
}

// stepEvent takes one step of sr, ls's search, with its event written
// into ls's buffer (ls.ev, Search.StepInto), which becomes ls.last; it
// reports false, and leaves ls.last as it was, when the search is done.
// With s.freshEvents set (tests) each event is new memory (Search.Step).
func (s *Session) stepEvent(sr *stepper.Search, ls *liveSearch) bool {
	if s.freshEvents {
		ev, ok := sr.Step()
		if ok {
			ls.last = &ev
		}
		return ok
	}
	if !sr.StepInto(&ls.ev) {
		return false
	}
	ls.last = &ls.ev
	return true
}

// play takes count steps (count 0: until the search is done), sending live
// view frames no more often than the session's throttle allows.
func (s *Session) play(ctx context.Context, ls *liveSearch, count int, emit func(Output)) error {
	sr := ls.search
	start := sr.StepCount()
	lastFrame := s.cfg.Now()
	budget := newByteBudget(s.cfg.FrameBytesPerSecond, lastFrame)
	// A frame of a big search costs a snapshot and a drawing: frames come
	// no oftener than four times what the last one took, so that playing
	// spends at most a fifth of its time drawing.
	gap := s.cfg.FrameInterval
	for !sr.Status().Done() && (count <= 0 || sr.StepCount()-start < count) {
		if err := ctx.Err(); err != nil {
			s.refreshLast(ls)
			return s.interrupted(ls, err)
		}
		chunk := runChunk
		if count > 0 {
			chunk = min(chunk, count-(sr.StepCount()-start))
		}
		if s.cfg.FrameInterval > 0 {
			chunk = 1
		}
		sr = s.bounded(ls)
		sr.Run(chunk)
		if s.cfg.FrameInterval <= 0 || sr.Status().Done() {
			continue
		}
		now := s.cfg.Now()
		if now.Sub(lastFrame) < gap || !budget.ready(now) {
			continue
		}
		s.refreshLast(ls)
		frame := s.liveView(ls, true)
		frame.Passing = true // move sends the run's last frame
		budget.spend(now, len(frame.HTML)+len(frame.Text))
		lastFrame = s.cfg.Now()
		gap = max(s.cfg.FrameInterval, 4*lastFrame.Sub(now))
		emit(frame)
	}
	s.refreshLast(ls)
	return nil
}

func (s *Session) interrupted(ls *liveSearch, err error) error {
	return &CellError{Msg: fmt.Sprintf("interrupted: %s stopped at step %d and stays there (run again to go on)", ls.label(), ls.search.StepCount()), Err: err}
}

// refreshLast recomputes the event of the current step after a seek: the
// engine replays that one step.
func (s *Session) refreshLast(ls *liveSearch) {
	k := ls.search.StepCount()
	if k == 0 {
		ls.last = nil
		return
	}
	ev, err := ls.search.EventAt(k)
	if err != nil {
		ls.last = nil
		return
	}
	ls.last = &ev
}

func (s *Session) runSummary(ls *liveSearch, c Command) string {
	sr := ls.search
	st := sr.Status()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s at step %d", ls.label(), st, sr.StepCount())
	switch st {
	case stepper.Solved:
		fmt.Fprintf(&b, ": cost %s, %d moves", stepper.FormatNumber(sr.Cost()), len(sr.Path())-1)
	case stepper.NoSolution:
		if why := sr.BeamEnd(); why != "" {
			b.WriteString(": " + why)
		} else {
			b.WriteString(": the frontier is empty and no goal was found")
		}
	case stepper.LimitReached:
		b.WriteString(": the node limit stopped it (raise it with maxnodes=N)")
	case stepper.Cutoff:
		b.WriteString(": no goal within the depth limit, and nodes were cut off there (raise it with depth=N)")
	}
	if c.ToGoal && st != stepper.Solved && st != stepper.Running {
		b.WriteString(" (run to goal found no goal)")
	}
	cn := sr.Counters()
	fmt.Fprintf(&b, "; expanded %d, generated %d, max open %d", cn.Expanded, cn.Generated, cn.MaxOpen)
	return b.String()
}

// narrateEnds is how many steps a "step N" cell narrates at each end.
const narrateEnds = 6

// narrationOutput shows the narrations of the first and last steps of a
// step cell, how many were left out between them, and a closing note.
func narrationOutput(head, last []string, taken int, note string) Output {
	lines := head
	if skipped := taken - len(head) - len(last); skipped > 0 {
		lines = append(lines, fmt.Sprintf("... %d more steps ...", skipped))
	}
	lines = append(lines, last...)
	if note != "" {
		lines = append(lines, note)
	}
	return textOutput("%s", strings.Join(lines, "\n"))
}
