package kernel

import (
	"cmp"
	"os"
	"path"
	"sort"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/graph"
)

// wordAt finds the word around cursor (a rune offset into code, as Jupyter
// counts it): its rune bounds and the line's text before the word. A word
// is a run of characters other than spaces and commas.
func wordAt(code string, cursor int) (word string, start, end int, before string) {
	r := []rune(code)
	cursor = max(0, min(cursor, len(r)))
	isSep := func(c rune) bool { return c == ' ' || c == '\t' || c == '\n' || c == ',' }
	start, end = cursor, cursor
	for start > 0 && !isSep(r[start-1]) {
		start--
	}
	for end < len(r) && !isSep(r[end]) {
		end++
	}
	ls := start
	for ls > 0 && r[ls-1] != '\n' {
		ls--
	}
	return string(r[start:end]), start, end, string(r[ls:start])
}

// Complete proposes completions for the word at cursor (a rune offset):
// commands at the start of a line, algorithms and option names in a search
// or compare line, option values after "name=" (heuristics from the current
// problem), topics after show, search names, and (where the session may
// read files) trace files after replay. The matches replace runes
// [start, end) of code.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	word, start, end, before := wordAt(code, cursor)
	prefix := word
	if r := []rune(code); cursor >= start && cursor <= len(r) {
		prefix = string(r[start:max(start, cursor)])
	}
	fields := strings.Fields(before)
	if len(fields) >= 2 && fields[1] == "=" {
		fields = fields[2:]
	} else if len(fields) >= 1 && strings.HasSuffix(fields[0], "=") {
		fields = fields[1:]
	}
	var cands []string
	switch {
	case len(fields) == 0:
		cands = append(append(cands, Verbs...), ProblemKinds...)
	case strings.Contains(prefix, "="):
		name, _, _ := strings.Cut(prefix, "=")
		for _, v := range s.valuesOf(strings.ToLower(fields[0]), name) {
			cands = append(cands, name+"="+v)
		}
	default:
		switch strings.ToLower(fields[0]) {
		case "search":
			cands = names(stepper.Algorithms)
			if s.gl != nil {
				cands = s.gl.algorithms()
			}
			if len(fields) > 1 {
				cands = optionWords()
			}
		case "compare":
			// the words of this search: after the last comma, or after compare
			seg := before[strings.LastIndex(before, ",")+1:]
			if i := strings.Index(strings.ToLower(seg), "compare"); i >= 0 {
				seg = seg[i+len("compare"):]
			}
			cands = names(stepper.Algorithms)
			if len(strings.Fields(seg)) > 0 {
				cands = optionWords()
			}
		case "show":
			cands = append(append(cands, Topics...), s.namedSearches()...)
		case "step", "back", "run", "reset", "export":
			cands = s.namedSearches()
			switch strings.ToLower(fields[0]) {
			case "run":
				cands = append(cands, "to", "goal")
			case "export":
				cands = append(cands, exportFormats()...)
			}
		case "help":
			cands = commandOrder
		case "replay":
			if !s.cfg.AllowFiles {
				return nil, start, end
			}
			// file names keep their case
			matches = traceFiles(prefix)
			sort.Strings(matches)
			return matches, start, end
		case "puzzle":
			cands = []string{"goal="}
		case "grid":
			cands = []string{"start=", "goal=", "moves=", "cost=", "corners="}
		case "graph":
			cands = []string{"romania", "start=", "goal="}
		}
	}
	for _, c := range cands {
		if strings.HasPrefix(c, strings.ToLower(prefix)) {
			matches = append(matches, c)
		}
	}
	sort.Strings(matches)
	return matches, start, end
}

// maxFileMatches caps the file names completion lists.
const maxFileMatches = 200

// traceFiles lists the files a trace may be in (.json, .jsonl, but not a
// CSV's .csv-metadata.json sidecar) and the directories whose names start with prefix, a path relative to the
// working directory; directories end in '/'.
func traceFiles(prefix string) []string {
	dir, base := path.Split(prefix)
	entries, err := os.ReadDir(cmp.Or(dir, "."))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		switch {
		case e.IsDir():
			out = append(out, dir+name+"/")
		case strings.HasSuffix(name, ".csv-metadata.json"):
		case strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".jsonl"):
			out = append(out, dir+name)
		}
		if len(out) == maxFileMatches {
			break
		}
	}
	return out
}

// optionWords are the option names with their '='.
func optionWords() []string {
	var out []string
	for _, n := range stepper.OptionNames() {
		if n != "algo" {
			out = append(out, n+"=")
		}
	}
	return out
}

