package main

import (
	"flag"
	"fmt"
	"strings"
	"testing"
)

// TestServeFlagRanges: every numeric serve flag below its floor, above its
// ceiling, past the range of an int or not a number is refused with exit
// 2 and a message, in the flag's own words and no package's, that gives
// the value, both bounds and the default; the bounds themselves pass.
func TestServeFlagRanges(t *testing.T) {
	refused := func(t *testing.T, args []string, want ...string) {
		t.Helper()
		code, _, stderr := runCmd(t, append([]string{"serve", "-addr", "127.0.0.1:0", "-db", t.TempDir() + "/x.db"}, args...)...)
		if code != exitUsage {
			t.Errorf("serve %s: exit %d, want %d (%s)", strings.Join(args, " "), code, exitUsage, stderr)
		}
		for _, w := range want {
			if !strings.Contains(stderr, w) {
				t.Errorf("serve %s says %q, want it to say %q", strings.Join(args, " "), stderr, w)
			}
		}
		if msg := strings.TrimPrefix(stderr, "stepviz serve: "); strings.Contains(msg, "server:") || strings.Contains(msg, "strconv") || strings.Contains(msg, "time:") {
			t.Errorf("serve %s names a package: %q", strings.Join(args, " "), stderr)
		}
	}
	for _, r := range serveRanges {
		bounds := fmt.Sprintf("from %d to %d (without -%s it is %d)", r.min, r.max, r.name, r.def)
		for _, v := range []string{fmt.Sprint(r.min - 1), fmt.Sprint(r.max + 1), "-1", "99999999999999999999"} {
			refused(t, []string{"-" + r.name, v}, fmt.Sprintf("-%s %s is out of range: give a whole number", r.name, v), bounds)
		}
		refused(t, []string{"-" + r.name, "ten"}, `"ten" for flag -`+r.name, bounds)
		for _, v := range []int{r.min, r.max} {
			if err := parseServeRanges(t, "-"+r.name, fmt.Sprint(v)); err != nil {
				t.Errorf("-%s %d: %v, want it accepted", r.name, v, err)
			}
		}
	}
	for _, v := range []string{"0s", "-5s", "999ms", "169h"} {
		refused(t, []string{"-idle", v}, "-idle ", "is out of range: give a duration from 1s to 168h (a week), such as 45m (without -idle it is 30 minutes)")
	}
	refused(t, []string{"-idle", "5"}, `"5" for flag -idle: give a duration from 1s to 168h`)
	for _, v := range []string{"1s", "168h"} {
		if err := parseServeRanges(t, "-idle", v); err != nil {
			t.Errorf("-idle %s: %v, want it accepted", v, err)
		}
	}
	refused(t, []string{"-max-per-client", "20", "-max-sessions", "5"}, "-max-per-client 20 is above -max-sessions 5", "give -max-per-client from 1 to 5, or raise -max-sessions")
}

// parseServeRanges parses args into the flags addServeRanges defines and
// checks them.
func parseServeRanges(t *testing.T, args ...string) error {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addServeRanges(fs, nil)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return checkServeRanges(fs)
}
