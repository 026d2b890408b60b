package stepper

import "math/rand"

// heapOps drives a heap frontier at random for the tie tests and keeps
// what the heap should hold: the key of every open id.
type heapOps struct {
	h    *heapFrontier
	keys map[int32]key // the open ids and their keys
	next int32         // the next id and insertion number
}

func newHeapOps(lifo, seqTies bool) *heapOps {
	return &heapOps{h: &heapFrontier{lifo: lifo, seqTies: seqTies}, keys: map[int32]key{}}
}

// push pushes a new id with a priority below prios and a tie key below
// ties, drawn from r.
func (o *heapOps) push(r *rand.Rand, prios, ties int) {
	k := key{prio: float64(r.Intn(prios)), tie: float64(r.Intn(ties)), seq: o.next}
	o.h.push(o.next, k)
	o.keys[o.next] = k
	o.next++
}

// pop pops the heap's first id and returns it with its key.
func (o *heapOps) pop() (int32, key) {
	id := o.h.pop()
	k := o.keys[id]
	delete(o.keys, id)
	return id, k
}

// unpop undoes the pop of id, whose key was k.
func (o *heapOps) unpop(id int32, k key) {
	o.h.unpop(id, k)
	o.keys[id] = k
}

// rekey gives one open id, any, the key change makes of its key.
func (o *heapOps) rekey(change func(key) key) {
	for id, k := range o.keys {
		k = change(k)
		o.h.fix(id, k)
		o.keys[id] = k
		return
	}
}

// unpushRecent undoes the push of one of the last five ids, drawn from r,
// if it is still open with the key it was pushed with.
func (o *heapOps) unpushRecent(r *rand.Rand) {
	id := o.next - 1 - int32(r.Intn(int(min(o.next, 5))))
	if k, ok := o.keys[id]; ok && k.seq == id {
		o.h.unpush(id)
		delete(o.keys, id)
	}
}