// valuesOf lists the values an option (or a problem argument) may take.
func (s *Session) valuesOf(verb, name string) []string {
	switch verb {
	case "grid":
		return map[string][]string{"moves": {"4", "8"}, "cost": {"unit", "10-14"}, "corners": {"no", "yes"}}[name]
	case "graph":
		if name == "start" || name == "goal" {
			if g, ok := s.problem.(*graph.Graph); ok {
				var out []string
				for _, n := range g.Nodes() {
					out = append(out, n.Name)
				}
				return out
			}
		}
		return nil
	}
	if a, ok := optionAliases()[name]; ok {
		name = a
	}
	if name == "h" {
		if s.problem != nil {
			return s.problem.Heuristics()
		}
		return []string{"manhattan", "misplaced", "linear-conflict", "octile", "euclidean", "chebyshev", "sld", "zero"}
	}
	return optionValues(name)
}

func (s *Session) namedSearches() []string {
	var out []string
	for _, n := range s.SearchNames() {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// Inspect returns the help for the word at cursor (a rune offset): a
// command, an option (the part before '=' of "h=manhattan") or an
// algorithm. found is false when the word is none of these.
func (s *Session) Inspect(code string, cursor int) (help string, found bool) {
	word, _, _, before := wordAt(code, cursor)
	name, _, _ := strings.Cut(word, "=")
	if name == "" {
		return "", false
	}
	if f := strings.Fields(before); len(f) > 0 && strings.EqualFold(f[0], "show") && isTopic(name) {
		return HelpFor("show")
	}
	if t, ok := HelpFor(name); ok {
		return t, true
	}
	if s.problem != nil && contains(s.problem.Heuristics(), strings.ToLower(name)) {
		return "heuristic " + name + " of " + s.problem.Spec() + " (use it with h=" + name + ")", true
	}
	return "", false
}

// IsComplete says whether a cell is ready to run: "complete", "incomplete"
// (see [Completeness]) or "invalid" (it does not parse).
func IsComplete(cell string) string {
	st, _ := Completeness(cell)
	return st
}

// Completeness says whether a cell is ready to run and, when it is not,
// how to indent its next line. A cell is "incomplete" when it ends with a
// comma of a compare list, with a bare grid or graph line waiting for its
// rows, with a problem NAME: or heuristic NAME: line and no script after
// it, or inside such a script with a line that opens a block (def, if,
// for: a line ending with ":", whose body is indented by four spaces more
// than it) or with a bracket left open. "invalid" is a cell that does not
// parse; anything else is "complete". O(len(cell)).
func Completeness(cell string) (status, indent string) {
	t := strings.TrimSpace(cell)
	if strings.HasSuffix(t, ",") {
		return "incomplete", ""
	}
	if tl := strings.Split(t, "\n"); t != "" && isBareMapLine(tl[len(tl)-1]) {
		return "incomplete", ""
	}
	lines := strings.Split(strings.ReplaceAll(cell, "\r\n", "\n"), "\n")
	if cmd, ok, err := parseScriptCell(lines); ok && err == nil {
		return scriptCompleteness(cmd.Script)
	}
	if _, err := ParseCell(cell); err != nil {
		return "invalid", ""
	}
	return "complete", ""
}

// scriptCompleteness is Completeness for the Starlark of a problem or
// heuristic cell.
func scriptCompleteness(src string) (status, indent string) {
	var last string
	depth := 0
	for _, line := range strings.Split(src, "\n") {
		code := starlarkCode(line)
		if strings.TrimSpace(code) != "" {
			last = code
		}
		for _, r := range code {
			switch r {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			}
		}
	}
	switch {
	case last == "":
		return "incomplete", ""
	case depth > 0:
		return "incomplete", leadingSpace(last) + "    "
	case strings.HasSuffix(strings.TrimSpace(last), ":"):
		return "incomplete", leadingSpace(last) + "    "
	}
	return "complete", ""
}

// starlarkCode is a line of Starlark without its comment and the text of
// its strings (each string kept as empty quotes), so that brackets and
// colons inside them do not count.
func starlarkCode(line string) string {
	var b strings.Builder
	var quote rune
	escaped := false
	for _, r := range line {
		switch {
		case quote != 0 && escaped:
			escaped = false
		case quote != 0 && r == '\\':
			escaped = true
		case quote != 0 && r == quote:
			b.WriteRune(r)
			quote = 0
		case quote != 0:
		case r == '"' || r == '\'':
			b.WriteRune(r)
			quote = r
		case r == '#':
			return b.String()
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// leadingSpace is the indentation of line.
func leadingSpace(line string) string {
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

func isBareMapLine(line string) bool {
	src := strings.TrimSpace(stripComment(line))
	return src != "" && (isBare("grid", src) || isBare("graph", src))
}
