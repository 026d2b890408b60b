package puzzle

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
)

// KorfInstance is one line of Korf's table of 100 random 15-puzzles
// (R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
// search", Artificial Intelligence 27(1), 1985), as testdata/korf100.txt
// writes it: the id, the 16 tiles row by row (0 the blank) for the goal
// with the blank top left, the optimal length, h of the start, the nodes
// Korf published and the nodes re-derived by IDA* with his conventions.
type KorfInstance struct {
	ID                    int
	Tiles                 []int
	OptLen, H0            int
	KorfNodes, ReproNodes int64
}

// KorfGoal is the goal of Korf's instances: the blank top left, tile t at
// position t.
const KorfGoal = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"

// KorfSearch is the search line with Korf's conventions: IDA* with
// Manhattan distance, the parent never regenerated, the blank tried up,
// left, right, down. Nodes generated, as Korf counts them, are the root
// plus every child generated in every iteration, one child at a time: 1 +
// Search.GeneratedOneByOne.
const KorfSearch = "idastar h=manhattan parent=skip order=up,left,right,down"

// Problem is the instance's problem line.
func (k KorfInstance) Problem() string {
	return "puzzle " + FormatTiles(k.Tiles) + " goal=" + KorfGoal
}

// maxKorfLine bounds one line of a Korf table.
const maxKorfLine = 4096

// ParseKorf reads a Korf table: lines of id, 16 tiles, optimal length, h0,
// published nodes and reproduced nodes separated by white space; lines
// starting with # and blank lines are skipped. It fails on the first bad
// line, naming its number and what is wrong.
func ParseKorf(r io.Reader) ([]KorfInstance, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxKorfLine)
	var out []KorfInstance
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if len(f) != 21 {
			return nil, usererr.Errorf("stepper", "korf table line %d: %d fields, want 21: id, 16 tiles, optimal length, h0, published nodes, reproduced nodes", line, len(f))
		}
		var nums [21]int64
		for i, s := range f {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v < 0 {
				return nil, usererr.Errorf("stepper", "korf table line %d: field %d %q is not a whole number >= 0", line, i+1, s)
			}
			nums[i] = v
		}
		k := KorfInstance{ID: int(nums[0]), OptLen: int(nums[17]), H0: int(nums[18]), KorfNodes: nums[19], ReproNodes: nums[20]}
		for _, v := range nums[1:17] {
			k.Tiles = append(k.Tiles, int(v))
		}
		if _, err := Parse([]string{FormatTiles(k.Tiles), "goal=" + KorfGoal}); err != nil {
			return nil, usererr.Errorf("stepper", "korf table line %d: %v", line, err)
		}
		out = append(out, k)
	}
	if err := sc.Err(); err != nil {
		return nil, usererr.Errorf("stepper", "korf table line %d: %v", line+1, err)
	}
	return out, nil
}
