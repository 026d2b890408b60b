// Package movingai reads the file formats of N. Sturtevant's Moving AI
// grid benchmarks ("Benchmarks for Grid-Based Pathfinding", 2012): .map
// files (a grid of passable and impassable cells) and .scen files (rows of
// start, goal and optimal length). It parses bytes into plain data and
// knows nothing of searches; the grid problem and the scenario runner of
// package stepper build on it. Every input is size-bounded before it is
// read. Its errors read "stepper: map ..." and "stepper: scen ...", the
// words a grid problem line's user sees.
package movingai

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

// Map is a parsed Moving AI .map file:
//
//	type octile
//	height H
//	width W
//	map
//	H rows of W characters
//
// '.', 'G' and 'S' are passable; '@', 'O', 'T' and 'W' are not. Lines may end
// in CRLF. Cells is row-major, 1 for passable, 0 for not; len(Cells) is
// Width × Height, each side in [1, MaxSide].
type Map struct {
	Width, Height int
	Cells         []uint8
}

// MaxSide is the widest and tallest map accepted.
const MaxSide = 4096

// MaxMapFile bounds a .map file: a header and MaxSide rows of MaxSide
// cells, with CRLF line ends.
const MaxMapFile = 1024 + MaxSide*(MaxSide+2)

// Opener opens a file for reading if it is a regular file of at most max
// bytes (stepper.Files is one).
type Opener interface {
	Open(path string, max int64) (io.ReadCloser, error)
}

// ReadMap reads and parses the .map file at path through files. Errors
// name the path.
func ReadMap(files Opener, path string) (*Map, error) {
	f, err := files.Open(path, MaxMapFile)
	if err != nil {
		return nil, usererr.Errorf("stepper", "cannot read map %s: %v", path, unwrapPathError(err))
	}
	defer f.Close()
	m, err := ParseMap(f)
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

// ParseMap parses a .map file. Its errors have no package prefix: ReadMap
// adds it with the path. The header's height and width are
// checked against [MaxSide] before any cell is stored. O(file size).
func ParseMap(r io.Reader) (*Map, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxSide+64)
	line := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		line++
		return strings.TrimRight(sc.Text(), "\r"), true
	}
	const want = "a .map file starts: type octile / height H / width W / map"
	m := &Map{Width: -1, Height: -1}
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
			if err != nil || n < 1 || n > MaxSide {
				return nil, fmt.Errorf("line %d: %s %q: want a whole number from 1 to %d (the largest grid is %d×%d)", line, strings.ToLower(f[0]), f[1], MaxSide, MaxSide, MaxSide)
			}
			if strings.EqualFold(f[0], "height") {
				m.Height = n
			} else {
				m.Width = n
			}
		default:
			return nil, fmt.Errorf("line %d: bad header line %q: %s", line, s, want)
		}
	}
	switch {
	case typ == "":
		return nil, fmt.Errorf("the header has no type line: %s", want)
	case m.Height < 0:
		return nil, fmt.Errorf("the header has no height line: %s", want)
	case m.Width < 0:
		return nil, fmt.Errorf("the header has no width line: %s", want)
	}
	m.Cells = make([]uint8, 0, m.Width*m.Height)
	for y := 0; y < m.Height; y++ {
		s, ok := next()
		if !ok {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("line %d (row %d): %v", line+1, y, scanErr(err))
			}
			return nil, fmt.Errorf("the map has %d rows but the header says height %d", y, m.Height)
		}
		if len(s) != m.Width {
			return nil, fmt.Errorf("line %d (row %d): %d characters but the header says width %d", line, y, len(s), m.Width)
		}
		for x := 0; x < len(s); x++ {
			switch s[x] {
			case '.', 'G', 'S':
				m.Cells = append(m.Cells, 1)
			case '@', 'O', 'T', 'W':
				m.Cells = append(m.Cells, 0)
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
			return nil, fmt.Errorf("line %d: more rows than the header's height %d", line, m.Height)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, scanErr(err))
	}
	return m, nil
}

func scanErr(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("line longer than the widest map (%d)", MaxSide)
	}
	return err
}
