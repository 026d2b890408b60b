package grid

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/movingai"
)

// Scenario is a loaded Moving AI scenario file: its rows and the maps they
// name, read from beside the file. This is the API the `stepviz scen`
// command builds on:
//
//	sc, err := grid.LoadScen("arena2.map.scen") // parses, reads the map(s) beside it, checks every row
//	sc = sc.Sample(50)                           // optional: every 50th row
//	res, err := sc.Run(grid.ScenConfig{          // zero config: A* octile, 8 moves, unit cost, no corner cutting
//		Options:  opts,                          // e.g. from stepper.ParseOptions("astar h=octile")
//		Progress: func(done, total int) { ... }, // after each row
//	})
//	sum := grid.SummarizeScen(res)               // rows, mismatches, expanded, time
//
// Each [ScenResult] has the row, the status, the cost found, the counters,
// the time the row took and Mismatch: not solved, or a cost more than
// [ScenConfig.Tolerance] (default 1e-6) from the row's optimal length. Note
// that the optimal lengths of Moving AI files assume 8 moves, unit costs and
// no corner cutting: other settings mismatch on purpose.
type Scenario struct {
	// Path is the .scen file.
	Path string
	Rows []movingai.ScenRow
	// maps holds each distinct map's passable cells, keyed by movingai.ScenRow.Map.
	maps map[string]*scenMap
}

type scenMap struct {
	path string
	m    *movingai.Map
}

// maxScenFile bounds a scenario file (the largest of the Moving AI
// benchmark sets are a few MB).
const maxScenFile = 64 << 20

// LoadScen parses the scenario file at path and reads every map its rows
// name from the scenario's directory (the name as written, else its base
// name). It checks that each row's map size matches the map and that its
// start and goal are free cells, so that [Scenario.Run] cannot fail on a
// row. Each map is read once.
func LoadScen(path string) (*Scenario, error) {
	f, err := safefile.Open(path, maxScenFile)
	if err != nil {
		return nil, usererr.Errorf("stepper", "cannot read scenario %s: %v", path, unwrapPathErr(err))
	}
	defer f.Close()
	rows, err := movingai.ParseScen(f)
	if err != nil {
		return nil, fmt.Errorf("%s (in %s)", err, path)
	}
	sc := &Scenario{Path: path, Rows: rows, maps: map[string]*scenMap{}}
	dir := filepath.Dir(path)
	for _, r := range rows {
		sm := sc.maps[r.Map]
		if sm == nil {
			mp := filepath.Join(dir, r.Map)
			if _, err := os.Stat(mp); err != nil {
				if alt := filepath.Join(dir, filepath.Base(r.Map)); alt != mp {
					mp = alt
				}
			}
			m, err := movingai.ReadMap(stepper.LocalFiles, mp)
			if err != nil {
				return nil, fmt.Errorf("%v (named by %s line %d; the map must be beside the scenario file)", err, path, r.Line)
			}
			sm = &scenMap{path: mp, m: m}
			sc.maps[r.Map] = sm
		}
		m := sm.m
		if r.MapWidth != m.Width || r.MapHeight != m.Height {
			return nil, usererr.Errorf("stepper", "scen %s line %d: the row says the map is %d×%d but %s is %d×%d", path, r.Line, r.MapWidth, r.MapHeight, sm.path, m.Width, m.Height)
		}
		for _, c := range [...]struct {
			what string
			x, y int
		}{{"start", r.StartX, r.StartY}, {"goal", r.GoalX, r.GoalY}} {
			if c.x >= m.Width || c.y >= m.Height {
				return nil, usererr.Errorf("stepper", "scen %s line %d: %s %d,%d is outside the %d×%d map", path, r.Line, c.what, c.x, c.y, m.Width, m.Height)
			}
			if m.Cells[c.y*m.Width+c.x] == 0 {
				return nil, usererr.Errorf("stepper", "scen %s line %d: %s %d,%d is a wall in %s", path, r.Line, c.what, c.x, c.y, sm.path)
			}
		}
	}
	return sc, nil
}

