package server

import "stepviz/stepper"

// frontierKind names how a search orders its open list: BFS is a FIFO
// queue, DFS a LIFO stack, every other algorithm a priority queue.
func frontierKind(o stepper.Options) string {
	switch o.Algorithm {
	case stepper.BFS:
		return "fifo"
	case stepper.DFS:
		return "lifo"
	}
	return "priority"
}

// openKey is the sort key of an open node as stepper.Snapshot reports it,
// computed from the node alone so that a step message can carry its
// children's keys without copying the open list. It mirrors the engine's
// key (priority f, the tie rule's key, the insertion number); the test
// TestOpenKeyMatchesSnapshot checks it against Snapshot on real searches.
func openKey(o stepper.Options, n stepper.NodeInfo) stepper.Key {
	k := stepper.Key{Priority: n.F, Seq: n.Seq}
	switch o.Tie {
	case stepper.TieHighG:
		k.Tie = -n.G
	case stepper.TieLowH:
		k.Tie = n.H
	}
	return k
}
