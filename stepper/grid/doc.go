// Package grid is the grid problem of stepviz's searches: grids written
// as rows on a problem line or read from Moving AI .map files ([Parse],
// [ParseRows], [LoadMap]), with 4 or 8 moves, unit or 10-14 costs and
// terrain, their heuristics (octile, Manhattan, Euclidean, Chebyshev,
// zero), and the Moving AI scenario runner ([LoadScen], [Scenario.Run]).
//
// A [*Grid] is a [stepviz/stepper.Instance]: [stepviz/stepper.NewSearch]
// searches it. Its errors are *usererr.Error values that read "stepper: ..."
// in the log, as the engine's do (usererr.Text drops the prefix).
package grid
