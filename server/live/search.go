package live

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"stepviz/internal/usererr"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
	"stepviz/viz/export"
)

// Bounds of a live game or local search's messages.
const (
	// MaxRows bounds the rows of a game view's node table and of its
	// list of pruned branches; past it the rows nearest the current path
	// and the latest cuts are kept and the rest counted. The tree drawing
	// is folded at the same size (export.MaxDrawnGameNodes).
	MaxRows = export.MaxDrawnGameNodes
	// maxLiveHistory bounds the values of h a local view's message lists
	// (the latest ones; the drawing plots them all).
	maxLiveHistory = 1000
	// MaxLine bounds a problem or algorithm line from the form.
	MaxLine = 64 << 10
)

// liveSearch is a game search (gv set) or a local search (lv set) as a
// live session steps it. Its view at step k is the engine's view at step
// k (game.ViewAt, local.ViewAt): stepping back replays from step 0, O(k).
// Not safe for concurrent use: its session's lock guards it.
type Search struct {
	problem, algo string
	g             game.Game
	gopt          game.Options
	gv            *game.Viewer
	p             local.Problem
	lopt          local.Options
	lv            *local.Viewer
}

// isLiveKind reports whether line is a game or local-search problem line.
// A script line is never asked about: the game and local parsers would
// load the file it names, and the server reads no files.
func IsKind(line string) bool {
	return !namesScript(line) && (game.IsKind(line) || local.IsKind(line))
}

// namesScript reports whether line is a "script FILE.star" line.
func namesScript(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && strings.EqualFold(f[0], "script")
}

