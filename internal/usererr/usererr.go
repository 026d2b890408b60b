// Package usererr is the error a user reads. An *Error carries two texts:
// Error, for the log, starts with the package it comes from ("stepper: …",
// as Go's errors do); Msg, for a page, a notebook or a terminal, is the
// same sentence in the user's words, with no package prefix, and says what
// was wrong and how to fix it. Field names the input the error is about
// (an option name, "problem", "script"), when there is one, so that a form
// can show the message next to it.
//
// Producers return an *Error, possibly wrapped with more context for the
// log (fmt.Errorf("session %s: %w", id, err)); consumers take the user's
// text with [Text] and the input with [FieldOf], both through errors.As, so
// no consumer reads or edits an error's text.
package usererr

import (
	"errors"
	"fmt"
	"strings"
)

// Error is an error in the user's words.
type Error struct {
	// Pkg is the package the error comes from, the prefix of Error
	// ("stepper"); empty for none.
	Pkg string
	// Msg is the message as a user reads it: no package prefix, here or
	// in any cause it quotes.
	Msg string
	// Field is the input the message is about: an option name as
	// stepper.Options.Set takes it ("h", "tie"), "problem", "script";
	// empty when it is about no one input.
	Field string
	// Line is the 1-based line of the input the message is about, 0 for
	// none. Msg says it in words where it matters ("line 3: …").
	Line int

	log error // the log text after the prefix; wraps the causes
}

// New returns the error msg from package pkg.
func New(pkg, msg string) *Error {
	return &Error{Pkg: pkg, Msg: msg, log: errors.New(msg)}
}

// Errorf returns the error from package pkg that fmt.Errorf(format, args...)
// describes. An argument that is an error (with %w, %v or %s) appears in
// Error as its Error and in Msg as its [Text], so the user never reads a
// cause's package prefix; %w wraps it as fmt.Errorf does, for errors.Is
// and errors.As.
func Errorf(pkg, format string, args ...any) *Error {
	log := fmt.Errorf(format, args...)
	user := make([]any, len(args))
	for i, a := range args {
		if e, ok := a.(error); ok && e != nil {
			a = Text(e)
		}
		user[i] = a
	}
	return &Error{Pkg: pkg, Msg: fmt.Sprintf(noWrapVerbs(format), user...), log: log}
}

// For sets the input e is about and returns e.
func (e *Error) For(field string) *Error {
	e.Field = field
	return e
}

// AtLine sets the 1-based line e is about and returns e.
func (e *Error) AtLine(line int) *Error {
	e.Line = line
	return e
}

// Error is the log's text: "pkg: " and the message, causes quoted with
// their own prefixes.
func (e *Error) Error() string {
	if e.Pkg == "" {
		return e.log.Error()
	}
	return e.Pkg + ": " + e.log.Error()
}

// Unwrap returns the causes Errorf wrapped with %w.
func (e *Error) Unwrap() []error {
	switch u := e.log.(type) {
	case interface{ Unwrap() error }:
		return []error{u.Unwrap()}
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	}
	return nil
}

// Texter is an error type of a package's own (one whose fields a caller
// reads, such as a limit's) that knows its text as a user reads it.
type Texter interface {
	error
	UserText() string
}

// Text is err's message as a user reads it: the Msg of the first *Error
// (or the UserText of the first [Texter]) in its chain, whose wrapping
// context is the log's; else err.Error(), an error from outside the module
// (an *os.PathError, a JSON syntax error). Text(nil) is "".
func Text(err error) string {
	for e := err; e != nil; {
		switch t := e.(type) {
		case *Error:
			return t.Msg
		case Texter:
			return t.UserText()
		case interface{ Unwrap() error }:
			e = t.Unwrap()
		case interface{ Unwrap() []error }:
			if s := t.Unwrap(); len(s) > 0 {
				e = s[0]
			} else {
				e = nil
			}
		default:
			e = nil
		}
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// FieldOf is the input err is about: the Field of the first *Error in its
// chain that names one, "" if none does.
func FieldOf(err error) string {
	for err != nil {
		var e *Error
		if !errors.As(err, &e) {
			return ""
		}
		if e.Field != "" {
			return e.Field
		}
		causes := e.Unwrap()
		if len(causes) == 0 {
			return ""
		}
		err = causes[0]
	}
	return ""
}

// WithLine is the first *Error in err's chain that names a line of the
// input, nil if none does: its Msg says what is wrong on line Line.
func WithLine(err error) *Error {
	for err != nil {
		var e *Error
		if !errors.As(err, &e) {
			return nil
		}
		if e.Line > 0 {
			return e
		}
		causes := e.Unwrap()
		if len(causes) == 0 {
			return nil
		}
		err = causes[0]
	}
	return nil
}

// noWrapVerbs is format with each %w verb written %v, which fmt.Sprintf
// takes. O(len(format)).
func noWrapVerbs(format string) string {
	if !strings.Contains(format, "w") {
		return format
	}
	b := []byte(format)
	for i := 0; i < len(b); i++ {
		if b[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(b) && strings.IndexByte("+-# 0123456789.*[]", b[j]) >= 0 {
			j++
		}
		if j < len(b) && b[j] == 'w' {
			b[j] = 'v'
		}
		i = j
	}
	return string(b)
}
