package grid

import (
	"fmt"
	"slices"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/movingai"
)

// gridArgs are the options of a grid problem line; nil or zero means "not
// given".
type gridArgs struct {
	start, goal *[2]int
	moves       int
	cost        string
	corners     *bool
}

var gridOptionNames = []string{"start", "goal", "moves", "cost", "corners"}

// parseGridArgs parses start=x,y goal=x,y moves=4|8 cost=unit|10-14
// corners=no|yes, each at most once.
func parseGridArgs(args []string) (gridArgs, error) {
	var a gridArgs
	seen := map[string]bool{}
	for _, arg := range args {
		name, value, ok := strings.Cut(arg, "=")
		name = strings.ToLower(name)
		if !ok {
			return a, usererr.Errorf("stepper", "grid: %q: want name=value, one of start=x,y goal=x,y moves=4|8 cost=unit|10-14 corners=no|yes", arg)
		}
		if !slices.Contains(gridOptionNames, name) {
			return a, usererr.Errorf("stepper", "grid: unknown option %q%s; grid options are start=x,y goal=x,y moves=4|8 cost=unit|10-14 corners=no|yes", name, stepper.DidYouMean(name, gridOptionNames))
		}
		if seen[name] {
			return a, usererr.Errorf("stepper", "grid: %s= is given twice: give it once", name)
		}
		seen[name] = true
		switch name {
		case "start", "goal":
			x, y, err := ParseCell(value)
			if err != nil {
				return a, usererr.Errorf("stepper", "grid: %s=%s: want x,y (x the column, y the row, 0-based from the top left), such as %s=0,0", name, value, name)
			}
			if name == "start" {
				a.start = &[2]int{x, y}
			} else {
				a.goal = &[2]int{x, y}
			}
		case "moves":
			switch value {
			case "4":
				a.moves = 4
			case "8":
				a.moves = 8
			default:
				return a, usererr.Errorf("stepper", "grid: moves=%s: want moves=4 (N E S W) or moves=8 (with diagonals)", value)
			}
		case "cost":
			switch strings.ToLower(value) {
			case CostUnit:
				a.cost = CostUnit
			case Cost1014, "1014", "10/14":
				a.cost = Cost1014
			default:
				return a, usererr.Errorf("stepper", "grid: cost=%s: want cost=unit (1 and √2) or cost=10-14", value)
			}
		case "corners":
			var b bool
			switch strings.ToLower(value) {
			case "yes", "true", "on":
				b = true
			case "no", "false", "off":
			default:
				return a, usererr.Errorf("stepper", "grid: corners=%s: want corners=no (a diagonal needs both side cells free) or corners=yes", value)
			}
			a.corners = &b
		}
	}
	return a, nil
}

// Parse parses the arguments of a grid problem line:
//
//	<file.map | rows joined by '/'> [start=x,y] [goal=x,y] [moves=4|8] [cost=unit|10-14] [corners=no|yes]
//
// An argument ending in ".map" is a Moving AI map file (see [Grid] for the
// characters); anything else is ASCII rows (see [ParseRows]). start= and
// goal= override the S and G of the rows; a .map file needs both, and is
// read through files (nil: none is read, and the line is refused).
func Parse(args []string, files stepper.Files) (*Grid, error) {
	if len(args) == 0 {
		return nil, usererr.Errorf("stepper", "grid: missing the grid: write grid <file.map> start=x,y goal=x,y, or rows joined by '/' such as grid S..#/.#../...G")
	}
	if strings.HasSuffix(strings.ToLower(args[0]), ".map") {
		return loadMap(files, args[0], args[1:])
	}
	return ParseRows(strings.Split(args[0], "/"), args[1:])
}

