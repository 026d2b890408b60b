package stepper

import "unsafe"

// slab hands out the slices of consecutive events from one allocation, so
// that a step's event costs a share of an allocation instead of one per
// slice. Each slice taken has its length as its capacity: an append by
// whoever holds the event makes a copy and never reaches the next event's
// slice. A slab's memory lives as long as any event that took from it.
type slab[T any] struct {
	buf []T
	n   int // buf[:n] is handed out
}

// slabLen is how many elements a slab allocates at a time, at most.
const slabLen = 512

// slabBytes caps the bytes of a slab's allocation: the largest small
// object, which the runtime hands out from its per-processor caches rather
// than by the slower path of large objects.
const slabBytes = 32 << 10

// take returns a slice of length 0 and capacity n, never nil. O(1)
// amortised; one allocation every min(slabLen, slabBytes/size of T)
// elements (or for n above it). Between allocations it writes no pointer
// (the slab counts what it handed out rather than reslicing buf), so it
// pays no write barrier while the collector marks.
func (s *slab[T]) take(n int) []T {
	if n > len(s.buf)-s.n || s.buf == nil {
		var zero T
		s.buf, s.n = make([]T, max(n, min(slabLen, slabBytes/max(int(unsafe.Sizeof(zero)), 1)))), 0
	}
	out := s.buf[s.n : s.n : s.n+n]
	s.n += n
	return out
}

// byteSlab is slab's counterpart for the strings of events.
type byteSlab struct{ buf []byte }

// byteSlabLen is how many bytes a byteSlab allocates at a time.
const byteSlabLen = 8 << 10

// space returns an empty slice with room for at least max bytes of the
// slab's, for the caller to append to and then pass to keep.
func (s *byteSlab) space(max int) []byte {
	if max > cap(s.buf)-len(s.buf) {
		s.buf = make([]byte, 0, byteSlabLen+max)
	}
	return s.buf[len(s.buf):len(s.buf)]
}

// keep makes b, which space returned and the caller appended to, a string
// that shares the slab's memory, whose bytes are then never written
// again: O(1), no allocation. Had the appends outgrown the room, b is
// its own array and is copied.
func (s *byteSlab) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	rest := s.buf[len(s.buf):cap(s.buf)]
	if len(b) > len(rest) || &rest[0] != &b[0] {
		return string(b)
	}
	s.buf = s.buf[:len(s.buf)+len(b)]
	return unsafe.String(&b[0], len(b))
}

// eventSlabs are the slabs an engine's events take their slices and
// strings from.
type eventSlabs struct {
	children slab[Child]
	ties     tieLog
	text     byteSlab
}

// tieLog hands out the Ties of consecutive events from one array, sharing
// what they have in common: a step that selects the first node the last
// step's ties listed, and lists the others in the same order, writes only
// what follows them. Each list taken has its length as its capacity, and
// an element once handed out is never written again, so an event's Ties
// are its own as slab's slices are.
type tieLog struct {
	buf  []int // buf[:len(buf)] is handed out; the rest is free
	last []int // the list handed out last: a slice of buf
}

// list returns ids as an event's Ties. O(len(ids)) comparisons, and
// writes only the ids that the last list did not end with; one
// allocation every slabLen ids written.
func (l *tieLog) list(ids []int32) []int {
	n := len(l.last)
	if n > 0 && len(ids) >= n-1 && len(l.buf) > 0 && &l.last[n-1] == &l.buf[len(l.buf)-1] && sameIDs(l.last[1:], ids[:n-1]) &&
		len(ids)-(n-1) <= cap(l.buf)-len(l.buf) {
		start := len(l.buf) - (n - 1)
		for _, id := range ids[n-1:] {
			l.buf = append(l.buf, int(id))
		}
		l.last = l.buf[start:len(l.buf):len(l.buf)]
		return l.last
	}
	if len(ids) > cap(l.buf)-len(l.buf) {
		l.buf = make([]int, 0, max(len(ids), slabLen))
	}
	start := len(l.buf)
	for _, id := range ids {
		l.buf = append(l.buf, int(id))
	}
	l.last = l.buf[start:len(l.buf):len(l.buf)]
	return l.last
}

// extend returns as an event's Ties the last list's ids 1 to kept
// followed by ids: as list when kept is 0, else O(len(ids)), writing only
// ids when the last list is the last written, as it is after a step
// whose frontier kept the rest of it. kept must be below len(l.last).
func (l *tieLog) extend(kept int, ids []int32) []int {
	if kept == 0 {
		return l.list(ids)
	}
	n := len(l.last)
	if n != kept+1 || len(l.buf) == 0 || &l.last[n-1] != &l.buf[len(l.buf)-1] || len(ids) > cap(l.buf)-len(l.buf) {
		rest := l.last[1 : kept+1]
		if kept+len(ids) > cap(l.buf)-len(l.buf) {
			l.buf = make([]int, 0, max(kept+len(ids), slabLen))
		}
		l.buf = append(l.buf, rest...)
	}
	start := len(l.buf) - kept
	for _, id := range ids {
		l.buf = append(l.buf, int(id))
	}
	l.last = l.buf[start:len(l.buf):len(l.buf)]
	return l.last
}

// sameIDs reports whether a and b hold the same ids.
func sameIDs(a []int, b []int32) bool {
	for i := range a {
		if a[i] != int(b[i]) {
			return false
		}
	}
	return true
}
