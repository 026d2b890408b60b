package stepper

// nodeStore holds the search tree's nodes in fixed-size chunks, so growing
// it never copies a node (a plain slice's doublings would move every node
// again and again) and a node's address is stable. at is O(1).
type nodeStore[S comparable] struct {
	chunks [][]node[S]
	n      int
}

const chunkBits = 12
const chunkSize = 1 << chunkBits

func (s *nodeStore[S]) len() int { return s.n }

func (s *nodeStore[S]) at(id int32) *node[S] {
	return &s.chunks[id>>chunkBits][id&(chunkSize-1)]
}

func (s *nodeStore[S]) add(n node[S]) int32 {
	c := s.n >> chunkBits
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]node[S], 0, chunkSize))
	}
	s.chunks[c] = append(s.chunks[c], n)
	s.n++
	return int32(s.n - 1)
}

// truncate keeps the first n nodes. Emptied chunks are kept for reuse.
func (s *nodeStore[S]) truncate(n int) {
	for c := len(s.chunks) - 1; c >= 0 && c<<chunkBits >= n; c-- {
		s.chunks[c] = s.chunks[c][:0]
	}
	if n > 0 {
		c := (n - 1) >> chunkBits
		s.chunks[c] = s.chunks[c][:n-c<<chunkBits]
	}
	s.n = n
}
