// Package stepper is the search engine of stepviz: the textbook searches
// as resumable state machines, apart from the problems they search
// (packages stepper/puzzle, stepper/grid and stepper/graph, and Starlark
// problems from package script, each an [Instance]): bfs, dfs, dls, ucs,
// greedy, astar, wastar and beam (one frontier-driven engine, engine.go),
// ids, idastar and rbfs (the depth-first engine, dfengine.go), and bibfs,
// biucs and biastar (the bidirectional engine, bidi.go).
//
// A problem says only its start state, its successors with their step costs,
// its goal test and its heuristics (see [Problem]); its [Instance] starts a
// search with [Start] or [StartBiAStar], and may offer more through small
// interfaces the engine checks for: [Reversible] for the bidirectional
// searches, [FastRunner] for a depth-first search run to its end, and
// [ExtraHolder] for heuristics added from outside. The engine imports no
// problem; package stepper/problems parses a problem line into an
// Instance, above both.
//
// In the frontier-driven engine an algorithm is a frontier (FIFO, LIFO or
// priority queue) plus an evaluation function, and every textbook variant
// (tie rule, when the goal is tested, what a cheaper path to an open or
// closed node does, successor order) is an explicit field of [Options],
// recorded in every trace; the other two engines take the same options
// where they apply.
//
// [Search.Step] performs exactly one expansion and returns an [Event] that
// says everything that happened in it; [Search.Snapshot] gives the open and
// closed lists, the tree and the counters at the current step; [Search.Seek]
// moves to any earlier or later step. The same instance and options always
// give the same trace.
//
// Defaults follow Russell and Norvig's textbook: BFS tests the goal when a
// node is generated, every other algorithm when it is selected for
// expansion; ties on priority go to the node inserted first (FIFO); a
// cheaper path to an open node re-parents it (decrease-key) for the
// priority-driven searches and is ignored by BFS and DFS; a cheaper path to a
// closed node is ignored unless Options.Closed is Reopen; graph search (a
// closed set) unless Options.Tree is set.
//
// Every number a person reads is written by one rounding rule
// ([FormatNumber], [NodeInfo.Shown]). The package prints nothing and
// imports nothing about HTTP, HTML or Jupyter.
// Its errors are *usererr.Error values: "stepper: ..." in the log, the
// same sentence without the prefix for the user (usererr.Text).
//
// Beside it, and above or below it as docs/architecture.md draws:
// stepper/puzzle (sliding-tile puzzles, Korf's 100, the fast IDA*/IDS
// recursion), stepper/grid (grids, Moving AI maps and the scenario runner),
// stepper/graph (weighted graphs, their text format, the Romania map) and
// stepper/problems (the problem line) sit above it;
// stepper/movingai reads the Moving AI .map and .scen files into plain data
// (the grid problem and its scenario runner read through it);
// stepper/hcheck checks a heuristic's admissibility and consistency over the
// states [ExploreStates] reaches; stepper/game and stepper/local are the
// adversarial and local searches.
package stepper
