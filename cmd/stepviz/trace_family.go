package main

import (
	"context"
	"fmt"
	"io"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
	"stepviz/viz/export"
)

// familySearch is a game search (g set) or a local search (p set) as the
// flags describe it.
type familySearch struct {
	g    game.Game
	gopt game.Options
	p    local.Problem
	lo   local.Options
}

// family builds the game or local search of spec with the flags; ok is
// false when spec is neither (an ordinary problem).
func (f *familyFlags) family(spec string) (fs *familySearch, ok bool, err error) {
	switch {
	case game.IsKind(spec):
		g, err := game.ParseProblem(spec)
		if err != nil {
			return nil, true, err
		}
		o, err := game.ParseOptions(f.line(string(game.AlphaBeta), "depth", "order", "maxnodes"))
		if err != nil {
			return nil, true, err
		}
		if _, err := game.New(g, o); err != nil {
			return nil, true, err
		}
		return &familySearch{g: g, gopt: o}, true, nil
	case local.IsKind(spec):
		p, err := local.ParseProblem(spec)
		if err != nil {
			return nil, true, err
		}
		o, err := local.ParseOptions(f.line(string(local.HillClimb)))
		if err != nil {
			return nil, true, err
		}
		if _, err := local.New(p, o); err != nil {
			return nil, true, err
		}
		return &familySearch{p: p, lo: o}, true, nil
	}
	return nil, false, nil
}

// write exports the search in format up to upTo.
func (s *familySearch) write(ctx context.Context, w io.Writer, format string, upTo int) error {
	if s.g != nil {
		return export.WriteGame(ctx, w, format, s.g, s.gopt, upTo)
	}
	return export.WriteLocal(ctx, w, format, s.p, s.lo, upTo)
}

// traceFamily is trace for a game or local problem; ok is false when the
// problem is neither. A signal stops the export at its next step or write,
// and a file being written is left as it was.
func traceFamily(a *traceArgs, format, out string, upTo int, stdout, stderr io.Writer) (code int, ok bool) {
	fs, ok, err := a.family.family(*a.problem)
	if !ok {
		return 0, false
	}
	if err != nil {
		fmt.Fprintf(stderr, "stepviz trace: %s\n", usererr.Text(err))
		return exitUsage, true
	}
	var exportErr, werr error
	sig := interruptible(func(ctx context.Context) {
		write := func(w io.Writer) error {
			exportErr = fs.write(ctx, w, format, upTo)
			return exportErr
		}
		if out == "" || out == "-" {
			werr = write(stdout)
		} else {
			werr = safefile.WriteWith(out, 0o644, write)
		}
	})
	if sig != nil {
		return interrupted("trace", out, sig, stderr), true
	}
	switch {
	case exportErr != nil:
		fmt.Fprintf(stderr, "stepviz trace: %s\n", usererr.Text(exportErr))
		return exitUsage, true
	case werr != nil:
		fmt.Fprintf(stderr, "stepviz trace: writing %s: %v\n", out, werr)
		return exitUsage, true
	}
	return exitOK, true
}
