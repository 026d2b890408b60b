package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"stepviz/internal/usererr"
	"stepviz/viz/export"
)

// maxExportBytes is the largest export trace and replay write without
// -force: past it a file is refused before a byte is written, with its
// estimated size (a whole 15-puzzle BFS with every list at every step
// would be gigabytes that no editor, browser or LaTeX opens).
const maxExportBytes = 250_000_000

// exportFlags are the flags that shape an export: which steps of a
// Markdown trace carry the full lists, and the size confirmation.
type exportFlags struct {
	full  *string
	every *int
	force *bool
}

func addExportFlags(fs *flag.FlagSet) *exportFlags {
	return &exportFlags{
		full:  fs.String("full", "", "md: the steps whose whole open and closed lists are printed: step numbers and start, end, auto, all, every=N, none, such as 0,10,end (default start,auto,end: every other step says only what it changed)"),
		every: fs.Int("every", 0, "md: also print the whole lists every `N` steps (with no -full: at the start, every N steps and at the end)"),
		force: fs.Bool("force", false, "write the export even when its estimated size is over "+export.Bytes(maxExportBytes)),
	}
}

// options are the export options the flags give for an export in
// format; on a bad value, or -full or -every with a format other than md,
// it writes the message and returns false.
func (e *exportFlags) options(cmd, format string, stderr io.Writer) (export.Options, bool) {
	o := export.Options{MaxBytes: maxExportBytes}
	if *e.force {
		o.MaxBytes = 0
	}
	if *e.every < 0 {
		fmt.Fprintf(stderr, "stepviz %s: -every %d: give a number of steps of at least 1\n", cmd, *e.every)
		return o, false
	}
	if *e.full == "" && *e.every == 0 {
		return o, true
	}
	if f, _ := export.Lookup(format); f.Name != "md" {
		fmt.Fprintf(stderr, "stepviz %s: -full and -every choose the steps of a Markdown trace whose whole lists are printed; this export is %s: give -format md, or leave them out\n", cmd, format)
		return o, false
	}
	full := export.FullLists{Start: true, End: true}
	if *e.full != "" {
		f, err := export.ParseFullLists(*e.full)
		if err != nil {
			fmt.Fprintf(stderr, "stepviz %s: -full %s: %s\n", cmd, *e.full, usererr.Text(err))
			return o, false
		}
		full = f
	}
	if *e.every > 0 {
		full.Every = *e.every
	}
	o.Full = &full
	return o, true
}

// tooLargeHint is what to do about an export refused as too large, in the
// command line's words; "" for any other error.
func tooLargeHint(err error) string {
	var tl *export.TooLargeError
	if !errors.As(err, &tl) {
		return ""
	}
	hint := "export fewer steps (-steps N)"
	if tl.Format == "md" {
		hint += ", print the whole lists at fewer steps (-full start,end)"
	}
	return fmt.Sprintf("; %s, choose a more compact format (jsonl, csv), or give -force to write it anyway", hint)
}
