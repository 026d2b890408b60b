package movingai

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"stepviz/internal/usererr"
	"strconv"
	"strings"
)

// ScenRow is one row of a Moving AI .scen file (version 1).
type ScenRow struct {
	// Line is the row's 1-based line number in the file.
	Line int `json:"line"`
	// Bucket groups rows by optimal length (floor(optimal/4) in the
	// benchmark sets).
	Bucket int `json:"bucket"`
	// Map is the map file as the row names it.
	Map       string `json:"map"`
	MapWidth  int    `json:"mapWidth"`
	MapHeight int    `json:"mapHeight"`
	StartX    int    `json:"startX"`
	StartY    int    `json:"startY"`
	GoalX     int    `json:"goalX"`
	GoalY     int    `json:"goalY"`
	// Optimal is the optimal path length: 8 moves, cardinal 1, diagonal √2,
	// no corner cutting.
	Optimal float64 `json:"optimal"`
}

// ParseScen parses a Moving AI .scen file: the line "version 1", then one
// row per line of nine tab-separated fields: bucket, map, map width, map
// height, start x, start y, goal x, goal y, optimal length. Blank lines are
// skipped and CRLF is tolerated. It does not read the map. O(file size).
func ParseScen(r io.Reader) ([]ScenRow, error) {
	sc := bufio.NewScanner(r)
	line := 0
	var rows []ScenRow
	version := false
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		if !version {
			f := strings.Fields(s)
			if len(f) != 2 || f[0] != "version" || (f[1] != "1" && f[1] != "1.0") {
				return nil, usererr.Errorf("stepper", "scen line %d: %q: a scenario file starts with the line \"version 1\"", line, s)
			}
			version = true
			continue
		}
		row, err := parseScenRow(s)
		if err != nil {
			return nil, usererr.Errorf("stepper", "scen line %d: %v", line, err)
		}
		row.Line = line
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, usererr.Errorf("stepper", "scen line %d: %v", line+1, err)
	}
	if !version {
		return nil, usererr.New("stepper", "scen: empty file: a scenario file starts with the line \"version 1\"")
	}
	return rows, nil
}

func parseScenRow(s string) (ScenRow, error) {
	const want = "want 9 tab-separated fields: bucket, map, map width, map height, start x, start y, goal x, goal y, optimal length"
	f := strings.Split(s, "\t")
	if len(f) != 9 {
		f = strings.Fields(s)
	}
	if len(f) != 9 {
		return ScenRow{}, fmt.Errorf("%d fields: %s", len(f), want)
	}
	var n [7]int
	names := [...]string{"bucket", "map width", "map height", "start x", "start y", "goal x", "goal y"}
	for i, field := range append([]string{f[0]}, f[2:8]...) {
		v, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || v < 0 {
			return ScenRow{}, fmt.Errorf("%s %q: want a whole number >= 0", names[i], field)
		}
		n[i] = v
	}
	opt, err := strconv.ParseFloat(strings.TrimSpace(f[8]), 64)
	if err != nil || opt < 0 || math.IsInf(opt, 0) || math.IsNaN(opt) {
		return ScenRow{}, fmt.Errorf("optimal length %q: want a number >= 0", f[8])
	}
	m := strings.TrimSpace(f[1])
	if m == "" {
		return ScenRow{}, fmt.Errorf("empty map name: %s", want)
	}
	return ScenRow{
		Bucket: n[0], Map: m, MapWidth: n[1], MapHeight: n[2],
		StartX: n[3], StartY: n[4], GoalX: n[5], GoalY: n[6], Optimal: opt,
	}, nil
}
