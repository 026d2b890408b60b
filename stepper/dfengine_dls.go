package stepper

// This file is depth-limited search (AIMA Figure 3.17) in the depth-first
// engine. A stepped or seekable dls runs in the best-first loop, a LIFO
// frontier that stores every node; a forward-only one (Options.Linear)
// with the goal tested on expansion runs here, in the linear mode, so it
// holds the path and its pending siblings, O(limit · branching) nodes,
// as the recursive definition does. The two give the same events, byte
// for byte: the same ids, insertion numbers (a step's children numbered
// in generation order, then stacked so that the first is on top), keys
// (the depth, then the insertion number), statuses, counters and no
// Deepening, since dls has one iteration and its limit is an option.

// runsDepthFirst reports whether o's search runs in the depth-first engine:
// ids, idastar and rbfs always, dls when forward only and tested on
// expansion (the goal test on generation is the best-first loop's).
func runsDepthFirst(o Options) bool {
	return o.Algorithm.depthFirstIterative() || o.Algorithm == DLS && o.Linear && o.Goal == OnExpand
}

// asBestFirst reports whether the engine numbers and shows its nodes as the
// best-first loop does (dls): insertion numbers in generation order, the
// order of closed nodes only, keys from OpenKey, no Deepening.
func (e *dfEngine[S]) asBestFirst() bool { return e.o.Algorithm == DLS }

// keyOf is the key an event or a snapshot shows for node id, whose info is ni.
func (e *dfEngine[S]) keyOf(id int32, ni NodeInfo) Key {
	if e.asBestFirst() {
		return OpenKey(e.o, ni)
	}
	return Key{Priority: e.node(id).f, Seq: -1}
}
