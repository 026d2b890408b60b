package jupyter_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestPureGo checks that the kernel needs no cgo and no libzmq: zmq4's cgo
// bridge (goczmq) is behind the czmq4 build tag, and the binary builds with
// CGO_ENABLED=0.
func TestPureGo(t *testing.T) {
	list := exec.Command("go", "list", "-deps", "stepviz/cmd/stepviz")
	list.Dir = testenv.ModuleRoot(t)
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "goczmq") {
			t.Errorf("stepviz depends on %s, a cgo binding of libczmq", dep)
		}
	}
	build := exec.Command("go", "build", "-o", os.DevNull, "./cmd/stepviz")
	build.Dir = testenv.ModuleRoot(t)
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := build.CombinedOutput(); err != nil {
		t.Errorf("CGO_ENABLED=0 go build: %v\n%s", err, b)
	}
}
