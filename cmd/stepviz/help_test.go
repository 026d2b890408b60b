package main

import (
	"strings"
	"testing"
)

// TestEverySubcommandHelp: -help and --help on every subcommand print its
// usage on stdout and exit 0, nothing on stderr, wherever they stand
// (even after -h, which takes a value where it is the heuristic); -h is
// help only where it is not the heuristic.
func TestEverySubcommandHelp(t *testing.T) {
	hIsHeuristic := map[string]bool{"check": true, "heuristic": true, "scen": true, "solve": true, "trace": true, "worksheet": true}
	for _, name := range commandNames() {
		cases := [][]string{{"-help"}, {"--help"}}
		if name != "help" && name != "kernel" {
			cases = append(cases, []string{"-h", "--help"}, []string{"-problem", "graph romania", "-help"})
		}
		if !hIsHeuristic[name] {
			cases = append(cases, []string{"-h"})
		}
		for _, args := range cases {
			t.Run(name+" "+strings.Join(args, " "), func(t *testing.T) {
				code, stdout, stderr := runCmd(t, append([]string{name}, args...)...)
				if code != exitOK || !strings.Contains(strings.ToLower(stdout), "usage") || stderr != "" {
					t.Errorf("exit %d, stdout %.100q, stderr %q; want 0 and the usage on stdout only", code, stdout, stderr)
				}
			})
		}
		if hIsHeuristic[name] {
			t.Run(name+" -h", func(t *testing.T) {
				code, _, stderr := runCmd(t, name, "-h")
				if code != exitUsage || !strings.Contains(stderr, "flag -h needs a value") {
					t.Errorf("-h alone: exit %d, stderr %q; want it read as the heuristic flag missing its value", code, stderr)
				}
			})
		}
	}
	if code, stdout, _ := runCmd(t, "kernel", "install", "--help"); code != exitOK || !strings.Contains(stdout, "-prefix") {
		t.Errorf("kernel install --help: exit %d, %q", code, stdout)
	}
}
