package kernel

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"stepviz/stepper"
)

// helpEntry documents one command or word.
type helpEntry struct {
	usage, text string
}

// commandHelp documents every command, for help, the Jupyter inspector and
// docs/notebook.md.
var commandHelp = sync.OnceValue(func() map[string]helpEntry {
	return map[string]helpEntry{
		"puzzle":    {"puzzle TILES [goal=TILES]", "Set the problem to a sliding-tile puzzle, tiles row-major with 0 the blank: puzzle 283164705 goal=123804765."},
		"grid":      {"grid ROWS|FILE.map [start=x,y] [goal=x,y] [moves=4|8] [cost=unit|10-14] [corners=no|yes]", "Set the problem to a grid: rows joined by '/' on the line, or a bare grid line with the rows on the lines after it (S start, G goal, # wall, . free, 1-9 terrain cost)."},
		"graph":     {"graph romania [start=Arad] [goal=Bucharest] | graph FILE", "Set the problem to a weighted graph: the Romania road map, a graph file, or a bare graph line with the graph's statements (node A 0 0, edge A B 5, start A, goal B) on the lines after it."},
		"gametree":  {"gametree [[3,12,8],[2,4,6],[14,5,2]] | tictactoe [BOARD] | connect4 [MOVES] | nim 3,4,5", "Set the problem to a game (docs/games.md): an explicit game tree (root MAX, levels alternating, leaves utilities for MAX), tic-tac-toe, connect four or Nim. Then search minimax, alphabeta, expectiminimax or mcts; each view draws the game tree with values, α/β windows, pruned branches and the principal variation."},
		"queens":    {"queens N [seed=S] | tsp N [seed=S]", "Set the problem to a local search (docs/local.md): N-queens from a random board, or a random tour of N cities. Then search hillclimb, stochastic, anneal or genetic; each view draws the board or tour, h over the steps and the neighbours priced."},
		"search":    {"[NAME =] search ALGO [name=value ...]", "Start a search on the current problem and show its live view. ALGO is one of bfs, dfs, ucs, greedy, astar, wastar; options: h, w, tie, goaltest, open, closed, tree, depth, order, maxnodes (as on the command line). Name it to keep several: a = search astar h=manhattan. On a game or local problem ALGO is minimax, alphabeta, expectiminimax or mcts, or hillclimb, stochastic, anneal or genetic, with the options of stepviz solve (depth=, iterations=, seed=, sideways=, ...); such a search is unnamed."},
		"step":      {"step [NAME] [N]", "Take N expansions (default 1) of the current or named search, say what each did and update its live view."},
		"back":      {"back [NAME] [N]", "Go back N steps (default 1)."},
		"run":       {"run [NAME] [N] | run [NAME] to goal", "Take N steps, or run until the search ends (solved, no solution or node limit); the live view plays along."},
		"reset":     {"reset [NAME]", "Go back to step 0."},
		"show":      {"show [NAME] open|closed|tree|path|board|stats|node ID|iteration N", "Show the frontier in the search's terms (open list in pop order with sort keys; the stack, top first, for dfs/ids/idastar; stored f for rbfs; forward and backward frontiers for bibfs/biucs/biastar), what it expanded in expansion order (the closed list; the current iteration's nodes for ids/idastar; every expansion of rbfs, forgotten ones marked; each node's side for bibfs/biucs/biastar), the whole tree, the solution path, the problem at the last expanded node, the counters, one node with its h broken down, or iteration N of ids/idastar."},
		"compare":   {"compare SEARCH, SEARCH, ...", "Run several searches to the end on the current problem and tabulate cost, moves, expanded, generated and max open: compare bfs, astar h=misplaced, astar h=manhattan."},
		"export":    {"export [NAME] FORMAT [to FILE]", "Export the current or named search's trace up to its current step, with a download link, or into FILE (Jupyter only, beside the notebook). Formats: " + strings.Join(exportFormats(), ", ") + "."},
		"replay":    {"[NAME =] replay FILE", "Open a trace file (written by export json or jsonl, or stepviz trace -format json), check every step against the engine, and make it the current problem and search at the trace's last step with its live view, as if its problem line, search line and step K had been typed (Jupyter only: the file is read beside the notebook)."},
		"help":      {"help [COMMAND]", "List the commands, or explain one."},
		"script":    {"script FILE.star [name=value ...]", "Set the problem to a Starlark script: start, is_goal(s), successors(s), optional h_NAME(s) and format(s); the name=value pairs are its globals (Jupyter only: the file is read beside the notebook). See docs/scripts.md."},
		"problem":   {"problem NAME [name=value ...]:", "On a cell's first line: the rest of the cell is a Starlark problem script (start, is_goal(s), successors(s), h_NAME(s)), named NAME in errors and traces. See docs/scripts.md."},
		"heuristic": {"heuristic NAME:", "On a cell's first line: the rest of the cell defines def h(s) for the current puzzle, grid or graph (a puzzle state is a tuple of tiles, goal a global); then search astar h=NAME. See docs/scripts.md."},
		"check":     {"check h=NAME [states=N]", "Is the heuristic admissible and consistent? Explores the current problem's states (all of them, or the first N breadth first; default 200000), computes the true cost to the goal h*, and lists the worst states where h > h*, edges where h(n) > c + h(n'), and goals where h != 0."},
	}
})

