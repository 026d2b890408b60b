package grid

import (
	"testing"

	"stepviz/stepper/internal/problemtest"
)

func TestAppendStateIsFormat(t *testing.T) {
	g, err := ParseRows([]string{"S.........", "..........", ".........G"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	problemtest.CheckAppendState[gridCell](t, newGridProblem(g), 100)
}
