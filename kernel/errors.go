package kernel

import (
	"fmt"
	"strings"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// CellError is a mistake in a cell: the line it is on (1-based), that line
// as written, and a message that says what was wrong and how to fix it.
type CellError struct {
	Line   int
	Source string
	Msg    string
	// Err is the cause, when there is one to test with errors.Is (an
	// interrupt wraps context.Canceled).
	Err error
}

// Unwrap returns the cause.
func (e *CellError) Unwrap() error { return e.Err }

// Error reads "kernel: line N: message".
func (e *CellError) Error() string { return "kernel: " + e.UserText() }

// UserText reads "line N: message", or the message alone for an error on
// no line (usererr.Texter).
func (e *CellError) UserText() string {
	if e.Line <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Traceback is the error as the lines a notebook shows under a failed cell:
// the line, then the message.
func (e *CellError) Traceback() []string {
	if e.Line <= 0 {
		return []string{e.Msg}
	}
	return []string{fmt.Sprintf("line %d: %s", e.Line, e.Source), e.Msg}
}

// errorf makes a message-only error; the caller attaches the line.
func errorf(format string, args ...any) error {
	return &CellError{Msg: fmt.Sprintf(format, args...)}
}

// atLine attaches a line to err, rewording errors from other packages
// without their prefix.
func atLine(err error, line int, source string) *CellError {
	if ce, ok := err.(*CellError); ok {
		c := *ce
		if c.Line == 0 {
			c.Line, c.Source = line, source
		}
		return &c
	}
	return &CellError{Line: line, Source: source, Msg: usererr.Text(err)}
}

// unknown words a "did you mean" message: "unknown heuristic 'manhatan':
// did you mean manhattan?" or, with no close candidate, the list to choose
// from.
func unknown(what, got string, candidates []string) error {
	if s := stepper.Suggest(strings.ToLower(got), candidates); s != "" {
		return errorf("unknown %s '%s': did you mean %s?", what, got, s)
	}
	return errorf("unknown %s '%s': choose one of %s", what, got, strings.Join(candidates, ", "))
}
