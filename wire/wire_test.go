package wire

import (
	"os"
	"testing"

	"stepviz/stepper"
)

// TestJSConstantsCommitted: static/wireconst.js is what `go generate ./wire`
// writes from the constants here, so the page decodes what the server packs.
func TestJSConstantsCommitted(t *testing.T) {
	got, err := os.ReadFile("../static/wireconst.js")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != JS() {
		t.Fatal("static/wireconst.js differs from wire's constants: run `go generate ./wire` and commit it")
	}
}

// TestFatesAreTheEngines: the fate numbers records carry are the engine's
// base fates, and each names the status the engine gives it.
func TestFatesAreTheEngines(t *testing.T) {
	for n, f := range map[int]stepper.BaseFate{
		FateOpen: stepper.BaseOpen, FateDupClosed: stepper.BaseDupClosed, FateDupOpen: stepper.BaseDupOpen,
		FateDepthLimit: stepper.BaseDepthLimit, FateGoalBorn: stepper.BaseGoalBorn, FateCutoff: stepper.BaseCutoff,
		FateForgotten: stepper.BaseForgotten, FatePruned: stepper.BasePruned,
	} {
		if int(f) != n {
			t.Errorf("fate %d is stepper's %d", n, f)
		}
		if want := f.Status().String(); FateNames[n] != want {
			t.Errorf("fate %d is shown as %q, the engine's status is %q", n, FateNames[n], want)
		}
	}
}
