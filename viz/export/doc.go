// Package export writes a search trace in every format a lecturer, a TA or
// a student needs, and reads the JSON form back.
//
// One implementation serves every front end: the command line (stepviz
// trace, worksheet, check, replay), the notebook's "export FORMAT" and the
// viewer's download menu all call [Write] with a search and the step to
// export up to. Every file records the problem line and the normalized
// options (stepper.Options.String), so it can be rebuilt exactly.
//
// A trace is the problem, the options and the events of steps 1..k. The
// JSON form (format "stepviz-trace", version 1, documented in
// docs/trace-format.md) is the one that can be read back ([ReadTrace]) and
// replayed ([Trace.Replay]), which re-runs the engine and checks every
// recorded event against it.
//
// Export never changes the search it is given: it replays the same
// instance and options in a search of its own.
//
// Errors read "export: ...".
package export
