package kernel

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"time"

	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/problems"
)

// Config tunes a session. The zero value is valid.
type Config struct {
	// FrameInterval is the least time between two frames (live view updates)
	// while run plays a search; 0 sends no frame before the last one.
	FrameInterval time.Duration
	// FrameBytesPerSecond caps the bytes of frames sent per second while
	// playing (Jupyter drops output past its iopub data rate limit, 1 MB/s
	// by default); 0 means no cap. The last frame is always sent.
	FrameBytesPerSecond int
	// IDPrefix starts every display id; "" picks a random one, so that a
	// restarted kernel never updates the displays of an earlier run.
	IDPrefix string
	// MaxTreeNodes is the largest tree the live view draws (default 300);
	// "show tree" draws up to 20 times as many.
	MaxTreeNodes int
	// MaxNodes caps the nodes of every search and compare run that does not
	// set maxnodes itself (default DefaultMaxNodes), so that a notebook cell
	// cannot take the machine's memory; "limit reached" says when it bites.
	MaxNodes int
	// NodeCeiling is the most nodes maxnodes= may ask for (default
	// DefaultNodeCeiling); asking for more is an error that names it.
	// CeilingSource says in the error who sets it ("serve
	// -notebook-max-nodes", "STEPVIZ_MAX_NODES").
	NodeCeiling   int
	CeilingSource string
	// NodeBudget bounds the nodes all of a session's searches hold
	// together (default NodeCeiling): a new search gets what is left, and
	// none starts when less than a thousand nodes are left.
	NodeBudget int
	// Memory, when set, is the server-wide budget every search and check
	// reserves its worst case from (memory.go); a search gets what is
	// free, and none starts when less than a thousand nodes' worth is.
	// Release it with Close. nil: no budget beyond NodeBudget.
	Memory *membudget.Budget
	// AllowFiles lets problem lines read files ("grid arena.map", "graph
	// roads.txt") and replay read trace files, relative to the working
	// directory. The Jupyter kernel allows them (it runs as the notebook's
	// user, in its directory); the web notebook does not, so a page cannot
	// read the server's files.
	AllowFiles bool
	// WriteFile, if set, lets "export FORMAT to FILE" write files (the
	// Jupyter kernel writes them beside the notebook); nil refuses.
	WriteFile func(name string, data []byte) error
	// Now is the clock used for throttling (default time.Now).
	Now func() time.Time
	// StepPictures gives each cell that shows or moves a search a live
	// view of its own: the first view of a search in a cell is a new
	// display, later ones in that cell (a run's frames, a second step)
	// update it, and no later cell touches it. So a saved or converted
	// notebook shows, in each cell, the search at the step that cell left
	// it: it tells the story step by step. Without it, a search has one
	// live view, made by the cell that started it and updated by every
	// cell that moves it (the web notebook, whose saved outputs are text,
	// shows a lecture's search moving in one place). The Jupyter kernel
	// sets it.
	StepPictures bool
}

// DefaultNodeCeiling is the default of [Config.NodeCeiling]: about 650 MB
// of nodes.
const DefaultNodeCeiling = 10_000_000

// DefaultMaxNodes is the node cap of notebook searches: ten times the whole
// 8-puzzle, about 130 MB of nodes.
const DefaultMaxNodes = 2_000_000

// Session is the state a notebook builds cell after cell: the current
// problem and the searches started on it. Use one goroutine at a time.
type Session struct {
	cfg      Config
	problem  stepper.Instance
	searches map[string]*liveSearch
	current  string     // the search a command without a name acts on
	views    int        // display ids handed out
	count    int        // cells executed
	gl       *gameLocal // the game or local problem and its search, if any
	// freshEvents makes step take a new event each step (Search.Step):
	// the reference the tests hold the reuse to.
	freshEvents bool
}

// liveSearch is one search and its live view.
type liveSearch struct {
	name    string
	search  *stepper.Search
	display string
	shownIn int // the cell (Session.count) whose view display is
	// last is the event of the current step (nil at step 0): &ev after a
	// step, an event of its own after back, run or replay. Outputs are
	// built from it before the next step (they hold strings only).
	last *stepper.Event
	// ev is the search's event buffer: step writes each event into it
	// (Search.StepInto), reusing the memory of its slices. Invariant:
	// between cells nothing but last refers to ev or to its slices'
	// memory.
	ev stepper.Event
	// mem is the search's share of Config.Memory (nil: none).
	mem *membudget.Reservation
}

// label is how outputs name the search.
func (ls *liveSearch) label() string {
	if ls.name == "" {
		return "search"
	}
	return ls.name
}

