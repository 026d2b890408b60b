package main

import (
	"flag"
	"net"
	"path/filepath"
	"strings"

	"stepviz/cluster"
)

// sourceProgram is how README runs stepviz from a checkout of the source
// (the module's root); the hint names it when this binary was built by go run.
const sourceProgram = "go run ./cmd/stepviz"

// defaultPort is -addr's default port: the hint leaves it out.
const defaultPort = "8080"

// classroomCommand is the command that serves a class, in the words the
// user started this server with: the same program (see program), serve
// -class, then the user's other serve flags as parsed by fs (in the flag
// package's order), -addr reduced to its port (-class listens on every
// address of the machine on that port; the default port is left out), and
// the password of a -nats URL redacted. Values are quoted for a POSIX shell
// when they need it.
func classroomCommand(argv0 string, fs *flag.FlagSet) string {
	words := []string{program(argv0), "serve", "-class"}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "class":
		case "addr":
			if _, port, err := net.SplitHostPort(f.Value.String()); err == nil && port != defaultPort {
				words = append(words, "-addr", ":"+port)
			}
		case "host":
			for _, h := range *f.Value.(*hostList) {
				words = append(words, "-host", shellQuote(h))
			}
		case "nats":
			words = append(words, "-nats", shellQuote(cluster.Redacted(f.Value.String())))
		default:
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				words = append(words, "-"+f.Name+"="+f.Value.String())
				return
			}
			words = append(words, "-"+f.Name, shellQuote(f.Value.String()))
		}
	})
	return strings.Join(words, " ")
}

// program is how the user started this binary, from its os.Args[0]:
// sourceProgram when go run built it, else argv0 as typed (a name found
// on $PATH, such as stepviz, or a path, such as ./stepviz).
func program(argv0 string) string {
	if builtByGoRun(argv0) {
		return sourceProgram
	}
	return shellQuote(argv0)
}

// builtByGoRun reports whether path is a binary go run built and started
// by that path. go run keeps its binaries in the build cache,
// $GOCACHE/XX/HASH-d/NAME (XX the first two hex digits of the 64-digit
// HASH), or, when it does not cache them, links into its work directory,
// $GOTMPDIR (else the system's temporary directory)/go-buildNNN/bNNN/exe/NAME.
// An installed binary, or one go build -o wrote, lives anywhere else.
func builtByGoRun(path string) bool {
	dir := filepath.Dir(filepath.Clean(path))
	if h, ok := strings.CutSuffix(filepath.Base(dir), "-d"); ok && len(h) == 64 && isHex(h) && filepath.Base(filepath.Dir(dir)) == h[:2] {
		return true
	}
	if filepath.Base(dir) != "exe" {
		return false
	}
	for d := filepath.Dir(dir); d != filepath.Dir(d); d = filepath.Dir(d) {
		if strings.HasPrefix(filepath.Base(d), "go-build") {
			return true
		}
	}
	return false
}

// isHex reports whether s is lower-case hexadecimal digits only.
func isHex(s string) bool {
	return strings.Trim(s, "0123456789abcdef") == ""
}

// shellQuote returns s as one word of a POSIX shell: unchanged when it
// holds only characters no shell treats specially, else in single quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,@%+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
