package stepper

import "unsafe"

// slab hands out the slices of consecutive events from one allocation, so
// that a step's event costs a share of an allocation instead of one per
// slice. Each slice taken has its length as its capacity: an append by
// whoever holds the event makes a copy and never reaches the next event's
// slice. A slab's memory lives as long as any event that took from it.
type slab[T any] struct{ buf []T }

// slabLen is how many elements a slab allocates at a time.
const slabLen = 512

// take returns a slice of length 0 and capacity n, never nil. O(1)
// amortised; one allocation every slabLen elements (or for n above it).
func (s *slab[T]) take(n int) []T {
	if n > len(s.buf) || s.buf == nil {
		s.buf = make([]T, max(n, slabLen))
	}
	out := s.buf[:0:n]
	s.buf = s.buf[n:]
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
	ties     slab[int]
	text     byteSlab
}
