package viz

import "stepviz/wire"

// NumberColumns names the node numbers a view a person reads shows of a
// search of family fam (a table's columns, a label's or a caption's
// words), in order: g, h and f for a search that orders by a heuristic,
// g alone for one that uses none ([wire.Family.Heuristic]). Such a
// search's h is 0 only because it computes none, and its f is its g or its
// depth: a student reads "h 0" as a heuristic that is zero, so no
// human-facing view writes it (a view that shows the depth keeps it). The
// machine-readable exports (csv, json, jsonl, posthoc) keep every column.
// O(1).
func NumberColumns(fam wire.Family) []string {
	if fam.Heuristic {
		return []string{"g", "h", "f"}
	}
	return []string{"g"}
}

// Numbers picks from a node's g, h and f as written ([stepper.Shown]) the
// cells of [NumberColumns], in its order. O(1).
func Numbers(fam wire.Family, g, h, f string) []string {
	if fam.Heuristic {
		return []string{g, h, f}
	}
	return []string{g}
}

// TableNumbers is the live page's open and closed tables' classes for a
// search of family fam: "" with a heuristic; without one "no-h" hides the
// h columns and "no-f" the f columns, except where they hold the depth the
// search orders by (which the page heads "depth"). static/family.js
// tableNumbers sets the same from hello.problem.family. O(1).
func TableNumbers(fam wire.Family) string {
	switch {
	case fam.Heuristic:
		return ""
	case fam.Eval == wire.EvalDepth:
		return "no-h"
	}
	return "no-h no-f"
}

// KeyName names what a node's f holds for a search of family fam, the
// name of the column the page reads it in: "depth" for a search ordered by
// depth (BFS, DFS, DLS, IDS), "g" for uniform cost's, "f" otherwise.
// static/family.js fName is the page's mirror. O(1).
func KeyName(fam wire.Family) string {
	switch fam.Eval {
	case wire.EvalDepth:
		return "depth"
	case wire.EvalG:
		return "g"
	}
	return "f"
}