// newLiveSearch parses a problem line and an algorithm line (empty: the
// family's default) and starts the search at step 0. maxNodes caps a game
// search's nodes and a local search's steps, whatever the line says.
func NewSearch(problem, algo string, maxNodes int) (*Search, error) {
	problem, algo = strings.TrimSpace(problem), strings.TrimSpace(algo)
	if len(problem) > MaxLine || len(algo) > MaxLine {
		return nil, fmt.Errorf("the problem or algorithm line is longer than %d KiB; shorten it", MaxLine>>10)
	}
	if namesScript(problem) {
		return nil, usererr.Errorf("server", "%s names a file, and the server reads no files: run a game or local-search script with stepviz solve or in Jupyter", usererr.Clip(problem, 80)).For("problem")
	}
	l := &Search{problem: problem, algo: algo}
	var err error
	switch {
	case game.IsKind(problem):
		if l.algo == "" {
			l.algo = string(game.AlphaBeta)
		}
		if l.g, err = game.ParseProblem(problem); err != nil {
			return nil, err
		}
		if l.gopt, err = game.ParseOptions(l.algo); err != nil {
			return nil, err
		}
		if l.gopt.MaxNodes == 0 || l.gopt.MaxNodes > maxNodes {
			l.gopt.MaxNodes = maxNodes
		}
	case local.IsKind(problem):
		if l.algo == "" {
			l.algo = string(local.HillClimb)
		}
		if l.p, err = local.ParseProblem(problem); err != nil {
			return nil, err
		}
		if l.lopt, err = local.ParseOptions(l.algo); err != nil {
			return nil, err
		}
		if l.lopt.MaxSteps == 0 || l.lopt.MaxSteps > maxNodes {
			l.lopt.MaxSteps = maxNodes
		}
	default:
		return nil, fmt.Errorf("%q is not a game or a local-search problem: write gametree [[3,12,8],[2,4,6],[14,5,2]], tictactoe, connect4, nim 3,4,5, queens 8 or tsp 10", firstWord(problem))
	}
	return l, l.reset()
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// isGame reports whether this is a game search.
func (l *Search) isGame() bool { return l.g != nil }

// reset goes back to step 0.
func (l *Search) reset() error {
	var err error
	if l.isGame() {
		l.gv, err = game.NewViewer(l.g, l.gopt)
	} else {
		l.lv, err = local.NewViewer(l.p, l.lopt)
	}
	return err
}

// steps is the step the search is at.
func (l *Search) steps() int {
	if l.isGame() {
		return l.gv.Steps()
	}
	return l.lv.Steps()
}

// step takes one step; false when the search was over.
func (l *Search) step() bool {
	if l.isGame() {
		_, ok := l.gv.Step()
		return ok
	}
	_, ok := l.lv.Step()
	return ok
}

// seek goes to step k (past the end: the end). Forward it steps on;
// backward it replays from step 0. O(k).
func (l *Search) seek(k int) error {
	if k < l.steps() {
		if err := l.reset(); err != nil {
			return err
		}
	}
	for l.steps() < k && l.step() {
	}
	return nil
}

// liveNode is one row of a game view's node table: the view's own text.
type liveNode struct {
	ID     int    `json:"id"`
	Parent int    `json:"parent"`
	Name   string `json:"name"`
	Move   string `json:"move,omitempty"`
	Turn   string `json:"turn"`
	Status string `json:"status"`
	Leaf   bool   `json:"leaf,omitempty"`
	Value  string `json:"value"`
	Window string `json:"window,omitempty"`
	Range  string `json:"range,omitempty"`
	Why    string `json:"why,omitempty"`
}

// liveCut is one pruned branch: its parent's id and name, its move, the
// reason.
type liveCut struct {
	Parent int    `json:"parent"`
	Of     string `json:"of"`
	Move   string `json:"move"`
	Why    string `json:"why"`
}

// liveFrame is what a live game or local session's pages show at a step,
// as sent to every page. Every list in it is bounded: maxLiveRows rows,
// maxLiveHistory values of h, one drawing folded as the svg export folds
// it.
type Frame struct {
	Type    string `json:"type"` // "view"
	Kind    string `json:"kind"` // "game" or "local"
	Problem string `json:"problem"`
	Algo    string `json:"algo"`
	Step    int    `json:"step"`
	Status  string `json:"status"`
	Over    bool   `json:"over"`
	Says    string `json:"says"`
	SVG     string `json:"svg"`
	// Game: the node table (the current path's nodes first), the pruned
	// branches (the latest), how many rows of each were left out, the
	// search's value once over, the principal variation's moves.
	Nodes     []liveNode `json:"nodes,omitempty"`
	Cut       []liveCut  `json:"cut,omitempty"`
	NodesLeft int        `json:"nodesLeft,omitempty"`
	CutLeft   int        `json:"cutLeft,omitempty"`
	Value     string     `json:"value,omitempty"`
	PV        []string   `json:"pv,omitempty"`
	// Local: h now, h over the steps (HistoryFrom is the step of
	// History[0]), why the search stopped.
	H           string   `json:"h,omitempty"`
	History     []string `json:"history,omitempty"`
	HistoryFrom int      `json:"historyFrom,omitempty"`
	Why         string   `json:"why,omitempty"`
}

// frame is the view at the current step, drawn by the svg export's own
// renderer. O(nodes) for a game, O(steps) for a local search.
func (l *Search) frame() (*Frame, error) {
	f := &Frame{Type: "view", Problem: l.problem, Algo: l.algo, Step: l.steps()}
	var svg bytes.Buffer
	if l.isGame() {
		v := l.gv.View()
		f.Kind, f.Status, f.Says = "game", string(v.Status), v.Says
		f.Over = v.Status != game.Running
		if err := export.GameSVG(&svg, v); err != nil {
			return nil, err
		}
		f.Nodes, f.NodesLeft = gameRows(v)
		f.Cut, f.CutLeft = gameCuts(v)
		if f.Over {
			f.Value, f.PV = v.Value, v.PVMoves
		}
	} else {
		v := l.lv.View()
		f.Kind, f.Status, f.Says, f.H, f.Why = "local", string(v.Status), v.Says, v.HText, v.Why
		f.Over = v.Status != local.Running
		if err := export.LocalSVG(&svg, v); err != nil {
			return nil, err
		}
		h := v.HistoryText
		if len(h) > maxLiveHistory {
			f.HistoryFrom = len(h) - maxLiveHistory
			h = h[f.HistoryFrom:]
		}
		f.History = h
	}
	f.SVG = svg.String()
	return f, nil
}

// maxNameLen is the longest name other than a board's that a node
// table's cell holds.
const maxNameLen = 15

// maxBoardRows and maxBoardCols bound a board's name that a node table
// holds whole, its rows one under another (static/game.js nameCell):
// connect four's six rows of seven.
const maxBoardRows, maxBoardCols = 6, 7

// nodeName is how a page names a game node: by its name (game.ViewNode's
// Name: an explicit tree's inner node by its letter, a board by its rows,
// "X.O/.X./..O") when that is the empty board, a board of at most
// maxBoardRows rows of maxBoardCols cells, or one word of at most
// maxNameLen characters, else by its move from the root's side.
func nodeName(n *game.ViewNode) string {
	if n.Name == game.EmptyBoard || isBoardName(n.Name) || (n.Name != "" && utf8.RuneCountInString(n.Name) <= maxNameLen && !strings.ContainsAny(n.Name, " \n")) {
		return n.Name
	}
	if n.Move != "" {
		return n.Move
	}
	return "root"
}

// isBoardName reports whether name is a board's rows joined by "/": two
// to maxBoardRows rows of one length, at most maxBoardCols, with no space.
func isBoardName(name string) bool {
	rows := strings.Split(name, "/")
	if len(rows) < 2 || len(rows) > maxBoardRows || strings.ContainsAny(name, " \n") {
		return false
	}
	for _, r := range rows {
		if r == "" || len(r) != len(rows[0]) || len(r) > maxBoardCols {
			return false
		}
	}
	return true
}

// gameRows is the node table of v: the current path's nodes, then the
// others in generation order, at most maxLiveRows; and how many were left
// out. Before any node is visited (step 0) it is the root the search
// starts from (View.Start), as the drawing shows it. O(nodes).
func gameRows(v *game.View) ([]liveNode, int) {
	row := func(n *game.ViewNode) liveNode {
		return liveNode{ID: n.ID, Parent: n.Parent, Name: nodeName(n), Move: n.Move, Turn: n.Turn.String(),
			Status: string(n.Status), Leaf: n.Leaf, Value: n.Text.Value, Window: n.Text.Window, Range: n.Text.Range, Why: n.Why}
	}
	if len(v.Nodes) == 0 && v.Start != nil {
		return []liveNode{row(v.Start)}, 0
	}
	onPath := make(map[int]bool, len(v.Path))
	var out []liveNode
	for _, id := range v.Path {
		onPath[id] = true
		out = append(out, row(&v.Nodes[id]))
	}
	for i := range v.Nodes {
		if len(out) >= MaxRows {
			break
		}
		if !onPath[v.Nodes[i].ID] {
			out = append(out, row(&v.Nodes[i]))
		}
	}
	return out, len(v.Nodes) - len(out)
}

// gameCuts is the latest maxLiveRows branches pruned, in the order they
// were cut, and how many earlier ones were left out.
func gameCuts(v *game.View) ([]liveCut, int) {
	cut := v.Cut
	left := 0
	if len(cut) > MaxRows {
		left = len(cut) - MaxRows
		cut = cut[left:]
	}
	out := make([]liveCut, len(cut))
	for i, c := range cut {
		out[i] = liveCut{Parent: c.Parent, Of: nodeName(&v.Nodes[c.Parent]), Move: c.Move, Why: c.Why}
	}
	return out, left
}
