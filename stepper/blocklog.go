package stepper

// blockLogLen is how many entries a blockLog block holds.
const blockLogLen = 256

// blockLog is an append-only sequence held in fixed blocks of blockLogLen
// entries. push never moves or copies what the log holds, so it is O(1)
// with no growth copy (a slice grown by append past a few hundred entries
// grows by a quarter at a time, copying and reallocating all it holds),
// and an entry's address is stable.
// Memory is the entries rounded up to a block, plus a pointer a block.
// The zero value is an empty log.
type blockLog[T any] struct {
	blocks []*[blockLogLen]T // every block but the last is full
	n      int
}

// len is how many entries the log holds.
func (l *blockLog[T]) len() int { return l.n }

// at is entry k; it stays valid until reset. k outside [0, len) panics,
// as a slice index would.
func (l *blockLog[T]) at(k int) *T {
	u := uint(k)
	if u >= uint(l.n) {
		panic("stepper: blockLog index out of range")
	}
	return &l.blocks[u/blockLogLen][u%blockLogLen]
}

// push appends v.
func (l *blockLog[T]) push(v T) {
	u := uint(l.n)
	if u/blockLogLen == uint(len(l.blocks)) {
		l.grow()
	}
	l.blocks[u/blockLogLen][u%blockLogLen] = v
	l.n++
}

// reset empties the log and keeps its first block for the next pushes.
func (l *blockLog[T]) reset() {
	if len(l.blocks) > 0 {
		clear(l.blocks[1:])
		l.blocks = l.blocks[:1]
	}
	l.n = 0
}

// grow adds a block: one that empty kept beyond the slice's length, else
// a new one.
func (l *blockLog[T]) grow() {
	if b := len(l.blocks); b < cap(l.blocks) {
		if kept := l.blocks[:b+1][b]; kept != nil {
			l.blocks = l.blocks[:b+1]
			return
		}
	}
	l.blocks = append(l.blocks, new([blockLogLen]T))
}

// empty empties the log and keeps every block for the next pushes (what
// a released search hands on, recycle.go): an entry's old value stays
// until push overwrites it, unread.
func (l *blockLog[T]) empty() {
	l.blocks, l.n = l.blocks[:0], 0
}
