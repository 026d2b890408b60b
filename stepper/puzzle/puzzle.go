package puzzle

import (
	"fmt"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/internal/words"
	"stepviz/stepper"
)

// Puzzle is a sliding-tile puzzle on an N×N board, N = 3, 4 or 5. Tiles are
// listed row-major from the top left; 0 is the blank. A move slides a tile
// into the blank and is named by the direction the blank moves: up, down,
// left or right, which is also the natural successor order. Every move costs
// 1.
//
// A Puzzle is immutable once parsed and always solvable: [Parse]
// rejects a start that cannot reach its goal. Searches store a state as one
// uint64 (4 bits a tile) for N <= 4 and as 25 bytes for N = 5.
type Puzzle struct {
	n           int
	start, goal []int
	defaultGoal bool           // the goal was not given: Spec leaves it out
	extra       *stepper.Extra // heuristics added by stepper.WithExtra
}

// Puzzle move codes, in the natural successor order.
const (
	moveUp = iota
	moveDown
	moveLeft
	moveRight
)

// puzzleMoves names the moves by code: the direction the blank moves.
var puzzleMoves = []string{"up", "down", "left", "right"}

// Parse parses the arguments of "puzzle <tiles> [goal=<tiles>]", as
// problems.Parse splits them on white space. The start tiles may be the 3×3
// digit shorthand ("283164705") or a list separated by commas or spaces
// ("1,2,3,4,5,6,7,8,0", or "1 2 3 4 5 6 7 8 0" as several arguments). Bare
// arguments after goal= belong to the goal, so "goal=1 2 3 8 0 4 7 6 5"
// works too. Without goal= the goal is 1 … N²−1 then the blank. It fails,
// naming the fix, on a malformed tile list, on a goal of another size and
// on a start that cannot reach the goal (see [Puzzle] and [ParseTiles]).
func Parse(args []string) (*Puzzle, error) {
	var startTok, goalTok []string
	goalSeen := false
	for _, a := range args {
		name, value, ok := strings.Cut(a, "=")
		if !ok {
			if strings.EqualFold(a, "goal") {
				return nil, usererr.Errorf("stepper", "puzzle: %q without =: write goal=<tiles> with no spaces around =, such as goal=123804765", a)
			}
			if goalSeen {
				goalTok = append(goalTok, a)
			} else {
				startTok = append(startTok, a)
			}
			continue
		}
		switch strings.ToLower(name) {
		case "goal":
			if goalSeen {
				return nil, usererr.Errorf("stepper", "puzzle: goal= is given twice: give it once, such as goal=123804765")
			}
			goalSeen = true
			if value != "" {
				goalTok = append(goalTok, value)
			}
		default:
			return nil, usererr.Errorf("stepper", "puzzle: unknown argument %q%s: a puzzle line is puzzle <tiles> [goal=<tiles>]", a, stepper.DidYouMean(strings.ToLower(name), []string{"goal"}))
		}
	}
	if len(startTok) == 0 {
		return nil, usererr.Errorf("stepper", "puzzle: no start tiles: write them row by row with 0 for the blank, such as puzzle 283164705 or puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
	}
	startText := strings.Join(startTok, " ")
	start, err := parseTiles(startText)
	if err != nil {
		return nil, usererr.Errorf("stepper", "puzzle start %q: %v", startText, err)
	}
	n := boardSide(len(start))
	p := &Puzzle{n: n, start: start}
	if !goalSeen {
		p.goal, p.defaultGoal = DefaultGoal(n), true
	} else {
		goalText := strings.Join(goalTok, " ")
		if goalText == "" {
			return nil, usererr.Errorf("stepper", "puzzle: goal= has no tiles: write them as the start's are, such as goal=123804765")
		}
		goal, err := parseTiles(goalText)
		if err != nil {
			return nil, usererr.Errorf("stepper", "puzzle goal %q: %v", goalText, err)
		}
		if len(goal) != len(start) {
			gn := boardSide(len(goal))
			return nil, usererr.Errorf("stepper", "puzzle: the start is %d×%d but the goal is %d×%d: give both with the same number of tiles", n, n, gn, gn)
		}
		p.goal = goal
	}
	if err := checkSolvable(n, p.start, p.goal); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseTiles parses a board written as a puzzle line writes it: the 3×3
// digit shorthand "283164705", or tiles separated by commas or white space
// ("1,2,3,...,15,0"). A slash may separate rows ("283/164/705",
// "1,2,3/4,5,6/7,8,0"). It checks that the board is 3×3, 4×4 or 5×5 and holds
// every tile 0 … N²−1 exactly once, but not solvability, which depends on the
// goal. Front ends use it to turn a NodeInfo.State back into tiles.
func ParseTiles(s string) ([]int, error) {
	t, err := parseTiles(s)
	if err != nil {
		return nil, usererr.Errorf("stepper", "tiles %q: %v", s, err)
	}
	return t, nil
}

// parseTiles is ParseTiles with errors that do not repeat the input.
func parseTiles(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '/' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("no tiles: write them row by row with 0 for the blank, such as 283164705 or 1,2,3,4,5,6,7,8,0")
	}
	// The digit shorthand: one run of digits ("283164705"), or 3×3 rows of
	// digits ("283 164 705", "283/164/705").
	if allDigits(fields) && (len(fields) == 1 && len(fields[0]) > 1 || len(fields) == 3 && len(fields[0]) == 3 && len(fields[1]) == 3 && len(fields[2]) == 3) {
		digits := strings.Join(fields, "")
		if len(digits) != 9 {
			return nil, fmt.Errorf("%d digits: the digit shorthand is for 3×3 boards and needs 9 digits (0 for the blank and 1-8, each once); for a 4×4 or 5×5 board separate the tiles with commas, such as 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", len(digits))
		}
		fields = strings.Split(digits, "")
	}
	tiles := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("tile %q is not a whole number: write tiles as numbers, 0 for the blank", f)
		}
		tiles[i] = v
	}
	k := len(tiles)
	n := boardSide(k)
	if n*n != k {
		return nil, fmt.Errorf("%s cannot make a square board: a 3×3 puzzle has 9 (tiles 1-8 and the blank 0), a 4×4 has 16, a 5×5 has 25", words.Count(k, "tile", "tiles"))
	}
	if n < 3 || n > 5 {
		return nil, fmt.Errorf("a %d×%d board is not supported: use 3×3 (9 tiles), 4×4 (16) or 5×5 (25)", n, n)
	}
	where := make([]int, k) // 1-based position of each tile, 0 if not seen
	for i, v := range tiles {
		if v < 0 || v >= k {
			return nil, fmt.Errorf("tile %d is out of range for a %d×%d board: tiles are 0 (the blank) to %d", v, n, n, k-1)
		}
		if where[v] != 0 {
			missing := 0 // k tiles with a repeat: some tile of 0..k-1 is missing
			for t := range k {
				if !containsInt(tiles, t) {
					missing = t
					break
				}
			}
			return nil, fmt.Errorf("tile %d appears twice (positions %d and %d, counted from 1 row by row) and tile %d is missing: each of 0-%d must appear exactly once", v, where[v], i+1, missing, k-1)
		}
		where[v] = i + 1
	}
	return tiles, nil
}