// wordHelp documents options and their values, for the inspector.
var wordHelp = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"algo":     "algo=ALGO: the algorithm (the first word of a search line): " + strings.Join(names(stepper.Algorithms), ", "),
		"h":        "h=NAME: the heuristic; the problem lists its own (puzzle: misplaced, manhattan, ...; grid: octile, manhattan, ...; romania: sld)",
		"w":        "w=W: the weight of weighted A* (wastar), f = g + w·h, default 2",
		"tie":      "tie=RULE: who wins among equal priorities: fifo (default), lifo, high-g (the (f, -g) key), low-h",
		"goaltest": "goaltest=generate|expand: test for the goal when a node is generated (BFS's default) or when it is selected for expansion (everyone else's)",
		"open":     "open=reparent|ignore: what a cheaper path to an open node does (reparent is decrease-key)",
		"closed":   "closed=ignore|reopen: what a cheaper path to an expanded node does (reopen is needed for inconsistent h)",
		"tree":     "tree=true: tree search, no closed set",
		"depth":    "depth=D: a depth limit D >= 0: a node at depth D is goal-tested, not expanded, so nothing deeper is generated (depth=0: only the start); depth=none: no limit (limit= is the same option)",
		"order":    "order=natural|reverse|alpha|a,b,c: the successor order",
		"maxnodes": "maxnodes=N: stop with limit reached past N stored nodes",
		"bfs":      "bfs: breadth-first search, a FIFO queue; tests the goal on generation by default",
		"dfs":      "dfs: depth-first search, a LIFO stack; depth=D limits it",
		"ucs":      "ucs: uniform-cost search, f = g",
		"greedy":   "greedy: greedy best-first search, f = h (fast, not optimal)",
		"astar":    "astar: A*, f = g + h (optimal with an admissible h)",
		"wastar":   "wastar: weighted A*, f = g + w·h (w=2 by default)",
	}
})

// HelpFor returns the help for a command, option or algorithm name, and
// whether there is any.
func HelpFor(word string) (string, bool) {
	w := strings.ToLower(strings.TrimSpace(word))
	if a, ok := optionAliases()[w]; ok {
		w = a
	}
	if e, ok := commandHelp()[w]; ok {
		return e.usage + "\n  " + e.text, true
	}
	if t, ok := wordHelp()[w]; ok {
		return t, true
	}
	if isTopic(w) {
		e := commandHelp()["show"]
		return e.usage + "\n  " + e.text, true
	}
	return "", false
}

// commandOrder is the order help lists the commands in: every command of
// commandHelp, once.
var commandOrder = []string{"puzzle", "grid", "graph", "gametree", "queens", "script", "problem", "heuristic", "search", "step", "back", "run", "reset", "show", "check", "compare", "export", "replay", "help"}

func (s *Session) help(c Command, emit func(Output)) error {
	if len(c.Args) == 0 {
		var b strings.Builder
		b.WriteString("stepviz notebook commands (one a line; # starts a comment):\n")
		for _, name := range commandOrder {
			fmt.Fprintf(&b, "  %s\n", commandHelp()[name].usage)
		}
		b.WriteString("help COMMAND explains one; the option names are those of stepviz solve.")
		emit(textOutput("%s", b.String()))
		return nil
	}
	if t, ok := HelpFor(c.Args[0]); ok {
		emit(textOutput("%s", t))
		return nil
	}
	all := append([]string(nil), commandOrder...)
	for k := range wordHelp() {
		all = append(all, k)
	}
	sort.Strings(all)
	return unknown("help topic", c.Args[0], all)
}
