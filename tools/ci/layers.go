package main

import (
	"fmt"
	"strings"
)

// layers are the one-way arrows of docs/architecture.md that a package's
// links can break: each package (with everything it links) may use no
// package of the module outside allowed.
var layers = []struct {
	pkg     string
	allowed []string
}{
	// the engine imports no problem: puzzle, grid and graph import it
	{"stepviz/stepper", []string{"stepviz/stepper", "stepviz/internal/"}},
	{"stepviz/stepper/movingai", []string{"stepviz/stepper/movingai", "stepviz/internal/"}},
	{"stepviz/stepper/puzzle", []string{"stepviz/stepper", "stepviz/stepper/puzzle", "stepviz/internal/"}},
	{"stepviz/stepper/grid", []string{"stepviz/stepper", "stepviz/stepper/grid", "stepviz/stepper/movingai", "stepviz/internal/"}},
	{"stepviz/stepper/graph", []string{"stepviz/stepper", "stepviz/stepper/graph", "stepviz/internal/"}},
	// the problem line sits above the problems, and nothing of the engine's side imports it
	{"stepviz/stepper/problems", []string{"stepviz/stepper", "stepviz/stepper/problems", "stepviz/stepper/puzzle", "stepviz/stepper/grid", "stepviz/stepper/graph", "stepviz/stepper/movingai", "stepviz/internal/"}},
	// the tests' shared helpers know the engine, no problem package
	{"stepviz/stepper/internal/problemtest", []string{"stepviz/stepper", "stepviz/stepper/internal/problemtest", "stepviz/internal/"}},
	{"stepviz/stepper/hcheck", []string{"stepviz/stepper", "stepviz/stepper/hcheck", "stepviz/internal/"}},
	{"stepviz/ipynb", []string{"stepviz/ipynb", "stepviz/internal/usererr"}},
	{"stepviz/store", []string{"stepviz/store", "stepviz/ipynb", "stepviz/internal/"}},
	{"stepviz/cluster", []string{"stepviz/cluster", "stepviz/store", "stepviz/ipynb", "stepviz/internal/"}},
	// viz draws boards, grids and maps, and parses no problem line
	{"stepviz/viz", []string{"stepviz/viz", "stepviz/wire", "stepviz/stepper", "stepviz/stepper/puzzle", "stepviz/stepper/grid", "stepviz/stepper/graph", "stepviz/stepper/movingai", "stepviz/internal/"}},
	{"stepviz/wire", []string{"stepviz/wire", "stepviz/stepper", "stepviz/internal/"}},
	// a live session knows no room, poll, page or database: the server
	// and its rooms use it through its exported API
	{"stepviz/server/session", []string{"stepviz/server/session", "stepviz/wire", "stepviz/viz", "stepviz/stepper", "stepviz/stepper/", "stepviz/internal/"}},
	// rooms drive sessions through the session's API; they know no page
	// (a lecturer's own heuristics script runs in package script's sandbox)
	{"stepviz/server/room", []string{"stepviz/server/room", "stepviz/server/session", "stepviz/store", "stepviz/ipynb", "stepviz/wire", "stepviz/viz", "stepviz/stepper", "stepviz/stepper/", "stepviz/script", "stepviz/internal/"}},
	// a live game or local session knows no room, page route or database
	{"stepviz/server/live", []string{"stepviz/server/live", "stepviz/server/session", "stepviz/wire", "stepviz/viz", "stepviz/viz/", "stepviz/stepper", "stepviz/stepper/", "stepviz/script", "stepviz/static", "stepviz/ipynb", "stepviz/internal/"}},
	// the server is the HTTP composition: nothing of the command line,
	// the notebook or the kernel
	{"stepviz/server", []string{"stepviz/server", "stepviz/server/", "stepviz/wire", "stepviz/viz", "stepviz/viz/", "stepviz/stepper", "stepviz/stepper/", "stepviz/script", "stepviz/store", "stepviz/ipynb", "stepviz/templates", "stepviz/static", "stepviz/examples", "stepviz/internal/"}},
	// the tests' check of model.js knows the engine and the wire, nothing above
	{"stepviz/internal/modelcheck", []string{"stepviz/internal/", "stepviz/wire", "stepviz/stepper"}},
	// the websocket harness of the server's tests links nothing of the module
	{"stepviz/server/internal/wstest", []string{"stepviz/server/internal/wstest"}},
	// the HTML replay sends the server's frames without the server
	{"stepviz/viz/export", []string{"stepviz/viz/export", "stepviz/wire", "stepviz/viz", "stepviz/viz/raster", "stepviz/script", "stepviz/static", "stepviz/stepper", "stepviz/stepper/", "stepviz/ipynb", "stepviz/internal/"}},
}

// checkLayers fails when a package links a package of the module it may not.
func checkLayers() error {
	var bad []string
	for _, l := range layers {
		deps, err := output("go", "list", "-deps", l.pkg)
		if err != nil {
			return fmt.Errorf("go list -deps %s: %w", l.pkg, err)
		}
		for _, d := range strings.Fields(deps) {
			if d == "stepviz" || !strings.HasPrefix(d, "stepviz/") || allowedDep(d, l.allowed) {
				continue
			}
			bad = append(bad, fmt.Sprintf("%s links %s", l.pkg, d))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("packages link what docs/architecture.md says they may not:\n%s", strings.Join(bad, "\n"))
	}
	return nil
}

func allowedDep(dep string, allowed []string) bool {
	for _, a := range allowed {
		if dep == a || (strings.HasSuffix(a, "/") && strings.HasPrefix(dep, a)) {
			return true
		}
	}
	return false
}