// FormatTiles writes a board as a puzzle line does: nine digits for 3×3
// ("283164705"), a comma list for bigger boards ("1,2,...,15,0").
func FormatTiles(tiles []int) string {
	var b strings.Builder
	for i, t := range tiles {
		if len(tiles) != 9 && i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(t))
	}
	return b.String()
}

// DefaultGoal is the goal used when none is given: 1 … N²−1, then the blank.
func DefaultGoal(n int) []int {
	g := make([]int, n*n)
	for i := range g {
		g[i] = (i + 1) % (n * n)
	}
	return g
}

// Kind is "puzzle".
func (p *Puzzle) Kind() string { return "puzzle" }

// Spec is the problem line that rebuilds the puzzle: "puzzle 283164705
// goal=123804765". The goal is left out when it is the default one.
func (p *Puzzle) Spec() string {
	s := "puzzle " + FormatTiles(p.start)
	if !p.defaultGoal {
		s += " goal=" + FormatTiles(p.goal)
	}
	return s
}

// Size is N, the side of the board.
func (p *Puzzle) Size() int { return p.n }

// StartTiles returns a copy of the start board, row-major, 0 the blank.
func (p *Puzzle) StartTiles() []int { return append([]int(nil), p.start...) }

// GoalTiles returns a copy of the goal board, row-major, 0 the blank.
func (p *Puzzle) GoalTiles() []int { return append([]int(nil), p.goal...) }

// ActionNames lists the moves in their natural successor order: the
// direction the blank moves, up, down, left, right.
func (p *Puzzle) ActionNames() []string { return append([]string(nil), puzzleMoves...) }

// Heuristics names the puzzle's heuristics, the default first; all are
// admissible and consistent.
func (p *Puzzle) Heuristics() []string {
	return append([]string{hManhattan, hMisplaced, hLinearConflict, hZero}, p.extra.List()...)
}

// Engine starts a search on the puzzle: its boards packed into a uint64
// up to 4×4, 25 bytes for 5×5.
func (p *Puzzle) Engine(o stepper.Options) (stepper.Engine, error) {
	if o.Algorithm == stepper.BiAStar {
		return p.newBiAStar(o)
	}
	if p.n <= 4 {
		pp := newPacked(p)
		return stepper.Start[uint64](pp, stepper.AddExtra(p, p.extra, stepper.Problem[uint64](pp), puzzleHeuristics(&pp.geom, pp.unpack, pp.manhattan, pp.misplaced)), o, p.Kind())
	}
	bp := newBytesPuzzle(p)
	return stepper.Start[board25](bp, stepper.AddExtra(p, p.extra, stepper.Problem[board25](bp), puzzleHeuristics(&bp.geom, bp.unpack, nil, nil)), o, p.Kind())
}

