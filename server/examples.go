package server

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"

	"stepviz/internal/usererr"
)

// lectureHallMap is a small Moving AI map drawn for stepviz (three rooms,
// doors, trees, a pond and a swamp), embedded so the example needs no file.
//
//go:embed maps/lecture-hall.map
var lectureHallMap string

// example is a ready-made session on the landing page.
type example struct {
	Name    string // form value and test id
	Title   string
	Blurb   string
	Problem string // the problem line
	Options string // the search line
}

// examples are the landing page's examples, in the order shown, made on
// first use: the Moving AI one's problem line is read from the embedded
// map.
var examples = sync.OnceValue(func() []example {
	list := []example{
		{Name: "puzzle-283164705", Title: "8-puzzle 283164705 → 123804765",
			Blurb:   "The textbook's 8-puzzle: A* with Manhattan distance, solved in 5 moves.",
			Problem: "puzzle 283164705 goal=123804765", Options: "astar h=manhattan"},
		{Name: "puzzle-867254301", Title: "8-puzzle 867254301 → 123456780",
			Blurb:   "A hard 8-puzzle (31 moves): watch the open list grow.",
			Problem: "puzzle 867254301 goal=123456780", Options: "astar h=manhattan"},
		{Name: "tutorial-grid", Title: "The classic A* tutorial grid",
			Blurb:   "Diagonal moves cost 14, straight ones 10, no corner cutting; F, G and H in every cell.",
			Problem: "grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", Options: "astar h=manhattan"},
		{Name: "romania", Title: "Romania: Arad → Bucharest",
			Blurb:   "Russell & Norvig's road map with straight-line distances.",
			Problem: "graph romania start=Arad goal=Bucharest", Options: "astar"},
		{Name: "moving-ai", Title: "A Moving AI map: the lecture hall",
			Blurb:   "A 40×24 octile map in Moving AI format (walls, trees, water; swamp passable), embedded in the binary.",
			Problem: "", Options: "astar h=octile"},
	}
	rows, err := movingAIRows(lectureHallMap)
	if err != nil {
		panic(err) // the embedded map is part of the binary; a test covers it
	}
	for i := range list {
		if list[i].Name == "moving-ai" {
			list[i].Problem = "grid " + strings.Join(rows, "/") + " start=2,2 goal=37,21 moves=8 cost=unit corners=no"
		}
	}
	return list
})

// exampleByName finds an example.
func exampleByName(name string) (example, bool) {
	for _, e := range examples() {
		if e.Name == name {
			return e, true
		}
	}
	return example{}, false
}

// movingAIRows converts a Moving AI map ("type octile", "height H",
// "width W", "map", then H rows) to the ASCII rows of a grid problem line:
// '.', 'G' and 'S' (ground and swamp) are free, everything else ('@', 'O',
// 'T', 'W') is a wall.
func movingAIRows(text string) ([]string, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	w, h, i := -1, -1, 0
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != "map"; i++ {
		f := strings.Fields(lines[i])
		if len(f) != 2 {
			continue
		}
		n, err := strconv.Atoi(f[1])
		switch f[0] {
		case "height":
			if err != nil || n < 1 {
				return nil, usererr.Errorf("server", "map: bad height %q", f[1])
			}
			h = n
		case "width":
			if err != nil || n < 1 {
				return nil, usererr.Errorf("server", "map: bad width %q", f[1])
			}
			w = n
		}
	}
	if i == len(lines) || w < 0 || h < 0 {
		return nil, usererr.Errorf("server", "map: want a Moving AI header (type, height, width, map)")
	}
	lines = lines[i+1:]
	if len(lines) < h {
		return nil, usererr.Errorf("server", "map: %d rows, header says %d", len(lines), h)
	}
	rows := make([]string, h)
	for y := 0; y < h; y++ {
		row := strings.TrimRight(lines[y], "\r ")
		if len(row) != w {
			return nil, usererr.Errorf("server", "map: row %d is %d wide, header says %d", y, len(row), w)
		}
		b := []byte(row)
		for x, c := range b {
			switch c {
			case '.', 'G', 'S':
				b[x] = '.'
			default:
				b[x] = '#'
			}
		}
		rows[y] = string(b)
	}
	return rows, nil
}
