package export

import (
	"context"

	"stepviz/internal/usererr"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// A family is what an export needs of a search family that is not a
// stepper.Problem's (stepper/game, stepper/local): P its problem, O its
// options, V its viewer, R a step's row.
type family[P, O, V, R any] struct {
	renewed func(P) (P, error)           // P as before any search (game.Renewed)
	ends    func(p P, o O, max int) bool // a search of p, o is over within max steps
	viewer  func(P, O) (V, error)        // a viewer at step 0
	steps   func(V) int                  // the steps the viewer has taken
	step    func(V) bool                 // one more step; false at the end
	row     func(V) R                    // the row of the step last taken
}

var (
	gameFamily = family[game.Game, game.Options, *game.Viewer, game.Row]{
		renewed: game.Renewed,
		ends: func(g game.Game, o game.Options, max int) bool {
			s, err := game.New(g, o)
			return err == nil && s.Run(max) != game.Running
		},
		viewer: game.NewViewer,
		steps:  (*game.Viewer).Steps,
		step:   func(v *game.Viewer) bool { _, ok := v.Step(); return ok },
		row:    (*game.Viewer).Row,
	}
	localFamily = family[local.Problem, local.Options, *local.Viewer, local.Row]{
		renewed: local.Renewed,
		ends: func(p local.Problem, o local.Options, max int) bool {
			s, err := local.New(p, o)
			return err == nil && s.Run(max) != local.Running
		},
		viewer: local.NewViewer,
		steps:  (*local.Viewer).Steps,
		step:   func(v *local.Viewer) bool { _, ok := v.Step(); return ok },
		row:    (*local.Viewer).Row,
	}
)

// fresh is a viewer at step 0 of a renewed p and that problem: every
// replay of p (an export's trial run and the replay it writes, a sheet
// and its key) searches a problem of its own, so that a problem that
// fails (a script's keeps its first failure) fails in each at the step
// it happens, not at its first.
func (f family[P, O, V, R]) fresh(p P, o O) (V, P, error) {
	var none V
	p, err := f.renewed(p)
	if err != nil {
		return none, p, err
	}
	v, err := f.viewer(p, o)
	return v, p, err
}

// replay is the replay an export of p, o from step 1 to upTo (a step
// number, or ToEnd / Current for the end) writes: its viewer at step 0,
// and rows, which steps it to the export's last step and calls each with
// every step's row, stopping with an error once ctx is done. Cost: rows
// a step and a row a step, and for the end a trial run first (end).
func (f family[P, O, V, R]) replay(ctx context.Context, p P, o O, upTo int) (V, func(each func(R) error) error, error) {
	var none V
	end, err := f.end(p, o, upTo)
	if err != nil {
		return none, nil, err
	}
	v, _, err := f.fresh(p, o)
	if err != nil {
		return none, nil, err
	}
	rows := func(each func(R) error) error {
		for f.steps(v) < end {
			if err := ctx.Err(); err != nil {
				return usererr.Errorf("export", "stopped: %w", err)
			}
			if !f.step(v) {
				break
			}
			if err := each(f.row(v)); err != nil {
				return err
			}
		}
		return nil
	}
	return v, rows, nil
}

// end is the step an export of p, o to upTo ends at: upTo, or for ToEnd
// and Current the search's end, found by a trial run without views on a
// problem of its own, which refuses a search past MaxFamilySteps before
// a byte is written; for the end it says MaxFamilySteps, and the replay
// stops at the search's end before it.
func (f family[P, O, V, R]) end(p P, o O, upTo int) (int, error) {
	if upTo >= 0 {
		if upTo > MaxFamilySteps {
			return 0, usererr.Errorf("export", "-steps %d is more than the %d steps an export replays", upTo, MaxFamilySteps)
		}
		return upTo, nil
	}
	p, err := f.renewed(p)
	if err != nil {
		return 0, err
	}
	if !f.ends(p, o, MaxFamilySteps) {
		return 0, usererr.Errorf("export", "the search takes more than %d steps: give -steps N to export its first N, or a smaller search (depth=, iterations=, maxsteps=)", MaxFamilySteps)
	}
	return MaxFamilySteps, nil
}
