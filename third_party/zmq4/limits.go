// stepviz patch: limits on what a peer may send. See README.stepviz.md.

package zmq4

import (
	"bytes"
	"fmt"
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
	// MaxReading bounds the bytes of large frames (over readChunk) being
	// received at once, over every peer of every socket of the process: a
	// peer whose frame would take it over is dropped, so many peers each
	// sending a frame just under MaxFrameSize cannot multiply it.
	MaxReading = 128 << 20
	// MaxConns bounds the connections a listening socket holds at once
	// (handshakes included); one over it is closed at once.
	MaxConns = 256
	// MaxTopics bounds the subscriptions one peer of a PUB socket holds.
	MaxTopics = 1024
	// WriteTimeout bounds the sending of one message to one peer; a peer
	// that does not read is dropped.
	WriteTimeout = 10 * time.Second
	// ReplyWriteTimeout bounds the sending of one reply of a REP socket
	// (Jupyter's heartbeat echo: a few bytes), which blocks the socket's
	// replies to every other peer meanwhile; a peer that cannot take it
	// within this is dropped.
	ReplyWriteTimeout = time.Second
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

// reading counts the bytes of large frames being received (MaxReading).
var reading struct {
	mu sync.Mutex
	n  int
}

// takeReading reserves n bytes of MaxReading, or reports false.
func takeReading(n int) bool {
	reading.mu.Lock()
	defer reading.mu.Unlock()
	if reading.n+n > MaxReading {
		return false
	}
	reading.n += n
	return true
}

func giveReading(n int) {
	reading.mu.Lock()
	reading.n -= n
	reading.mu.Unlock()
}

// readBody reads exactly n bytes from r. A frame over readChunk is
// received in chunks of readChunk, so memory follows what the peer really
// sends, not what its header claims, and leaves no garbage while it
// arrives; the chunks hold their bytes of MaxReading until the frame is
// complete (or fails), and a chunk that would go over MaxReading fails the
// frame with errOverflow. The complete frame is copied into one buffer.
func readBody(r io.Reader, n int) ([]byte, error) {
	if n <= readChunk {
		buf := make([]byte, n)
		_, err := io.ReadFull(r, buf)
		return buf, err
	}
	held := 0
	defer func() { giveReading(held) }()
	chunks := make([][]byte, 0, (n+readChunk-1)/readChunk)
	for got := 0; got < n; {
		m := min(readChunk, n-got)
		if !takeReading(m) {
			return nil, fmt.Errorf("zmq4: %d bytes of frames are being received at once, the most allowed: %w", MaxReading, errOverflow)
		}
		held += m
		c := make([]byte, m)
		k, err := io.ReadFull(r, c)
		got += k
		chunks = append(chunks, c[:k])
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return bytes.Join(chunks, nil), err
		}
	}
	return bytes.Join(chunks, nil), nil
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
