package kernel

import (
	"context"
	"fmt"

	"stepviz/stepper"
)

// compare runs several searches to their end on the current problem and
// tabulates cost, expanded, generated and max open. The session's searches
// are not touched.
func (s *Session) compare(ctx context.Context, c Command, emit func(Output)) error {
	if s.problem == nil {
		return errorf("no problem to compare on: write a problem line first, such as puzzle 283164705 goal=123804765")
	}
	t := &table{head: []string{"search", "status", "cost", "moves", "expanded", "generated", "max open"}}
	for _, o := range c.Specs {
		if err := checkHeuristic(s.problem, o); err != nil {
			return err
		}
		lo, err := s.limited(o, "\x00compare") // replaces no search
		if err != nil {
			return err
		}
		// run to its end, never shown stepping: the depth-first family
		// holds its path and pending siblings only
		lo.Forget, lo.Linear = true, true
		lo, mem, err := s.reserveSearch(lo)
		if err != nil {
			return err
		}
		defer mem.Release() // on the early returns; released below otherwise
		sr, err := stepper.NewSearch(s.problem, lo)
		if err != nil {
			return err
		}
		for !sr.Status().Done() {
			if err := ctx.Err(); err != nil {
				return &CellError{Msg: fmt.Sprintf("interrupted while comparing: %s had taken %d steps", short(sr.Options()), sr.StepCount()), Err: err}
			}
			sr.Run(1024)
		}
		cost, moves := "-", "-"
		if sr.Status() == stepper.Solved {
			cost, moves = num(sr.Cost()), fmt.Sprint(len(sr.Path())-1)
		}
		cn := sr.Counters()
		t.add(short(sr.Options()), sr.Status(), cost, moves, cn.Expanded, cn.Generated, cn.MaxOpen)
		mem.Release() // the search is done with: the next one may use its share
	}
	emit(titled("compare on "+s.problem.Spec(), t))
	return nil
}

// short writes a search's algorithm and heuristic, plus any option that is
// not the algorithm's default.
func short(o stepper.Options) string {
	def, _ := stepper.Options{Algorithm: o.Algorithm, Heuristic: o.Heuristic, Weight: o.Weight}.Normalize()
	s := string(o.Algorithm)
	if o.Heuristic != "" {
		s += " h=" + o.Heuristic
	}
	if o.Algorithm == stepper.WAStar {
		s += " w=" + num(o.Weight)
	}
	if o.Tie != def.Tie {
		s += " tie=" + string(o.Tie)
	}
	if o.Goal != def.Goal {
		s += " goaltest=" + string(o.Goal)
	}
	if o.Open != def.Open {
		s += " open=" + string(o.Open)
	}
	if o.Closed != def.Closed {
		s += " closed=" + string(o.Closed)
	}
	if o.Tree {
		s += " tree=true"
	}
	if o.DepthLimited {
		s += fmt.Sprintf(" depth=%d", o.Depth)
	}
	if o.Order != def.Order {
		s += " order=" + o.Order
	}
	return s
}
