package problemtest

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// ReadDepthTable reads testdata's 8puzzle-depths.csv into its columns
// (corner, center, midside), each a count of boards per optimal distance;
// an empty cell ends a column. A malformed or short table fails the test.
func ReadDepthTable(t testing.TB) map[string][]int {
	t.Helper()
	data, err := os.ReadFile(testenv.Data(t, "8puzzle-depths.csv"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var header []string
	cols := map[string][]int{}
	ended := map[string]bool{}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, ",")
		if header == nil {
			header = cells
			continue
		}
		depth, err := strconv.Atoi(cells[0])
		if err != nil {
			t.Fatalf("8puzzle-depths.csv: %q: %v", line, err)
		}
		for i, c := range cells[1:] {
			name := header[i+1]
			if c == "" {
				ended[name] = true
				continue
			}
			if ended[name] || len(cols[name]) != depth {
				t.Fatalf("8puzzle-depths.csv: column %s has a gap before depth %d", name, depth)
			}
			v, err := strconv.Atoi(c)
			if err != nil {
				t.Fatalf("8puzzle-depths.csv: %q: %v", line, err)
			}
			cols[name] = append(cols[name], v)
		}
	}
	for _, name := range []string{"corner", "center", "midside"} {
		if len(cols[name]) < 30 {
			t.Fatalf("8puzzle-depths.csv: column %s has %d rows", name, len(cols[name]))
		}
	}
	return cols
}
