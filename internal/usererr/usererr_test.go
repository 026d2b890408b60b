package usererr

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

type limitErr struct{ max int }

func (e limitErr) Error() string    { return "server: " + e.UserText() }
func (e limitErr) UserText() string { return fmt.Sprintf("at most %d", e.max) }

// TestTexts: Error keeps every package prefix for the log; Text drops
// them, from the error and from each cause it quotes, and context wrapped
// around an *Error is the log's alone.
func TestTexts(t *testing.T) {
	inner := Errorf("stepper", "puzzle %s: type 9 tiles", "1234").For("problem")
	cases := []struct {
		name      string
		err       error
		log, user string
		field     string
	}{
		{"new", New("store", "no such room"), "store: no such room", "no such room", ""},
		{"no package", Errorf("", "search %d: %w", 2, inner), "search 2: stepper: puzzle 1234: type 9 tiles", "search 2: puzzle 1234: type 9 tiles", "problem"},
		{"wrapped with %w", Errorf("server", "the trace's problem: %w", inner), "server: the trace's problem: stepper: puzzle 1234: type 9 tiles", "the trace's problem: puzzle 1234: type 9 tiles", "problem"},
		{"quoted with %v", Errorf("kernel", "cell: %v", inner), "kernel: cell: stepper: puzzle 1234: type 9 tiles", "cell: puzzle 1234: type 9 tiles", ""},
		{"indexed verb", Errorf("export", "%[2]s: %[1]w", inner, "x"), "export: x: stepper: puzzle 1234: type 9 tiles", "x: puzzle 1234: type 9 tiles", "problem"},
		{"log context around it", fmt.Errorf("session ab12: %w", inner), "session ab12: stepper: puzzle 1234: type 9 tiles", "puzzle 1234: type 9 tiles", "problem"},
		{"outer field wins", Errorf("server", "%w", inner).For("h"), "server: stepper: puzzle 1234: type 9 tiles", "puzzle 1234: type 9 tiles", "h"},
		{"texter", fmt.Errorf("admit: %w", limitErr{3}), "admit: server: at most 3", "at most 3", ""},
		{"texter quoted", Errorf("server", "refused: %w", limitErr{3}), "server: refused: server: at most 3", "refused: at most 3", ""},
		{"foreign", fs.ErrNotExist, "file does not exist", "file does not exist", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkTexts(t, tc.err, tc.log, tc.user, tc.field)
		})
	}
	if Text(nil) != "" || FieldOf(nil) != "" || WithLine(nil) != nil {
		t.Error("nil error: want no text, field or line")
	}
}

func checkTexts(t *testing.T, err error, log, user, field string) {
	t.Helper()
	if got := err.Error(); got != log {
		t.Errorf("Error() = %q, want %q", got, log)
	}
	if got := Text(err); got != user {
		t.Errorf("Text = %q, want %q", got, user)
	}
	if got := FieldOf(err); got != field {
		t.Errorf("FieldOf = %q, want %q", got, field)
	}
}

// TestWrapKeepsCauses: errors.Is and errors.As see through an *Error to
// the causes it wrapped, and WithLine finds the one that names a line.
func TestWrapKeepsCauses(t *testing.T) {
	sentinel := New("stepper", "the search ended")
	lined := Errorf("", "unknown node %q", "Bucharst").AtLine(3)
	err := fmt.Errorf("log: %w", Errorf("stepper", "graph line 3: %w; %w", lined, sentinel))
	if !errors.Is(err, sentinel) {
		t.Error("errors.Is does not find the sentinel wrapped second")
	}
	var e *Error
	if !errors.As(err, &e) || e.Pkg != "stepper" {
		t.Errorf("errors.As found %+v, want the stepper error", e)
	}
	w := WithLine(err)
	if w == nil || w.Line != 3 || w.Msg != `unknown node "Bucharst"` {
		t.Errorf("WithLine = %+v, want line 3 and the message without its location", w)
	}
	if WithLine(sentinel) != nil {
		t.Error("WithLine of an error on no line is not nil")
	}
}

// FuzzErrorf: for any format, Errorf does not panic, and its user text
// quotes a cause by its Text, never by its log text with the prefix.
func FuzzErrorf(f *testing.F) {
	f.Add("a %w b", "stepper")
	f.Add("%[1]w %v %%w", "x")
	f.Add("%-+# 0w", "store")
	f.Fuzz(func(t *testing.T, format, pkg string) {
		if pkg == "" || strings.Contains(format, pkg) {
			return
		}
		cause := New(pkg, "cause")
		if msg := Text(Errorf("server", format, cause)); strings.Contains(msg, cause.Error()) {
			t.Errorf("Errorf(%q): the user reads %q, the cause's log text", format, msg)
		}
	})
}
