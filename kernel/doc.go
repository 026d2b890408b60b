// Package kernel is the notebook cell language of stepviz and the sessions
// that run it, shared by the web notebook and the Jupyter kernel.
//
// A cell holds one command a line; "#" followed by a space (or ending the
// line) starts a comment, so grid walls such as "S..#..G" are not comments.
// A problem line is exactly the engine's problem spec (see
// [problems.Parse]); a grid may instead be written as ASCII rows on
// the lines after a bare "grid" line. "search astar h=manhattan" starts a
// search with the engine's option names; step, back, run, reset, show,
// compare, export and help drive and inspect it; "replay FILE" rebuilds a
// search from a trace file that export json wrote, verified step by step.
// Searches may be named ("a = search astar", "step a 3") so several live
// side by side.
//
// [Session.Execute] runs a cell and emits [Output]s: text/plain and
// text/html (SVG drawings, tables). A search's live view carries a display
// id; later cells that move the search emit an update of that display, so a
// front end redraws the picture an earlier cell made, or, with
// Config.StepPictures (Jupyter), each cell shows the search in a view of
// its own that no later cell changes.
//
// A cell is parsed whole before any of it runs, so a syntax error anywhere
// runs nothing; a command that fails while running stops the cell there.
// Either way the session keeps everything earlier commands built. Errors are
// [*CellError]s that name the line, say what was wrong and suggest a fix.
//
// The package reads files only where [Config.AllowFiles] lets cells name
// them, and writes none itself ([Config.WriteFile] does); a session is safe
// for use by one goroutine at a time.
package kernel
