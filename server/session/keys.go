package session

import (
	"math"

	"stepviz/stepper"
	"stepviz/viz"
)

// frontierKind names how a search orders its open list (viz.FrontierKind).
func frontierKind(o stepper.Options) string { return viz.FrontierKind(o) }

// openKey is the sort key of an open node as stepper.Snapshot reports it,
// computed from the node alone so that a step message can carry its
// children's keys without copying the open list. It mirrors the engine's
// key (priority f, the tie rule's key, the insertion number, priorities and
// tie keys rounded to 1e-9 so that equal sums of irrational costs tie); the
// test TestOpenKeyMatchesSnapshot checks it against Snapshot on real
// searches.
func openKey(o stepper.Options, n stepper.NodeInfo) stepper.Key { return stepper.OpenKey(o, n) }

// roundKey rounds as the engine rounds sort keys.
func roundKey(x float64) float64 { return math.Round(x*1e9) / 1e9 }
