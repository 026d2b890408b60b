package export

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/internal/words"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

// MaxFamilySteps bounds the steps a game or local export replays: past
// it the export is refused before a byte is written (tic-tac-toe's whole
// minimax tree is over a million steps, a narration nobody reads).
const MaxFamilySteps = 200_000

// GameFormats and LocalFormats list the formats WriteGame and WriteLocal
// accept, in menu order.
var (
	GameFormats  = []string{"jsonl", "json", "csv", "md", "tex", "svg", "dot", "html", "posthoc", "ipynb"}
	LocalFormats = []string{"jsonl", "json", "csv", "md", "tex", "svg", "html", "ipynb"}
)

// familyFormat checks format against the family's list and returns its
// canonical name, or an error naming the formats that work.
func familyFormat(format, family string, names []string) (string, error) {
	f := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(format), "."))
	if g, ok := Lookup(f); ok {
		f = g.Name
	}
	for _, n := range names {
		if n == f {
			return f, nil
		}
	}
	return "", usererr.Errorf("export", "a %s search exports as %s, not %s", family, strings.Join(names, ", "), format)
}

// WriteGame writes game search g, o from step 1 to upTo (a step number,
// or ToEnd / Current for the end) in format, one of GameFormats, every
// value printed from the search's game.View (per-step formats from its
// Rows). Cost: a replay of upTo steps (for ToEnd a run without views
// first, to refuse a search past MaxFamilySteps before writing), plus a
// tree layout for svg, dot and tex, and a drawing a step for html.
func WriteGame(ctx context.Context, w io.Writer, format string, g game.Game, o game.Options, upTo int) error {
	f, err := familyFormat(format, "game", GameFormats)
	if err != nil {
		return err
	}
	if f == "posthoc" && o.Algorithm == game.MCTS {
		return usererr.Errorf("export", "posthoc draws a depth-first game search (minimax, alphabeta, expectiminimax); an MCTS search exports as %s", strings.Join(slices.DeleteFunc(slices.Clone(GameFormats), func(f string) bool { return f == "posthoc" }), ", "))
	}
	v, rows, err := gameFamily.replay(ctx, g, o, upTo)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(ctxWriter{ctx, w})
	switch f {
	case "jsonl":
		err = gameJSONL(bw, v, rows)
	case "json":
		err = writeFamilyJSON(bw, gameHeader(v), rows, func() any { return gameTailOf(v) })
	case "posthoc":
		err = gamePosthoc(bw, v, rows)
	case "ipynb":
		err = gameIpynb(bw, v, rows)
	case "csv":
		err = gameCSV(bw, rows)
	case "md":
		err = gameMarkdown(bw, v, rows)
	case "tex":
		err = gameTeX(bw, v, rows)
	case "html":
		var h htmlFrames
		err = rows(func(game.Row) error { return h.add(func(w io.Writer) error { return GameSVG(w, v.View()) }) })
		if err == nil {
			r := v.Search().Result()
			err = h.write(bw, gameTitle(v.Search().Options().Algorithm)+": "+r.Problem+" — "+r.Options)
		}
	default:
		if err = rows(func(game.Row) error { return nil }); err == nil {
			if f == "svg" {
				err = GameSVG(bw, v.View())
			} else {
				err = gameDOT(bw, v.View())
			}
		}
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// familyHeader is the first line of a jsonl export of a game or local
// search.
type familyHeader struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Problem string `json:"problem"`
	Options string `json:"options"`
}

func gameJSONL(w io.Writer, v *game.Viewer, rows func(func(game.Row) error) error) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(gameHeader(v)); err != nil {
		return err
	}
	if err := rows(func(r game.Row) error { return enc.Encode(r) }); err != nil {
		return err
	}
	return enc.Encode(gameTailOf(v))
}

// gameCSVHeader are the csv's columns: numbers as the view writes them,
// the infinities as inf and -inf (pandas reads both as floats).
var gameCSVHeader = []string{"step", "what", "node", "name", "parent", "state", "move", "depth", "turn", "leaf", "value", "alpha", "beta", "parent_value", "best", "pruned", "why"}

// csvNum writes a value as the view does, the infinities as pandas reads them.
func csvNum(s string) string {
	switch s {
	case "+∞":
		return "inf"
	case "−∞":
		return "-inf"
	}
	return s
}

func gameCSV(w io.Writer, rows func(func(game.Row) error) error) error {
	c := csv.NewWriter(w)
	if err := c.Write(gameCSVHeader); err != nil {
		return err
	}
	err := rows(func(r game.Row) error {
		return c.Write([]string{strconv.Itoa(r.Step), string(r.What), strconv.Itoa(r.Node), csvText(r.Name), strconv.Itoa(r.Parent),
			csvText(r.State), csvText(r.Move), strconv.Itoa(r.Depth), r.Turn.String(), strconv.FormatBool(r.Leaf),
			csvNum(r.Value), csvNum(r.Alpha), csvNum(r.Beta), csvNum(r.ParentValue), strconv.FormatBool(r.Best),
			csvText(strings.Join(r.Pruned, " ")), csvText(r.Why)})
	})
	if err != nil {
		return err
	}
	c.Flush()
	return c.Error()
}