// Sample returns a scenario with every n-th row (rows 0, n, 2n, ...),
// sharing the maps. n <= 1 returns sc.
func (sc *Scenario) Sample(n int) *Scenario {
	if n <= 1 {
		return sc
	}
	out := &Scenario{Path: sc.Path, maps: sc.maps}
	for i := 0; i < len(sc.Rows); i += n {
		out.Rows = append(out.Rows, sc.Rows[i])
	}
	return out
}

// ScenConfig says how [Scenario.Run] searches each row. The zero value is
// the benchmark's own setting: A* with octile distance, 8 moves, unit costs,
// no corner cutting, tolerance 1e-6.
type ScenConfig struct {
	// Options choose the algorithm and its variants; the zero value is A*
	// with the grid's default heuristic (octile with 8 moves).
	Options stepper.Options
	// Moves is 4 or 8 (0 means 8).
	Moves int
	// Cost is CostUnit or Cost1014 ("" means unit).
	Cost string
	// Corners allows diagonal steps that cut a wall's corner.
	Corners bool
	// Tolerance is the largest |cost − optimal| that is not a mismatch
	// (0 means 1e-6).
	Tolerance float64
	// Progress, if not nil, is called after each row with the rows done
	// and the total, always from the goroutine that called Run.
	Progress func(done, total int)
	// Workers is how many rows run at once (0 or 1: one after another).
	Workers int
}

// ScenResult is the outcome of one scenario row.
type ScenResult struct {
	Row       movingai.ScenRow `json:"row"`
	Status    stepper.Status   `json:"status"`
	Cost      float64          `json:"cost"`
	Expanded  int              `json:"expanded"`
	Generated int              `json:"generated"`
	MaxOpen   int              `json:"maxOpen"`
	Elapsed   time.Duration    `json:"elapsed"`
	// Mismatch is true when the row was not solved or its cost differs
	// from Row.Optimal by more than the tolerance.
	Mismatch bool `json:"mismatch"`
}

// Grid returns the grid of row i (an index into sc.Rows) with the model of
// cfg: the map beside the scenario file, its start and goal set. Its Spec is
// a problem line for `stepviz solve`. O(map cells), to set the model.
func (sc *Scenario) Grid(i int, cfg ScenConfig) (*Grid, error) {
	if i < 0 || i >= len(sc.Rows) {
		return nil, usererr.Errorf("stepper", "scen %s: row %d: there are %d rows", sc.Path, i, len(sc.Rows))
	}
	base, err := sc.baseGrid(sc.Rows[i].Map, cfg)
	if err != nil {
		return nil, err
	}
	r := sc.Rows[i]
	return base.WithEndpoints(r.StartX, r.StartY, r.GoalX, r.GoalY)
}

// baseGrid makes the grid of one map with cfg's move model; its start and
// goal are cell 0 until WithEndpoints sets them.
func (sc *Scenario) baseGrid(name string, cfg ScenConfig) (*Grid, error) {
	sm := sc.maps[name]
	if sm == nil {
		return nil, usererr.Errorf("stepper", "scen %s: map %q was not loaded; use LoadScen", sc.Path, name)
	}
	a := gridArgs{moves: cfg.Moves, cost: cfg.Cost, corners: &cfg.Corners}
	if a.moves == 0 {
		a.moves = 8
	}
	if a.moves != 4 && a.moves != 8 {
		return nil, usererr.Errorf("stepper", "scen: moves %d: want 4 or 8", cfg.Moves)
	}
	if a.cost != "" && a.cost != CostUnit && a.cost != Cost1014 {
		return nil, usererr.Errorf("stepper", "scen: cost %q: want %s or %s", cfg.Cost, CostUnit, Cost1014)
	}
	g := &Grid{w: sm.m.Width, h: sm.m.Height, cells: sm.m.Cells, path: sm.path}
	g.setModel(a)
	return g, nil
}

