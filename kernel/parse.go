package kernel

import (
	"strconv"
	"strings"
	"unicode"

	"stepviz/stepper"
)

// Command is one parsed command of a cell.
type Command struct {
	// Line is the 1-based line of the cell the command starts on; Source is
	// that line without its comment.
	Line   int
	Source string
	// Verb is the command: problem, search, step, back, run, reset, show,
	// compare, export, replay or help.
	Verb string
	// Name is the search the command acts on ("" for the current one); for
	// search and replay it is the name given with "NAME = search ..." or
	// "NAME = replay FILE".
	Name string
	// Problem is the problem line of a problem command; Rows are the ASCII
	// rows that followed a bare "grid" line, Graph the graph-format lines
	// (node, edge, ...) that followed a bare "graph" line.
	Problem string
	Rows    []string
	Graph   []string
	// Options are the search options of a search command (normalized; the
	// heuristic name is checked against the problem when the search starts).
	Options stepper.Options
	// Count is N of step, back and run (0: the default, 1 for step and back,
	// to the end for run); ToGoal is "run to goal".
	Count  int
	ToGoal bool
	// Topic and Node are the topic of show and the node of "show node ID"
	// (the iteration of "show iteration N").
	Topic string
	Node  int
	// Specs are the searches of compare, each a search line.
	Specs []stepper.Options
	// Args are the words after help, or export's format; File is the file
	// of "export FORMAT to FILE" or "replay FILE".
	Args []string
	File string
	// Script is the Starlark of a problem or heuristic cell (script.go),
	// with blank lines for the cell's lines before it.
	Script string
	// GameLocal is the search line of a game or local search (search
	// alphabeta depth=2), checked when the search starts (gamelocal.go).
	GameLocal string
}

// Verbs are the commands a line may start with, besides the problem kinds.
var Verbs = []string{"search", "step", "back", "run", "reset", "show", "compare", "export", "replay", "check", "heuristic", "problem", "help"}

// ProblemKinds are the words that start a problem line.
var ProblemKinds = append([]string{"puzzle", "grid", "graph", "script"}, gameLocalKinds...)

// Topics are the things show can show.
var Topics = []string{"open", "closed", "tree", "path", "board", "stats", "node", "iteration"}

// reserved words cannot name a search.
var reserved = append(append(append([]string{"to", "goal", "all"}, Verbs...), ProblemKinds...), Topics...)

// ParseCell parses a whole cell. It fails on the first line that is not a
// command, naming it; it never panics. Cost: linear in the cell's length.
func ParseCell(cell string) ([]Command, error) {
	lines := strings.Split(strings.ReplaceAll(cell, "\r\n", "\n"), "\n")
	if cmd, ok, err := parseScriptCell(lines); ok {
		if err != nil {
			return nil, err
		}
		return []Command{cmd}, nil
	}
	var cmds []Command
	for i := 0; i < len(lines); i++ {
		src := strings.TrimSpace(stripComment(lines[i]))
		if src == "" {
			continue
		}
		cmd, err := parseLine(src)
		if err != nil {
			return nil, atLine(err, i+1, src)
		}
		cmd.Line, cmd.Source = i+1, src
		if cmd.Verb == "problem" && isBare("graph", src) {
			for i+1 < len(lines) {
				st := strings.TrimSpace(stripComment(lines[i+1]))
				if f := strings.Fields(st); len(f) == 0 || !contains(graphStatements, strings.ToLower(f[0])) {
					break
				}
				cmd.Graph = append(cmd.Graph, st)
				i++
			}
			if len(cmd.Graph) == 0 {
				return nil, atLine(errorf("graph without a map: write graph romania, or the graph's lines (node A 0 0, edge A B 5, start A, goal B; see docs/graph-format.md) on the lines after graph"), i+1, src)
			}
		}
		if cmd.Verb == "problem" && isBare("grid", src) {
			for i+1 < len(lines) {
				row := strings.TrimSpace(lines[i+1])
				if !isGridRow(row) {
					break
				}
				cmd.Rows = append(cmd.Rows, row)
				i++
			}
			if len(cmd.Rows) == 0 {
				return nil, atLine(errorf("grid without rows: write the rows on the lines after grid (S start, G goal, # wall, . free, 1-9 terrain cost), or give them on the line joined by '/'"), i+1, src)
			}
		}
		cmds = append(cmds, cmd)
	}
	return cmds, nil
}

