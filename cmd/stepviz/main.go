// Command stepviz steps through textbook searches (BFS, DFS, uniform cost,
// greedy, A*, weighted A*) on sliding-tile puzzles, grids and weighted
// graphs. Each subcommand lives in its own file and registers itself from
// that file's init function; main only dispatches. The command-line
// contract is docs/cli.md.
//
// Exit codes: 0 success, 1 the command ran but its answer is negative (no
// solution, a scenario mismatch), 2 bad input or usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"stepviz/stepper"
)

// Exit codes shared by every subcommand.
const (
	exitOK    = 0 // success
	exitNo    = 1 // ran, but the answer is negative: no solution, limit reached, mismatches
	exitUsage = 2 // bad input: unknown flag or option, a problem that does not parse, an unreadable file
)

// command is one registered subcommand.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds a subcommand. Each subcommand file calls it from init. run
// gets the arguments after the subcommand's name and returns the exit code;
// it writes results to stdout and diagnostics to stderr, and never calls
// os.Exit, so tests can run it in-process. Registering a name twice panics:
// that is a programming error caught the first time the binary starts.
func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, dup := commands[name]; dup {
		panic("stepviz: subcommand " + name + " registered twice")
	}
	commands[name] = command{name, summary, run}
}

func init() {
	register("help", "list the subcommands, or show one's flags: stepviz help solve", runHelp)
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run dispatches args (without the program name) to a subcommand.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	if isHelp(name) {
		name = "help"
	}
	c, ok := commands[name]
	if !ok {
		hint := ""
		if s := stepper.Suggest(name, commandNames()); s != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", s)
		}
		fmt.Fprintf(stderr, "stepviz: unknown command %q%s; run stepviz help for the list of commands\n", name, hint)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

// isHelp reports whether arg asks for help where no flag takes it: -h,
// -help or --help (a command whose -h is the heuristic never asks).
func isHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: stepviz <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "A problem is one line: puzzle <tiles> [goal=<tiles>], grid <file.map | rows joined by '/'> [start=x,y] [goal=x,y] ...,")
	fmt.Fprintln(w, "graph romania [start=Arad] [goal=Bucharest], or graph <file>. See docs/cli.md.")
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok || args[0] == "help" {
		return run(args, stdout, stderr)
	}
	return c.run([]string{"-help"}, stdout, stderr)
}

// parseFlags parses args with fs, allowing positional words between flags
// ("scen arena.map.scen -algo ucs"); it returns the positional words. On
// -help it writes the usage to stdout and returns code exitOK; on a bad flag
// it writes a message that names the flag and suggests the closest one, and
// returns exitUsage. ok is false whenever the caller should return code.
//
// -help and --help anywhere before "--" ask for help, even where a flag
// would take them as its value (-h, the heuristic, in "-h --help").
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	fs.SetOutput(io.Discard)
	help := func() (pos []string, code int, ok bool) {
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "usage of stepviz %s:\n", fs.Name())
		fs.PrintDefaults()
		return nil, exitOK, false
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-help" || a == "--help" {
			return help()
		}
	}
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			return help()
		}
		if err != nil {
			fmt.Fprintf(stderr, "stepviz %s: %s\n", fs.Name(), flagError(fs, err))
			return nil, exitUsage, false
		}
		rest := fs.Args()
		i := 0
		for i < len(rest) && (!strings.HasPrefix(rest[i], "-") || rest[i] == "-") {
			i++
		}
		pos = append(pos, rest[:i]...)
		if i == len(rest) {
			return pos, exitOK, true
		}
		if rest[i] == "--" {
			return append(pos, rest[i+1:]...), exitOK, true
		}
		args = rest[i:]
	}
}

// flagError rewrites the flag package's errors to name the fix.
func flagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if bad, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		hint := ""
		// Long names of the search options suggest their short flags.
		aliases := map[string]string{"heuristic": "h", "algorithm": "algo", "weight": "w", "goal-test": "goaltest"}
		cands := append([]string(nil), names...)
		for _, long := range []string{"algorithm", "goal-test", "heuristic", "weight"} {
			if fs.Lookup(aliases[long]) != nil {
				cands = append(cands, long)
			}
		}
		if s := stepper.Suggest(strings.TrimLeft(bad, "-"), cands); s != "" {
			if short, ok := aliases[s]; ok {
				s = short
			}
			hint = fmt.Sprintf(" (did you mean -%s?)", s)
		}
		return fmt.Sprintf("unknown flag -%s%s; flags are -%s; run stepviz %s -help", bad, hint, strings.Join(names, ", -"), fs.Name())
	}
	if bad, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return fmt.Sprintf("flag -%s needs a value, as in -%s VALUE; run stepviz %s -help", bad, bad, fs.Name())
	}
	return msg + "; run stepviz " + fs.Name() + " -help"
}
