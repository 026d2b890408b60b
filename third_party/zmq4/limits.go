// stepviz patch: limits on what a peer may send. See README.stepviz.md.

package zmq4

import (
	"io"
	"net"
	"sync"
	"time"
)

// Limits on what a peer may send, checked before anything is allocated.
// A peer that exceeds one is dropped. They are variables so that a program
// can set them once before it opens its sockets; they must not change
// while sockets are open.
var (
	// MaxFrameSize bounds one frame's body.
	MaxFrameSize = 64 << 20
	// MaxMessageSize bounds the sum of a message's frames.
	MaxMessageSize = 64 << 20
	// MaxFrames bounds the number of frames in one message.
	MaxFrames = 4096
	// MaxConns bounds the connections a listening socket holds at once
	// (handshakes included); one over it is closed at once.
	MaxConns = 256
	// MaxTopics bounds the subscriptions one peer of a PUB socket holds.
	MaxTopics = 1024
	// WriteTimeout bounds the sending of one message to one peer; a peer
	// that does not read is dropped.
	WriteTimeout = 10 * time.Second
	// HandshakeTimeout bounds the ZMTP greeting and security handshake of
	// an accepted connection, which run apart from the accept loop.
	HandshakeTimeout = 10 * time.Second
)

// maxTopicSize bounds one subscription's topic: topics are compared with
// every message published.
const maxTopicSize = 1024

// readChunk is how much readBody allocates ahead of the bytes it has
// received: memory follows what the peer really sends, not what its
// header claims.
const readChunk = 64 << 10

// readBody reads exactly n bytes from r, growing its buffer as bytes
// arrive.
func readBody(r io.Reader, n int) ([]byte, error) {
	if n <= readChunk {
		buf := make([]byte, n)
		_, err := io.ReadFull(r, buf)
		return buf, err
	}
	buf := make([]byte, 0, readChunk)
	for len(buf) < n {
		want := min(n-len(buf), max(readChunk, len(buf))) // at most doubles
		if cap(buf)-len(buf) < want {
			nb := make([]byte, len(buf), len(buf)+want)
			copy(nb, buf)
			buf = nb
		}
		m, err := io.ReadFull(r, buf[len(buf):len(buf)+want])
		buf = buf[:len(buf)+m]
		if err != nil {
			if err == io.EOF && len(buf) > 0 {
				err = io.ErrUnexpectedEOF
			}
			return buf, err
		}
	}
	return buf, nil
}

// slotConn is an accepted connection that holds one of its listener's
// MaxConns slots until it is closed.
type slotConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *slotConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// connSlots counts a listening socket's connections.
type connSlots struct {
	mu sync.Mutex
	n  int
}

// take wraps conn in a slotConn, or reports false when all MaxConns slots
// are taken.
func (s *connSlots) take(conn net.Conn) (net.Conn, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n >= MaxConns {
		return conn, false
	}
	s.n++
	return &slotConn{Conn: conn, release: func() {
		s.mu.Lock()
		s.n--
		s.mu.Unlock()
	}}, true
}
