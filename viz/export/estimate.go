package export

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/viz"
)

// TooLargeError is the refusal of an export whose estimated size is over
// the ceiling a caller set (Options.MaxBytes). Nothing was written.
type TooLargeError struct {
	Format   string
	Steps    int   // the steps the export would hold
	Estimate int64 // its estimated size in bytes
	Max      int64 // the ceiling
}

func (e *TooLargeError) Error() string { return "export: " + e.UserText() }

// UserText is the message in the user's words (usererr.Texter).
func (e *TooLargeError) UserText() string {
	return fmt.Sprintf("the %s export of %d steps would be about %s, over the limit of %s", e.Format, e.Steps, Bytes(e.Estimate), Bytes(e.Max))
}

// Bytes writes a size as people read it: "512 bytes", "3.4 MB", "1.2 GB"
// (powers of 1,000; one decimal, none when it is 0).
func Bytes(n int64) string {
	one := func(x float64, unit string) string {
		return strings.TrimSuffix(strconv.FormatFloat(x, 'f', 1, 64), ".0") + " " + unit
	}
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1e6:
		return one(float64(n)/1e3, "kB")
	case n < 1e9:
		return one(float64(n)/1e6, "MB")
	}
	return one(float64(n)/1e9, "GB")
}

// sizeFacts are what a size estimate is made from: one replay of the
// steps, keeping no event.
type sizeFacts struct {
	steps, generated int
	stateLen         int  // the mean length of an expanded state, at least 1
	puzzle           bool // the problem is a sliding-tile puzzle
	last             stepper.Counters
	mdListRows       int64 // rows of the md trace's full lists, as its plan chooses them
}

// facts replays the session's steps and gathers sizeFacts, running the md
// trace's full-list plan on the counts as writeMarkdown will when md is
// set. O(steps + generated); it stops when the session's context is done.
// Without md, a puzzle's steps are taken without events (its states all
// have the start's length, and the children an event lists are the
// counters' generated), so the replay costs what a solve does.
func (sess *session) facts(md bool) (sizeFacts, error) {
	if !md && sess.inst.Kind() == "puzzle" {
		return sess.puzzleFacts()
	}
	full := DefaultFullLists()
	if sess.full != nil {
		full = *sess.full
	}
	plan := &fullPlan{f: full}
	var fx sizeFacts
	sess.s.Reset()
	c := sess.s.Counters()
	if md && plan.at(0, sess.k == 0, c.Open+c.Closed) {
		fx.mdListRows += int64(c.Open + c.Closed)
	}
	stateChars := 0
	n, err := sess.walk(func(ev *stepper.Event) error {
		fx.generated += len(ev.Children)
		stateChars += len(ev.Expanded.State.String())
		if !md {
			return nil
		}
		lines := changeLines(ev)
		plan.changed(lines)
		last := ev.Status != stepper.Running || ev.Step == sess.k
		if plan.at(ev.Step, last, ev.Counters.Open+ev.Counters.Closed) {
			fx.mdListRows += int64(ev.Counters.Open + ev.Counters.Closed)
		}
		return nil
	})
	if err != nil {
		return fx, err
	}
	fx.steps, fx.last, fx.puzzle = n, sess.s.Counters(), sess.inst.Kind() == "puzzle"
	fx.stateLen = len(sess.s.Node(0).State.String())
	if n > 0 {
		fx.stateLen = stateChars / n
	}
	fx.stateLen = max(fx.stateLen, 1)
	sess.s.Reset()
	return fx, nil
}

// puzzleFacts is facts without the md plan for a sliding-tile puzzle: the
// session's steps run without building events, in runs of factsChunk
// steps between looks at the context.
func (sess *session) puzzleFacts() (sizeFacts, error) {
	sess.s.Reset()
	stateLen := max(len(sess.s.Node(0).State.String()), 1)
	for sess.k < 0 || sess.s.StepCount() < sess.k {
		if sess.ctx != nil {
			if err := sess.ctx.Err(); err != nil {
				return sizeFacts{}, usererr.Errorf("export", "stopped at step %d: %w", sess.s.StepCount(), err)
			}
		}
		if sess.s.Status().Done() {
			break
		}
		chunk := factsChunk
		if sess.k >= 0 {
			chunk = min(chunk, sess.k-sess.s.StepCount())
		}
		sess.s.Run(chunk)
	}
	c := sess.s.Counters()
	fx := sizeFacts{steps: sess.s.StepCount(), generated: c.Generated, stateLen: stateLen, last: c, puzzle: true}
	sess.s.Reset()
	return fx, nil
}

// factsChunk is how many steps puzzleFacts takes between looks at the
// context.
const factsChunk = 4096

// treeCap is the most nodes a format draws of the search tree (dot, tex
// fold the rest), 0 for a format that draws them all.
var treeCap = sync.OnceValue(func() map[string]int {
	return map[string]int{"dot": maxDOTNodes, "tex": maxTeXNodes}
})

// estimate is the size in bytes of an export in format, from the facts:
// per step, per child generated and per node drawn, each with the bytes a
// state takes. It errs high rather than low; formats whose size does not
// grow with the search (csv-metadata, ipynb, problem-svg) estimate 0.
func estimate(format string, fx sizeFacts) int64 {
	L := int64(fx.stateLen)
	steps, kids := int64(fx.steps), int64(fx.generated)
	nodes := int64(fx.last.Nodes)
	if c := treeCap()[format]; c > 0 {
		nodes = min(nodes, int64(c))
	}
	switch format {
	case "json", "jsonl":
		return steps*(L+520) + kids*(L+240)
	case "csv":
		return steps*(L+80) + kids*(L+40)
	case "md":
		return steps*(2*L+140) + kids*(L+70) + fx.mdListRows*(L+40) + 3000
	case "tex":
		return steps*(L+60) + kids*(L+30) + int64(fx.last.Open)*(L+40) + nodes*(2*L+140) + 4000
	case "dot":
		return nodes*(2*L+160) + 2000
	case "svg", "tree-svg":
		// every node of every iteration is drawn, at most one per child;
		// a small tree in full (a puzzle's node holds its board), a
		// large one compact (viz.AutoCompactAbove)
		n := max(nodes, kids+1)
		switch {
		case n > viz.AutoCompactAbove:
			return n*(L+200) + 20_000
		case fx.puzzle:
			return n*(200*L+300) + 20_000
		}
		return n*(L+400) + 20_000
	case "html":
		return steps*(L+600) + kids*(L+120) + 200_000
	case "posthoc":
		return steps*(L+200) + kids*(2*L+250) + 3000
	}
	return 0
}

// fits refuses, before anything is written, an export in format whose
// estimated size is over max, with a *TooLargeError. Cost: one replay of
// the steps (sess.facts) for the formats whose size grows with the search.
func (sess *session) fits(format string, max int64) error {
	if estimate(format, sizeFacts{steps: 1, generated: 1, stateLen: 1, last: stepper.Counters{Nodes: 1}}) == 0 {
		return nil
	}
	fx, err := sess.facts(format == "md")
	if err != nil {
		return err
	}
	if e := estimate(format, fx); e > max {
		return &TooLargeError{Format: format, Steps: fx.steps, Estimate: e, Max: max}
	}
	return nil
}
