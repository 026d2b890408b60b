package stepper

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"stepviz/internal/usererr"
	"strconv"
	"strings"
)

// movingAIMap is a parsed Moving AI .map file (N. Sturtevant, "Benchmarks
// for Grid-Based Pathfinding", 2012):
//
//	type octile
//	height H
//	width W
//	map
//	H rows of W characters
//
// '.', 'G' and 'S' are passable; '@', 'O', 'T' and 'W' are not. Lines may end
// in CRLF. cells is row-major, 1 for passable, 0 for not.
type movingAIMap struct {
	width, height int
	cells         []uint8
}

// maxMapFile bounds a .map file: a header and MaxGridSide rows of
// MaxGridSide cells, with CRLF line ends.
const maxMapFile = 1024 + MaxGridSide*(MaxGridSide+2)

// readMovingAIMap reads and parses the .map file at path. Errors name the path.
func readMovingAIMap(files Files, path string) (*movingAIMap, error) {
	if files == nil {
		return nil, noFiles(path, "paste the grid's rows instead of a .map path")
	}
	f, err := files.Open(path, maxMapFile)
	if err != nil {
		return nil, usererr.Errorf("stepper", "cannot read map %s: %v", path, unwrapPathError(err))
	}
	defer f.Close()
	m, err := parseMovingAIMap(f)
	if err != nil {
		return nil, usererr.Errorf("stepper", "map %s: %v", path, err)
	}
	return m, nil
}

// unwrapPathError drops the path that *os.PathError repeats.
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// parseMovingAIMap parses a .map file. Its errors have no package prefix:
// readMovingAIMap adds it with the path. The header's height and width are
// checked against [MaxGridSide] before any cell is stored. O(file size).
func parseMovingAIMap(r io.Reader) (*movingAIMap, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxGridSide+64)
	line := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		line++
		return strings.TrimRight(sc.Text(), "\r"), true
	}
	const want = "a .map file starts: type octile / height H / width W / map"
	m := &movingAIMap{width: -1, height: -1}
	typ := ""
header:
	for {
		s, ok := next()
		if !ok {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("line %d: %v", line+1, scanErr(err))
			}
			return nil, fmt.Errorf("the header ends before the line \"map\": %s", want)
		}
		f := strings.Fields(s)
		switch {
		case len(f) == 0:
			continue
		case len(f) == 1 && strings.EqualFold(f[0], "map"):
			break header
		case len(f) == 2 && strings.EqualFold(f[0], "type"):
			typ = f[1]
			if typ != "octile" {
				return nil, fmt.Errorf("line %d: type %q: only \"type octile\" maps are supported", line, typ)
			}
		case len(f) == 2 && (strings.EqualFold(f[0], "height") || strings.EqualFold(f[0], "width")):
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 1 || n > MaxGridSide {
				return nil, fmt.Errorf("line %d: %s %q: want a whole number from 1 to %d (the largest grid is %d×%d)", line, strings.ToLower(f[0]), f[1], MaxGridSide, MaxGridSide, MaxGridSide)
			}
			if strings.EqualFold(f[0], "height") {
				m.height = n
			} else {
				m.width = n
			}
		default:
			return nil, fmt.Errorf("line %d: bad header line %q: %s", line, s, want)
		}
	}
	switch {
	case typ == "":
		return nil, fmt.Errorf("the header has no type line: %s", want)
	case m.height < 0:
		return nil, fmt.Errorf("the header has no height line: %s", want)
	case m.width < 0:
		return nil, fmt.Errorf("the header has no width line: %s", want)
	}
	m.cells = make([]uint8, 0, m.width*m.height)
	for y := 0; y < m.height; y++ {
		s, ok := next()
		if !ok {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("line %d (row %d): %v", line+1, y, scanErr(err))
			}
			return nil, fmt.Errorf("the map has %d rows but the header says height %d", y, m.height)
		}
		if len(s) != m.width {
			return nil, fmt.Errorf("line %d (row %d): %d characters but the header says width %d", line, y, len(s), m.width)
		}
		for x := 0; x < len(s); x++ {
			switch s[x] {
			case '.', 'G', 'S':
				m.cells = append(m.cells, 1)
			case '@', 'O', 'T', 'W':
				m.cells = append(m.cells, 0)
			default:
				return nil, fmt.Errorf("line %d (row %d), column %d: unknown character %q: a .map uses '.', 'G', 'S' (passable) and '@', 'O', 'T', 'W' (impassable)", line, y, x, s[x])
			}
		}
	}
	for {
		s, ok := next()
		if !ok {
			break
		}
		if strings.TrimSpace(s) != "" {
			return nil, fmt.Errorf("line %d: more rows than the header's height %d", line, m.height)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, scanErr(err))
	}
	return m, nil
}

func scanErr(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("line longer than the widest map (%d)", MaxGridSide)
	}
	return err
}
