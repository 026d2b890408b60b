package stepper

// OpenKey is the sort key of open node n as Snapshot reports it, computed
// from the node alone (priority F, the tie rule's key, the insertion
// number Seq; priorities and tie keys rounded to 1e-9 as the engine rounds
// them, so that equal sums of irrational costs tie). It lets a front end
// show the head of the open list (OpenHead) with its keys without copying
// the open list. O(1).
func OpenKey(o Options, n NodeInfo) Key { return openKey(&o, &n) }

// openKey is OpenKey without copying its arguments.
func openKey(o *Options, n *NodeInfo) Key {
	k := Key{Priority: roundKey(n.F), Seq: n.Seq}
	if o.Local {
		// local beam search: the layer (depth), then f (beam.go)
		k.Priority, k.Tie = float64(n.Depth), k.Priority
		return k
	}
	switch o.Tie {
	case TieHighG:
		k.Tie = roundKey(-n.G)
	case TieLowH:
		k.Tie = roundKey(n.H)
	}
	return k
}