// stripComment removes a comment: a '#' at the start of the line or after a
// space, followed by a space or the end of the line. A '#' inside a word (a
// grid wall) is kept.
func stripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] != '#' {
			continue
		}
		before := i == 0 || line[i-1] == ' ' || line[i-1] == '\t'
		after := i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t'
		if before && after {
			return line[:i]
		}
	}
	return line
}

// isBare reports whether a problem line of the given kind gives no map of
// its own, only name=value arguments: its rows (grid) or statements
// (graph) follow on the next lines.
func isBare(kind, src string) bool {
	f := strings.Fields(src)
	if strings.ToLower(f[0]) != kind {
		return false
	}
	for _, a := range f[1:] {
		if !strings.Contains(a, "=") {
			return false
		}
	}
	return true
}

// graphStatements are the words that start a line of the graph format.
var graphStatements = []string{"node", "nodes", "edge", "arc", "h", "start", "goal"}

// isGridRow reports whether a line is an ASCII grid row: one word with no
// '=', not a command.
func isGridRow(line string) bool {
	if line == "" || strings.ContainsAny(line, " \t=") {
		return false
	}
	return !isCommandWord(strings.ToLower(line))
}

func parseLine(src string) (Command, error) {
	f := strings.Fields(src)
	var cmd Command
	verb := strings.ToLower(f[0])
	// NAME = search ...
	if name, rest, ok := strings.Cut(src, "="); ok && !isCommandWord(verb) && len(strings.Fields(name)) == 1 {
		name = strings.TrimSpace(name)
		if err := checkName(name); err != nil {
			return cmd, err
		}
		rf := strings.Fields(rest)
		if len(rf) > 0 && strings.EqualFold(rf[0], "replay") {
			cmd, err := parseReplay(strings.TrimSpace(rest))
			cmd.Name = name
			return cmd, err
		}
		if len(rf) == 0 || strings.ToLower(rf[0]) != "search" {
			return cmd, errorf("'%s = ...' names a search: write %s = search ALGO [options], such as %s = search astar h=manhattan, or %s = replay FILE", name, name, name, name)
		}
		cmd, err := parseSearch(rf[1:])
		cmd.Name = name
		return cmd, err
	}
	if len(f) > 1 && strings.HasPrefix(f[1], "=") {
		return cmd, checkName(f[0])
	}
	args := f[1:]
	if isGameLocalKind(verb) {
		return Command{Verb: "problem", Problem: src}, nil
	}
	switch verb {
	case "puzzle", "grid", "graph", "script":
		return Command{Verb: "problem", Problem: src}, nil
	case "check":
		return parseCheck(args)
	case "problem", "heuristic":
		return cmd, errorf("%s NAME: starts a cell of Starlark: put it on the cell's first line, the script on the lines after it (docs/scripts.md)", verb)
	case "search":
		return parseSearch(args)
	case "step", "back", "run":
		return parseMove(verb, args)
	case "reset":
		cmd = Command{Verb: verb}
		if len(args) > 1 {
			return cmd, errorf("reset takes at most a search name: reset, or reset a")
		}
		if len(args) == 1 {
			cmd.Name = args[0]
		}
		return cmd, nil
	case "show":
		return parseShow(args)
	case "compare":
		return parseCompare(strings.TrimSpace(src[len(f[0]):]))
	case "export":
		cmd = Command{Verb: verb}
		if n := len(args); n >= 2 && strings.EqualFold(args[n-2], "to") {
			cmd.File, args = args[n-1], args[:n-2]
		}
		switch len(args) {
		case 1:
			cmd.Args = args
		case 2:
			cmd.Name, cmd.Args = args[0], args[1:]
		default:
			return cmd, errorf("export takes a format, optionally a search name before it and a file after it: export jsonl, export a csv, export a html to lecture.html")
		}
		return cmd, nil
	case "replay":
		return parseReplay(src)
	case "help":
		return Command{Verb: verb, Args: args}, nil
	}
	return cmd, unknown("command", f[0], append(append([]string(nil), Verbs...), ProblemKinds...))
}

// isCommandWord reports whether w starts a command or a problem line.
func isCommandWord(w string) bool {
	for _, v := range append(Verbs, ProblemKinds...) {
		if w == v {
			return true
		}
	}
	return false
}

