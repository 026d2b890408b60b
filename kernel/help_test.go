package kernel

import (
	"strings"
	"testing"
)

// TestHelpListsEveryCommand: help with no argument lists the usage of every
// command that help COMMAND explains, each once, so that no command of the
// notebook's language is found only by reading docs/notebook.md.
func TestHelpListsEveryCommand(t *testing.T) {
	s := NewSession(Config{IDPrefix: "t"})
	outs := run(t, s, "help")
	if len(outs) != 1 {
		t.Fatalf("help gave %d outputs, want 1", len(outs))
	}
	listed := outs[0].Text
	for name, e := range commandHelp() {
		if n := strings.Count(listed, "\n  "+e.usage+"\n"); n != 1 {
			t.Errorf("help lists %s's usage %q %d times, want once", name, e.usage, n)
		}
	}
}