// Run searches every row with cfg and returns one result per row, in row
// order. It fails only on a bad configuration (an unknown heuristic, say),
// before any row is run. With cfg.Workers > 1 rows run concurrently (each
// search on its own, the maps shared read-only); results and progress are
// the same apart from the rows' times. Time: the sum of the searches
// divided among the workers; memory: one search per worker, each row's
// search starting on the memory of the row before (Search.Release). A
// row's search only steps forward, so it keeps no journal (Options.Forget).
func (sc *Scenario) Run(cfg ScenConfig) ([]ScenResult, error) {
	cfg.Options.Forget = true
	tol := cfg.Tolerance
	if tol == 0 {
		tol = 1e-6
	}
	// Every row's grid first: the model is checked once per map, and a bad
	// configuration fails here, before any search.
	bases := map[string]*Grid{}
	grids := make([]*Grid, len(sc.Rows))
	for i, r := range sc.Rows {
		base := bases[r.Map]
		if base == nil {
			var err error
			if base, err = sc.baseGrid(r.Map, cfg); err != nil {
				return nil, err
			}
			bases[r.Map] = base
		}
		g, err := base.WithEndpoints(r.StartX, r.StartY, r.GoalX, r.GoalY)
		if err != nil {
			return nil, usererr.Errorf("stepper", "scen %s line %d: %v", sc.Path, r.Line, err)
		}
		grids[i] = g
	}
	if len(grids) > 0 {
		s, err := stepper.NewSearch(grids[0], cfg.Options)
		if err != nil {
			return nil, err
		}
		s.Release()
	}
	out := make([]ScenResult, len(sc.Rows))
	runRow := func(i int) error {
		r := sc.Rows[i]
		t0 := time.Now()
		s, err := stepper.NewSearch(grids[i], cfg.Options)
		if err != nil {
			return err
		}
		st := s.Run(0)
		res := ScenResult{Row: r, Status: st, Cost: s.Cost(), Elapsed: time.Since(t0)}
		c := s.Counters()
		res.Expanded, res.Generated, res.MaxOpen = c.Expanded, c.Generated, c.MaxOpen
		res.Mismatch = st != stepper.Solved || math.Abs(res.Cost-r.Optimal) > tol
		out[i] = res
		s.Release() // the next row's search starts on its memory
		return nil
	}
	workers := min(cfg.Workers, len(sc.Rows))
	if workers <= 1 {
		for i := range sc.Rows {
			if err := runRow(i); err != nil {
				return nil, err
			}
			if cfg.Progress != nil {
				cfg.Progress(i+1, len(sc.Rows))
			}
		}
		return out, nil
	}
	next := make(chan int)
	done := make(chan error)
	for w := 0; w < workers; w++ {
		go func() {
			for i := range next {
				done <- runRow(i)
			}
		}()
	}
	go func() {
		for i := range sc.Rows {
			next <- i
		}
		close(next)
	}()
	var firstErr error
	for n := 1; n <= len(sc.Rows); n++ {
		if err := <-done; err != nil && firstErr == nil {
			firstErr = err
		}
		if cfg.Progress != nil {
			cfg.Progress(n, len(sc.Rows))
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}

// ScenSummary totals a run.
type ScenSummary struct {
	Rows       int           `json:"rows"`
	Mismatches int           `json:"mismatches"`
	Expanded   int           `json:"expanded"`
	Generated  int           `json:"generated"`
	Elapsed    time.Duration `json:"elapsed"` // the sum of the rows' times
}

// SummarizeScen totals results. O(len(results)).
func SummarizeScen(results []ScenResult) ScenSummary {
	var s ScenSummary
	for _, r := range results {
		s.Rows++
		if r.Mismatch {
			s.Mismatches++
		}
		s.Expanded += r.Expanded
		s.Generated += r.Generated
		s.Elapsed += r.Elapsed
	}
	return s
}

// unwrapPathErr is the reason inside an *os.PathError, whose own text
// repeats the path the message already names.
func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
