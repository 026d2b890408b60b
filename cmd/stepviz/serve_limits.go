package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"time"

	"stepviz/internal/membudget"
	"stepviz/internal/words"
	"stepviz/server"
	"stepviz/stepper"
)

// Ceilings of the serve flags whose package sets none: -memory at 1 TiB
// (more than any machine that would serve a class; it is shifted to bytes,
// so it also keeps the product finite), -per-address at 10,000 people
// behind one address (its socket and rate limits are 4 and 3 times it).
const (
	maxMemoryMB   = 1 << 20
	maxPerAddress = 10_000
)

// defaultNotebookMaxNodes is -notebook-max-nodes' default: a BFS over the
// whole 8-puzzle, as the examples compare, needs about 483,000 nodes.
const defaultNotebookMaxNodes = 4_000_000

// serveRange is the whole numbers one serve flag accepts, its default and
// the unit its number counts (empty: a plain count).
type serveRange struct {
	name          string
	min, max, def int
	unit          string
}

// serveRanges are the whole-number flags of serve, each with its range.
var serveRanges = []serveRange{
	{"max-sessions", 1, server.MaxMaxSessions, server.DefaultMaxSessions, ""},
	{"max-nodes", 1, server.MaxMaxNodes, server.DefaultMaxNodes, ""},
	{"max-clients", 1, server.MaxMaxClients, server.DefaultMaxClients, ""},
	{"max-per-client", 1, server.MaxMaxSessions, server.DefaultMaxPerClient, ""},
	{"notebook-max-nodes", 1000, stepper.MaxMaxNodes, defaultNotebookMaxNodes, ""},
	{"memory", 1, maxMemoryMB, membudget.DefaultLimit >> 20, "MB"},
	{"per-address", 1, maxPerAddress, server.DefaultVotersPerAddress, ""},
}

// fix says what to give instead of a bad value.
func (r serveRange) fix() string {
	unit := ""
	if r.unit != "" {
		unit = " of " + r.unit
	}
	return fmt.Sprintf("give a whole number%s from %d to %d (without -%s it is %d)", unit, r.min, r.max, r.name, r.def)
}

// rangedInt is the flag.Value of a serveRanges flag. Set keeps any
// integer, however large, for checkServeRanges to refuse with the range;
// text that is not an integer is refused at once, with the range.
type rangedInt struct {
	r    serveRange
	v    int
	text string // as given; empty: the default
	huge bool   // beyond int: refused by checkServeRanges
}

func (f *rangedInt) String() string {
	if f.text != "" {
		return f.text
	}
	return strconv.Itoa(f.v)
}

func (f *rangedInt) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return errors.New(f.r.fix())
	}
	f.v, f.text, f.huge = int(n), s, err != nil
	return nil
}

func (f *rangedInt) Get() any { return f.v }

// rangedIdle is -idle's flag.Value: a duration, its syntax error naming
// the range; it prints as the user gave it.
type rangedIdle struct {
	d     time.Duration
	given string // the flag's text as given, "" for the default
}

const idleFix = "give a duration from 1s to 168h (a week), such as 45m"

func (f *rangedIdle) String() string {
	if f.given != "" {
		return f.given
	}
	return f.d.String()
}

func (f *rangedIdle) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New(idleFix)
	}
	f.d, f.given = d, s
	return nil
}

func (f *rangedIdle) Get() any { return f.d }

// addServeRanges defines the flags of serveRanges on fs (with usage from
// usages, by name, followed by the range) and -idle, and returns their
// values by name.
func addServeRanges(fs *flag.FlagSet, usages map[string]string) (ints map[string]*int, idle *time.Duration) {
	ints = map[string]*int{}
	for _, r := range serveRanges {
		f := &rangedInt{r: r, v: r.def}
		word := "N"
		if r.unit != "" {
			word = r.unit
		}
		fs.Var(f, r.name, fmt.Sprintf("%s (`%s` from %d to %d)", usages[r.name], word, r.min, r.max))
		ints[r.name] = &f.v
	}
	d := &rangedIdle{d: server.DefaultIdle}
	fs.Var(d, "idle", usages["idle"]+" (a `duration` from 1s to 168h)")
	return ints, &d.d
}

// checkServeRanges checks the values fs parsed into the flags
// addServeRanges defined. Its error names the flag and the value given,
// the lowest and highest values accepted and the default.
func checkServeRanges(fs *flag.FlagSet) error {
	for _, r := range serveRanges {
		f := fs.Lookup(r.name).Value.(*rangedInt)
		if f.huge || f.v < r.min || f.v > r.max {
			return fmt.Errorf("-%s %s is out of range: %s", r.name, f, r.fix())
		}
	}
	idle := fs.Lookup("idle").Value.(*rangedIdle)
	if idle.d < server.MinIdle || idle.d > server.MaxIdle {
		return fmt.Errorf("-idle %s is out of range: %s (without -idle it is %s)", idle, idleFix, words.Duration(server.DefaultIdle))
	}
	return nil
}
