// Package puzzle is the sliding-tile puzzle of stepviz's searches: 3×3,
// 4×4 and 5×5 boards parsed from a problem line ([Parse], [ParseTiles]),
// their search-side boards (a uint64 of nibbles up to 4×4, 25 bytes for
// 5×5), the Manhattan, misplaced-tiles and linear-conflict heuristics,
// Korf's 100 instances ([ParseKorf]), and the fast IDA* and IDS recursion
// the engine runs through [stepviz/stepper.FastRunner].
//
// A [*Puzzle] is a [stepviz/stepper.Instance]: [stepviz/stepper.NewSearch]
// searches it. Its errors are *usererr.Error values that read "stepper: ..."
// in the log, as the engine's do (usererr.Text drops the prefix).
package puzzle