// gameMarkdown narrates the steps: a table of step, node, value, α, β and
// what the step did, then the result and the principal variation.
func gameMarkdown(w io.Writer, v *game.Viewer, rows func(func(game.Row) error) error) error {
	p := &printer{w: w}
	r := v.Search().Result()
	p.f("# %s\n\nproblem: `%s`  \nsearch: `%s`\n\n", gameTitle(v.Search().Options().Algorithm), r.Problem, r.Options)
	p.f("| step | node | value | α | β | what happens |\n|---:|---|---:|---:|---:|---|\n")
	if err := rows(func(r game.Row) error {
		p.f("| %d | %s | %s | %s | %s | %s |\n", r.Step, mdCell(r.Name), r.Value, r.Alpha, r.Beta, mdCell(r.Says))
		return p.err
	}); err != nil {
		return err
	}
	vw := v.View()
	p.f("\n**After step %d** (%s): value %s for MAX", vw.Step, vw.Status, vw.Value)
	if len(vw.PVMoves) > 0 {
		p.f(", best move %s, principal variation %s", vw.PVMoves[0], strings.Join(vw.PVMoves, " "))
	}
	p.f("; %s generated, %s valued, %s pruned.\n", words.Count(vw.Result.Nodes, "node", "nodes"), words.Count(vw.Result.Leaves, "leaf", "leaves"), words.Count(vw.Result.Pruned, "subtree", "subtrees"))
	return p.err
}

func gameTitle(a game.Algorithm) string {
	switch a {
	case game.AlphaBeta:
		return "Alpha-beta search"
	case game.Minimax:
		return "Minimax search"
	case game.Expectiminimax:
		return "Expectiminimax search"
	}
	return "Monte Carlo tree search"
}

// WriteLocal writes local search p, o from step 1 to upTo (a step number,
// or ToEnd / Current for the end) in format, one of LocalFormats, every
// value printed from the search's local.View (per-step formats from its
// Rows). Cost: a replay of upTo steps (for ToEnd a run without views
// first, as WriteGame).
func WriteLocal(ctx context.Context, w io.Writer, format string, p local.Problem, o local.Options, upTo int) error {
	f, err := familyFormat(format, "local", LocalFormats)
	if err != nil {
		if g, ok := Lookup(format); ok && g.Name == "posthoc" {
			return usererr.Errorf("export", "posthoc draws a search tree, and a local search keeps no tree (one state, or a population, at a time): export it as %s", strings.Join(LocalFormats, ", "))
		}
		return err
	}
	v, rows, err := localFamily.replay(ctx, p, o, upTo)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(ctxWriter{ctx, w})
	switch f {
	case "jsonl":
		enc := json.NewEncoder(bw)
		err = enc.Encode(localHeader(v))
		if err == nil {
			err = localRows(v, rows)(func(r local.Row) error { return enc.Encode(r) })
		}
		if err == nil {
			err = enc.Encode(localTail{v.Search().Result()})
		}
	case "json":
		err = writeFamilyJSON(bw, localHeader(v), localRows(v, rows), func() any { return localTail{v.Search().Result()} })
	case "csv":
		c := csv.NewWriter(bw)
		write := func(r local.Row) error {
			return c.Write([]string{strconv.Itoa(r.Step), string(r.What), csvText(r.Move), r.From, r.H, strconv.Itoa(r.Considered),
				r.BestH, r.T, r.P, csvText(r.State), csvText(r.Why)})
		}
		err = c.Write([]string{"step", "what", "move", "h_before", "h", "considered", "best_h", "t", "p", "state", "why"})
		if err == nil {
			err = rows(write)
		}
		c.Flush()
		if err == nil {
			err = c.Error()
		}
	case "md":
		pr := &printer{w: bw}
		r := v.Search().Result()
		pr.f("# %s\n\nproblem: `%s`  \nsearch: `%s`\n\n", localTitle(v.Search().Options().Algorithm), r.Problem, r.Options)
		pr.f("| step | move | h | neighbours | what happens |\n|---:|---|---:|---:|---|\n")
		r0 := v.Row()
		pr.f("| 0 |  | %s |  | %s |\n", r0.H, mdCell(r0.Says))
		err = rows(func(r local.Row) error {
			pr.f("| %d | %s | %s | %d | %s |\n", r.Step, mdCell(r.Move), r.H, r.Considered, mdCell(r.Says))
			return pr.err
		})
		if err == nil {
			vw := v.View()
			pr.f("\n**After step %d** (%s): h = %s, state %s", vw.Step, vw.Status, vw.HText, vw.StateName)
			if vw.Why != "" {
				pr.f("; stopped: %s", vw.Why)
			}
			pr.f(".\n")
			err = pr.err
		}
	case "tex":
		err = localTeX(bw, v, rows)
	case "ipynb":
		err = localIpynb(bw, v, rows)
	case "html":
		h := htmlFrames{pair: true}
		err = rows(func(local.Row) error {
			return h.add(func(w io.Writer) error { return localSVG(w, v.View(), false) }, func(w io.Writer) error { return localSVG(w, v.View(), true) })
		})
		if err == nil {
			r := v.Search().Result()
			err = h.write(bw, localTitle(v.Search().Options().Algorithm)+": "+r.Problem+" — "+r.Options)
		}
	case "svg":
		if err = rows(func(local.Row) error { return nil }); err == nil {
			err = LocalSVG(bw, v.View())
		}
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

func localTitle(a local.Algorithm) string {
	switch a {
	case local.HillClimb:
		return "Steepest-ascent hill climbing"
	case local.Stochastic:
		return "Stochastic hill climbing"
	case local.Anneal:
		return "Simulated annealing"
	}
	return "Genetic algorithm"
}
