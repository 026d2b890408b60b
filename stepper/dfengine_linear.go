package stepper

// This file is where the depth-first family keeps its nodes, and its
// linear mode (Options.Linear). The nodes held are a list of blocks, each
// a run of consecutive ids stored one after the other in nodes: a block is
// ids [first, first+n) at nodes[at:at+n], n running to the next block's at
// or the end of nodes. Keeping every node (and with Forget alone) there is
// one block, the current iteration's or every iteration's.
//
// In the linear mode each expansion's children are a block of their own,
// so the blocks are the root's and, for each node on the current path that
// was expanded, its children: the path and its pending siblings. When a
// step selects node x, every block made after x's is the children of a
// sibling before x or of its descendants, a subtree finished (IDS and
// IDA* pop x from a stack, so nothing pushed after x's siblings is still
// on it; RBFS selects x from its top frame's children, and every frame
// above was popped); those blocks are dropped. What is held is then at
// most the root and, for each level of the path, one expansion's
// children: O(depth · branching) nodes.

// dfBlock is one run of consecutive ids held.
type dfBlock struct {
	first, at int32
}

// node is node id, which must be held. O(blocks after id's), 1 for the
// nodes a step touches.
func (e *dfEngine[S]) node(id int32) *dfNode[S] {
	i := len(e.blocks) - 1
	for e.blocks[i].first > id {
		i--
	}
	b := e.blocks[i]
	return &e.nodes[b.at+id-b.first]
}

// top is the id the next node takes.
func (e *dfEngine[S]) top() int32 { return e.topID }

// held reports whether node id is stored.
func (e *dfEngine[S]) held(id int32) bool {
	if id < 0 || id >= e.topID {
		return false
	}
	for i := len(e.blocks) - 1; i >= 0; i-- {
		if b := e.blocks[i]; b.first <= id {
			end := int32(len(e.nodes))
			if i+1 < len(e.blocks) {
				end = e.blocks[i+1].at
			}
			return b.at+id-b.first < end
		}
	}
	return false
}

// heldCount is how many nodes are stored.
func (e *dfEngine[S]) heldCount() int { return len(e.nodes) }

// addNode stores n as node top(). O(1) amortised.
func (e *dfEngine[S]) addNode(n dfNode[S]) {
	e.nodes = append(e.nodes, n)
	e.topID++
}

// resetNodes drops every node held: the next is the first of a new block.
func (e *dfEngine[S]) resetNodes() {
	e.nodes = e.nodes[:0]
	e.blocks = append(e.blocks[:0], dfBlock{first: e.topID})
}

// openBlock begins the block of an expansion's children (linear mode).
func (e *dfEngine[S]) openBlock() {
	if e.o.Linear {
		e.blocks = append(e.blocks, dfBlock{first: e.topID, at: int32(len(e.nodes))})
	}
}

// closeBlock ends it: a block with no node is taken back.
func (e *dfEngine[S]) closeBlock() {
	if last := len(e.blocks) - 1; e.o.Linear && last > 0 && e.blocks[last].at == int32(len(e.nodes)) {
		e.blocks = e.blocks[:last]
	}
}

// release drops, in the linear mode, the subtrees finished when node id is
// selected: every block made after id's. O(the blocks dropped).
func (e *dfEngine[S]) release(id int32) {
	if !e.o.Linear {
		return
	}
	i := len(e.blocks) - 1
	for i > 0 && e.blocks[i].first > id {
		i--
	}
	if i+1 < len(e.blocks) {
		e.nodes = e.nodes[:e.blocks[i+1].at]
		e.blocks = e.blocks[:i+1]
	}
}

// eachHeldAfter calls fn for every node held with an id above x, in id
// order. O(those nodes).
func (e *dfEngine[S]) eachHeldAfter(x int32, fn func(id int32, n *dfNode[S])) {
	for i, b := range e.blocks {
		end := int32(len(e.nodes))
		if i+1 < len(e.blocks) {
			end = e.blocks[i+1].at
		}
		at, id := b.at, b.first
		if x >= b.first {
			at, id = b.at+x+1-b.first, x+1
		}
		for ; at < end; at, id = at+1, id+1 {
			fn(id, &e.nodes[at])
		}
	}
}

// capped is what MaxNodes caps: the current iteration's nodes or, in the
// linear mode, the nodes held.
func (e *dfEngine[S]) capped() int {
	if e.o.Linear {
		return len(e.nodes)
	}
	return int(e.top() - e.iterStart)
}