// ParseRows builds a grid from ASCII rows, one string per row (the
// notebook gives them on separate lines), and the options of a grid problem
// line (start=x,y and so on). Characters: '.' free, '#', '@' or 'T' wall,
// '1'-'9' free with that terrain cost, 'S' the start and 'G' the goal (both
// free, cost 1). Blank rows at either end and spaces around a row are
// ignored; every other row must be as wide as the first. O(width × height).
func ParseRows(rows []string, args []string) (*Grid, error) {
	a, err := parseGridArgs(args)
	if err != nil {
		return nil, err
	}
	trimmed := make([]string, len(rows)) // the caller's slice stays as it was
	for i, r := range rows {
		trimmed[i] = strings.TrimSpace(r)
	}
	rows = trimmed
	for len(rows) > 0 && rows[0] == "" {
		rows = rows[1:]
	}
	for len(rows) > 0 && rows[len(rows)-1] == "" {
		rows = rows[:len(rows)-1]
	}
	if len(rows) == 0 {
		return nil, usererr.Errorf("stepper", "grid: no rows: write rows such as S..#/.#../...G ('.' free, '#' wall, 1-9 terrain, S start, G goal)")
	}
	w, h := len(rows[0]), len(rows)
	if w > MaxSide || h > MaxSide {
		return nil, usererr.Errorf("stepper", "grid: %d×%d is too big: at most %d×%d cells", w, h, MaxSide, MaxSide)
	}
	g := &Grid{w: w, h: h, cells: make([]uint8, 0, w*h), raw: make([]byte, 0, w*h)}
	startMark, goalMark := int32(-1), int32(-1)
	for y, row := range rows {
		for x, r := range row {
			c, ok := gridRowCell(r)
			if !ok {
				hint := "use '.' free, '#' '@' or 'T' wall, 1-9 terrain cost, S start, G goal"
				if r == '0' {
					hint = "terrain costs are 1-9; write a wall as '#'"
				}
				return nil, usererr.Errorf("stepper", "grid: row %d, column %d: unknown character %q: %s", y, x, r, hint)
			}
			i := int32(y*w + x)
			switch r {
			case 'S':
				if startMark >= 0 {
					return nil, usererr.Errorf("stepper", "grid: two starts S, at %s and %d,%d: mark one", cellString(startMark, w), x, y)
				}
				startMark = i
			case 'G':
				if goalMark >= 0 {
					return nil, usererr.Errorf("stepper", "grid: two goals G, at %s and %d,%d: mark one (a grid has a single goal)", cellString(goalMark, w), x, y)
				}
				goalMark = i
			}
			if len(g.cells) == w*h {
				break // a longer row; reported below
			}
			g.cells = append(g.cells, c)
			if c == 0 {
				g.raw = append(g.raw, byte(r))
			} else {
				g.raw = append(g.raw, '.')
			}
		}
		if len(row) != w {
			return nil, usererr.Errorf("stepper", "grid: ragged rows: row %d has %d cells but row 0 has %d; every row must be as wide", y, len(row), w)
		}
	}
	return g.finish(startMark, goalMark, a)
}

// cellString writes cell index i of a grid w wide as "x,y".
func cellString(i int32, w int) string {
	return fmt.Sprintf("%d,%d", int(i)%w, int(i)/w)
}

// gridRowCell maps an ASCII row character to its cell: 0 wall, 1-9 cost.
func gridRowCell(r rune) (uint8, bool) {
	switch {
	case r == '.' || r == 'S' || r == 'G':
		return 1, true
	case r == '#' || r == '@' || r == 'T':
		return 0, true
	case r >= '1' && r <= '9':
		return uint8(r - '0'), true
	}
	return 0, false
}

// LoadMap reads a Moving AI .map file and applies the options of a grid
// problem line, which must give start= and goal=. In a .map file 'S' and 'G'
// are passable terrain (swamp, grass), not the start and goal.
func LoadMap(path string, args []string) (*Grid, error) {
	return loadMap(stepper.LocalFiles, path, args)
}

// loadMap is LoadMap reading the file through files.
func loadMap(files stepper.Files, path string, args []string) (*Grid, error) {
	a, err := parseGridArgs(args)
	if err != nil {
		return nil, err
	}
	if files == nil {
		return nil, stepper.NoFiles(path, "paste the grid's rows instead of a .map path")
	}
	m, err := movingai.ReadMap(files, path)
	if err != nil {
		return nil, err
	}
	g := &Grid{w: m.Width, h: m.Height, cells: m.Cells, path: path}
	return g.finish(-1, -1, a)
}

// finish sets the start, goal and move model from the rows' marks and the
// options, and checks them.
func (g *Grid) finish(startMark, goalMark int32, a gridArgs) (*Grid, error) {
	where := "put S in a row or add start=x,y"
	if g.path != "" {
		where = "add start=x,y (x the column, y the row, 0-based from the top left)"
	}
	var err error
	switch {
	case a.start != nil:
		if g.start, err = g.freeCell("start", a.start[0], a.start[1]); err != nil {
			return nil, err
		}
	case startMark >= 0:
		g.start = startMark
	default:
		return nil, usererr.Errorf("stepper", "grid: no start given: %s", where)
	}
	switch {
	case a.goal != nil:
		if g.goal, err = g.freeCell("goal", a.goal[0], a.goal[1]); err != nil {
			return nil, err
		}
	case goalMark >= 0:
		g.goal = goalMark
	default:
		return nil, usererr.Errorf("stepper", "grid: no goal given: %s", strings.NewReplacer("S ", "G ", "start=", "goal=").Replace(where))
	}
	g.setModel(a)
	return g, nil
}

// setModel sets the move model from the options and the defaults, and the
// smallest terrain cost. O(width × height).
func (g *Grid) setModel(a gridArgs) {
	g.cost = a.cost
	if g.cost == "" {
		g.cost = CostUnit
	}
	g.moves = a.moves
	if g.moves == 0 {
		g.moves = 4
		if g.path != "" || g.cost == Cost1014 {
			g.moves = 8
		}
	}
	if a.corners != nil {
		g.corners = *a.corners
	}
	g.minTerrain = 9
	for _, c := range g.cells {
		if c != 0 && c < g.minTerrain {
			g.minTerrain = c
		}
	}
}