// checkName accepts a search name: a letter then letters, digits or '_',
// not a command or topic word.
func checkName(name string) error {
	if name == "" {
		return errorf("a search name is missing before '=': write a = search astar")
	}
	for i, r := range name {
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && unicode.IsDigit(r)) {
			return errorf("'%s' cannot name a search: use a letter then letters, digits or _, such as a or astar2", name)
		}
	}
	for _, w := range reserved {
		if strings.EqualFold(name, w) {
			return errorf("'%s' is a command word and cannot name a search: pick another name, such as a or s1", name)
		}
	}
	return nil
}

func parseSearch(args []string) (Command, error) {
	if len(args) > 0 && isGameLocalAlgo(args[0]) {
		return Command{Verb: "search", GameLocal: strings.Join(args, " ")}, nil
	}
	o, err := parseOptions(args)
	return Command{Verb: "search", Options: o}, err
}

// parseMove parses step|back|run [NAME] [N] and run [NAME] to goal.
func parseMove(verb string, args []string) (Command, error) {
	cmd := Command{Verb: verb}
	usage := verb + " [NAME] [N]"
	if verb == "run" {
		usage = "run [NAME] [N], or run [NAME] to goal"
	}
	if len(args) > 0 && !isNumber(args[0]) && !strings.EqualFold(args[0], "to") {
		cmd.Name = args[0]
		args = args[1:]
	}
	switch {
	case len(args) == 0:
	case len(args) == 1 && isNumber(args[0]):
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return cmd, errorf("%s %s: the count must be a whole number >= 1; write %s", verb, args[0], usage)
		}
		cmd.Count = n
	case verb == "run" && len(args) == 2 && strings.EqualFold(args[0], "to") && strings.EqualFold(args[1], "goal"):
		cmd.ToGoal = true
	default:
		return cmd, errorf("%s does not understand '%s': write %s", verb, strings.Join(args, " "), usage)
	}
	return cmd, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// parseShow parses show [NAME] TOPIC and show [NAME] node ID.
func parseShow(args []string) (Command, error) {
	cmd := Command{Verb: "show"}
	if len(args) == 0 {
		return cmd, errorf("show needs a topic: show %s", strings.Join(Topics, "|"))
	}
	if !isTopic(args[0]) && len(args) > 1 {
		cmd.Name = args[0]
		args = args[1:]
	}
	topic := strings.ToLower(args[0])
	if !isTopic(topic) {
		return cmd, unknown("topic", args[0], Topics)
	}
	cmd.Topic = topic
	args = args[1:]
	if topic == "node" {
		if len(args) != 1 {
			return cmd, errorf("show node needs a node id: show node 3 (ids are the numbers in the tree and the open list)")
		}
		id, err := strconv.Atoi(args[0])
		if err != nil || id < 0 {
			return cmd, errorf("node id '%s': want a whole number >= 0, such as show node 3", args[0])
		}
		cmd.Node = id
		return cmd, nil
	}
	if topic == "iteration" {
		if len(args) != 1 {
			return cmd, errorf("show iteration needs an iteration number: show iteration 2 (iterations of ids and idastar count from 1)")
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return cmd, errorf("iteration '%s': want a whole number >= 1, such as show iteration 2", args[0])
		}
		cmd.Node = n
		return cmd, nil
	}
	if len(args) > 0 {
		return cmd, errorf("show %s takes nothing after it; write show %s", topic, topic)
	}
	return cmd, nil
}

func isTopic(w string) bool {
	for _, t := range Topics {
		if strings.EqualFold(w, t) {
			return true
		}
	}
	return false
}

// parseCompare parses "bfs, astar h=misplaced, astar h=manhattan".
func parseCompare(rest string) (Command, error) {
	cmd := Command{Verb: "compare"}
	if rest == "" {
		return cmd, errorf("compare needs searches separated by commas: compare bfs, astar h=misplaced, astar h=manhattan")
	}
	for _, part := range strings.Split(rest, ",") {
		f := strings.Fields(part)
		if len(f) == 0 {
			return cmd, errorf("compare has an empty search between commas: write compare bfs, astar h=manhattan")
		}
		o, err := parseOptions(f)
		if err != nil {
			return cmd, err
		}
		cmd.Specs = append(cmd.Specs, o)
	}
	return cmd, nil
}

// parseReplay parses "replay FILE": the file is the rest of the line, so
// that its name may hold spaces.
func parseReplay(src string) (Command, error) {
	file := strings.TrimSpace(src[len("replay"):])
	if file == "" {
		return Command{Verb: "replay"}, errorf("replay needs a trace file: replay trace.json (written by export json to trace.json, or stepviz trace -format json)")
	}
	return Command{Verb: "replay", File: file}, nil
}
