// Package graph is the weighted-graph problem of stepviz's searches:
// graphs in their text format (docs/graph-format.md; [Parse],
// [ParseText]), AIMA's Romania map ([Romania]), one-way arcs, h tables and
// coordinates, and their heuristics (a table, straight-line distance,
// Euclidean, zero).
//
// A [*Graph] is a [stepviz/stepper.Instance]: [stepviz/stepper.NewSearch]
// searches it. Its errors are *usererr.Error values that read "stepper: ..."
// in the log, as the engine's do (usererr.Text drops the prefix).
package graph