// inversions counts the pairs of tiles (blank ignored) that appear in the
// opposite order of their numbers when the board is read row by row.
func inversions(tiles []int) int {
	inv := 0
	for i, a := range tiles {
		if a == 0 {
			continue
		}
		for _, b := range tiles[i+1:] {
			if b != 0 && b < a {
				inv++
			}
		}
	}
	return inv
}

// blankRow is the 1-based row of the blank, counted from the top.
func blankRow(n int, tiles []int) int {
	for i, t := range tiles {
		if t == 0 {
			return i/n + 1
		}
	}
	return 0
}

// checkSolvable reports whether start can reach goal. On an odd-width
// board a move changes the inversion count by 0 (sideways) or by N−1, an
// even number (up or down), so the count's parity is invariant. On an
// even-width board a vertical move changes it by an odd number and the
// blank's row by one, so the parity of inversions + blank row is invariant.
// Boards with the same invariant reach each other; that is the classic
// result of Johnson and Story (1879).
func checkSolvable(n int, start, goal []int) error {
	si, gi := inversions(start), inversions(goal)
	if n%2 == 1 {
		if si%2 == gi%2 {
			return nil
		}
		return usererr.Errorf("stepper", "puzzle %s cannot reach goal %s: the start has %s (%s) and the goal %s (%s). "+
			"An inversion is a pair of tiles, blank ignored, that is in the wrong order when the board is read row by row; "+
			"on a %d×%d board every move changes their count by 0 or %d, so its parity never changes. "+
			"Swap two tiles (not the blank) of the start or of the goal to get a solvable pair",
			FormatTiles(start), FormatTiles(goal), words.Count(si, "inversion", "inversions"), parity(si), words.Count(gi, "inversion", "inversions"), parity(gi), n, n, n-1)
	}
	sr, gr := blankRow(n, start), blankRow(n, goal)
	if (si+sr)%2 == (gi+gr)%2 {
		return nil
	}
	return usererr.Errorf("stepper", "puzzle %s cannot reach goal %s: the start has %s with the blank on row %d (%d+%d = %d, %s) "+
		"and the goal %s with the blank on row %d (%d+%d = %d, %s). "+
		"An inversion is a pair of tiles, blank ignored, that is in the wrong order when the board is read row by row; "+
		"on a %d×%d board a sideways move changes neither number and an up or down move changes the inversions by an odd number "+
		"and the blank's row by one, so the parity of inversions + blank row never changes. "+
		"Swap two tiles (not the blank) of the start or of the goal to get a solvable pair",
		FormatTiles(start), FormatTiles(goal), words.Count(si, "inversion", "inversions"), sr, si, sr, si+sr, parity(si+sr),
		words.Count(gi, "inversion", "inversions"), gr, gi, gr, gi+gr, parity(gi+gr), n, n)
}

func parity(x int) string {
	if x%2 == 0 {
		return "even"
	}
	return "odd"
}

// boardSide is the integer square root of k (rounded down).
func boardSide(k int) int {
	n := 0
	for (n+1)*(n+1) <= k {
		n++
	}
	return n
}

func allDigits(fields []string) bool {
	for _, f := range fields {
		for _, r := range f {
			if r < '0' || r > '9' {
				return false
			}
		}
	}
	return true
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// newBiAStar: a puzzle's backward heuristics are those of the puzzle with
// start and goal swapped (the boards are packed the same way).
func (p *Puzzle) newBiAStar(o stepper.Options) (stepper.Engine, error) {
	sw := *p
	sw.start, sw.goal, sw.extra = p.goal, p.start, nil
	own := sw.Heuristics()
	if err := stepper.RefuseExtraBackward(p.extra, o.Heuristic, own); err != nil {
		return nil, err
	}
	if p.n <= 4 {
		pp, bp := newPacked(p), newPacked(&sw)
		hs := stepper.AddExtra(p, p.extra, stepper.Problem[uint64](pp), puzzleHeuristics(&pp.geom, pp.unpack, pp.manhattan, pp.misplaced))
		back := puzzleHeuristics(&bp.geom, bp.unpack, bp.manhattan, bp.misplaced)
		return stepper.StartBiAStar[uint64](pp, hs, stepper.SameNamed(back), o)
	}
	pp, bp := newBytesPuzzle(p), newBytesPuzzle(&sw)
	hs := stepper.AddExtra(p, p.extra, stepper.Problem[board25](pp), puzzleHeuristics(&pp.geom, pp.unpack, nil, nil))
	back := puzzleHeuristics(&bp.geom, bp.unpack, nil, nil)
	return stepper.StartBiAStar[board25](pp, hs, stepper.SameNamed(back), o)
}

var _ stepper.ExtraHolder = (*Puzzle)(nil)

// ExtraHeuristics returns the heuristics added to the puzzle, or nil.
func (p *Puzzle) ExtraHeuristics() *stepper.Extra { return p.extra }

// WithExtraHeuristics returns a copy of p with the heuristics x added.
func (p *Puzzle) WithExtraHeuristics(x *stepper.Extra) stepper.Instance {
	c := *p
	c.extra = x
	return &c
}