// NewSession starts an empty session.
func NewSession(cfg Config) *Session {
	if cfg.IDPrefix == "" {
		var b [6]byte
		_, _ = rand.Read(b[:])
		cfg.IDPrefix = "stepviz-" + hex.EncodeToString(b[:])
	}
	if cfg.MaxTreeNodes <= 0 {
		cfg.MaxTreeNodes = 300
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.NodeCeiling <= 0 {
		cfg.NodeCeiling = DefaultNodeCeiling
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	cfg.MaxNodes = min(cfg.MaxNodes, cfg.NodeCeiling)
	if cfg.NodeBudget <= 0 {
		cfg.NodeBudget = cfg.NodeCeiling
	}
	if cfg.CeilingSource == "" {
		cfg.CeilingSource = "set by whoever runs the notebook"
	}
	return &Session{cfg: cfg, searches: map[string]*liveSearch{}}
}

// Problem returns the current problem, or nil.
func (s *Session) Problem() stepper.Instance { return s.problem }

// Search returns the search with the given name ("" is the current one), or
// nil.
func (s *Session) Search(name string) *stepper.Search {
	if ls := s.lookup(name); ls != nil {
		return ls.search
	}
	return nil
}

// SearchNames lists the named searches, sorted; the unnamed search is "".
func (s *Session) SearchNames() []string {
	out := make([]string, 0, len(s.searches))
	for n := range s.searches {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Cells is the number of cells executed, failed ones included.
func (s *Session) Cells() int { return s.count }

// Run executes a cell and returns its outputs; see [Session.Execute].
func (s *Session) Run(ctx context.Context, cell string) ([]Output, error) {
	var outs []Output
	err := s.Execute(ctx, cell, func(o Output) { outs = append(outs, o) })
	return outs, err
}

// Execute parses the cell, then runs its commands in order, passing each
// output to emit as soon as it is made. A syntax error runs nothing; a
// command that fails stops the cell at that line. The error is a
// [*CellError]; when ctx is cancelled (an interrupt) it wraps ctx.Err().
// State built by earlier cells and earlier lines is kept either way.
func (s *Session) Execute(ctx context.Context, cell string, emit func(Output)) error {
	s.count++
	cmds, err := ParseCell(cell)
	if err != nil {
		return err
	}
	for _, c := range cmds {
		if err := ctx.Err(); err != nil {
			return &CellError{Line: c.Line, Source: c.Source, Msg: "interrupted before this line ran; the lines above it ran", Err: err}
		}
		if err := s.exec(ctx, c, emit); err != nil {
			if line, src, ok := cellLine(err, c); ok {
				return atLine(err, line, src)
			}
			return atLine(err, c.Line, c.Source)
		}
	}
	return nil
}

func (s *Session) exec(ctx context.Context, c Command, emit func(Output)) error {
	if done, err := s.execGameLocal(ctx, c, emit); done {
		return err
	}
	switch c.Verb {
	case "problem":
		return s.setProblem(c, emit)
	case "script":
		return s.setScript(c, emit)
	case "heuristic":
		return s.addHeuristic(c, emit)
	case "check":
		return s.check(c, emit)
	case "search":
		return s.startSearch(c, emit)
	case "step", "back", "run", "reset":
		ls, err := s.target(c.Name)
		if err != nil {
			return err
		}
		return s.move(ctx, ls, c, emit)
	case "show":
		ls, err := s.target(c.Name)
		if err != nil {
			return err
		}
		return s.show(ctx, ls, c, emit)
	case "compare":
		return s.compare(ctx, c, emit)
	case "export":
		return s.export(ctx, c, emit)
	case "replay":
		return s.replay(c, emit)
	case "help":
		return s.help(c, emit)
	}
	return errorf("unknown command %q", c.Verb)
}

func (s *Session) setProblem(c Command, emit func(Output)) error {
	var (
		inst stepper.Instance
		err  error
	)
	switch {
	case c.Rows != nil:
		var g *grid.Grid
		g, err = grid.ParseRows(c.Rows, strings.Fields(c.Problem)[1:])
		if err == nil {
			inst = g
		}
	case c.Graph != nil:
		var g *graph.Graph
		g, err = graph.ParseText("", strings.Join(c.Graph, "\n"), strings.Fields(c.Problem)[1:])
		if err != nil {
			return graphLineError(err, c)
		}
		inst = g
	default:
		if f := fileOf(c.Problem); f != "" && !s.cfg.AllowFiles {
			return errorf("this notebook cannot read files (%s): write a grid's rows on the lines after a bare grid line, use graph romania, or open the notebook in Jupyter, which reads files beside the notebook", f)
		}
		var files stepper.Files
		if s.cfg.AllowFiles {
			files = stepper.LocalFiles
		}
		inst, err = problems.Parse(c.Problem, files)
	}
	if err != nil {
		return err
	}
	s.problem = inst
	emit(s.problemView(inst))
	return nil
}

func (s *Session) startSearch(c Command, emit func(Output)) error {
	if s.problem == nil {
		return errorf("no problem yet: write a problem line first, such as puzzle 283164705 goal=123804765, grid S..#..G, or graph romania")
	}
	if err := checkHeuristic(s.problem, c.Options); err != nil {
		return err
	}
	o, err := s.limited(c.Options, c.Name)
	if err != nil {
		return err
	}
	if old := s.searches[c.Name]; old != nil { // replaced: its nodes are free
		old.mem.Release()
		old.mem = nil
	}
	o, mem, err := s.reserveSearch(o)
	if err != nil {
		return err
	}
	search, err := stepper.NewSearch(s.problem, o)
	if err != nil {
		mem.Release()
		return err
	}
	ls := s.addSearch(c.Name, search)
	ls.mem = mem
	emit(s.liveView(ls, false))
	return nil
}

// addSearch makes search the one named name (replacing any of that name)
// and the current one, with a new display id for its live view.
func (s *Session) addSearch(name string, search *stepper.Search) *liveSearch {
	s.views++
	if old := s.searches[name]; old != nil {
		old.mem.Release()
	}
	ls := &liveSearch{name: name, search: search, shownIn: s.count}
	ls.display = fmt.Sprintf("%s-%d-%s", s.cfg.IDPrefix, s.views, ls.label())
	s.searches[name] = ls
	s.current = name
	return ls
}

// graphLineError points an error of the graph format about its line n
// (usererr.WithLine) at the cell's line that holds the statement.
func graphLineError(err error, c Command) error {
	e := usererr.WithLine(err)
	if e == nil || e.Line > len(c.Graph) {
		return err
	}
	return &CellError{Line: c.Line + e.Line, Source: c.Graph[e.Line-1], Msg: e.Msg}
}

// fileOf returns the file a problem line reads, or "": a grid's first
// argument ending in .map, a graph's first argument that is neither romania
// nor an inline text: graph.
func fileOf(line string) string {
	f := strings.Fields(line)
	if len(f) < 2 {
		return ""
	}
	arg := f[1]
	switch strings.ToLower(f[0]) {
	case "grid":
		if strings.HasSuffix(strings.ToLower(arg), ".map") {
			return arg
		}
	case "script":
		return arg
	case "graph":
		if !strings.EqualFold(arg, "romania") && !strings.HasPrefix(arg, "text:") && !strings.Contains(arg, "=") {
			return arg
		}
	}
	return ""
}

// capped applies the session's node cap to options that set none (the
// engine's default then stands in the field).
func (s *Session) capped(o stepper.Options) stepper.Options {
	if o.MaxNodes == 0 || o.MaxNodes == stepper.DefaultMaxNodes {
		o.MaxNodes = s.cfg.MaxNodes
	}
	return o
}

// minSearchNodes is the least node budget a new search starts with.
const minSearchNodes = 1000

// limited applies the session's cap, ceiling and budget to the options of
// a new search (replacing the one named name, whose nodes it frees): a
// maxnodes= over the ceiling is an error naming it, and a search gets at
// most the budget the session's other searches leave.
func (s *Session) limited(o stepper.Options, name string) (stepper.Options, error) {
	if o.MaxNodes != stepper.DefaultMaxNodes && o.MaxNodes > s.cfg.NodeCeiling { // the engine's default means none was given
		return o, errorf("maxnodes=%d is over this notebook's ceiling of %d nodes (%s): ask for at most maxnodes=%d", o.MaxNodes, s.cfg.NodeCeiling, s.cfg.CeilingSource, s.cfg.NodeCeiling)
	}
	o = s.capped(o)
	held := 0
	for n, ls := range s.searches {
		if n != name {
			held += ls.search.NodesHeld()
		}
	}
	left := s.cfg.NodeBudget - held
	if left < minSearchNodes {
		return o, errorf("this notebook's searches hold %d nodes of its budget of %d: replace one (a = search ... with the name of a search to replace) to free its nodes", held, s.cfg.NodeBudget)
	}
	o.MaxNodes = min(o.MaxNodes, left)
	return o, nil
}

// target finds the search a command acts on.
func (s *Session) target(name string) (*liveSearch, error) {
	if ls := s.lookup(name); ls != nil {
		s.current = ls.name
		return ls, nil
	}
	if len(s.searches) == 0 {
		return nil, errorf("no search yet: start one with search astar (or a = search bfs to name it)")
	}
	if name == "" {
		return nil, errorf("no current search: name one of %s", strings.Join(s.quotedNames(), ", "))
	}
	if sug := stepper.Suggest(name, s.SearchNames()); sug != "" {
		return nil, errorf("no search named '%s': did you mean %s?", name, sug)
	}
	return nil, errorf("no search named '%s': the searches are %s (name one with %s = search astar)", name, strings.Join(s.quotedNames(), ", "), name)
}

func (s *Session) lookup(name string) *liveSearch {
	if name == "" {
		return s.searches[s.current]
	}
	return s.searches[name]
}

func (s *Session) quotedNames() []string {
	var out []string
	for _, n := range s.SearchNames() {
		if n == "" {
			n = "(unnamed)"
		}
		out = append(out, n)
	}
	return out
}
