package grid

import (
	"fmt"
	"strings"

	"stepviz/stepper"
)

// parseProblem parses a grid problem line as problems.Parse does (a test
// inside package grid cannot import package problems, which imports it).
func parseProblem(line string, files stepper.Files) (stepper.Instance, error) {
	f := strings.Fields(line)
	if len(f) == 0 || !strings.EqualFold(f[0], "grid") {
		return nil, fmt.Errorf("this test helper parses grid lines only, not %q", line)
	}
	p, err := Parse(f[1:], files)
	if err != nil {
		return nil, err
	}
	return p, nil
}
