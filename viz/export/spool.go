package export

import (
	"io"
	"sync"
)

// spoolMax is the largest export WriteOptions makes in memory to measure
// it against Options.MaxBytes, instead of estimating its size by a replay
// of the steps first: an export up to this size costs one replay, not two.
const spoolMax = 8 << 20

// spoolChunk is the size of a spool's buffers; a spool holds at most
// max + spoolChunk bytes and never copies what it holds.
const spoolChunk = 64 << 10

// spooled are the formats whose writers stop at the first failed write,
// so that a spool that fills up stops the export at once.
var spooled = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"csv": true, "json": true, "jsonl": true}
})

// spool is an io.Writer that keeps up to max bytes in memory; the write
// that would pass max fails with errSpoolFull and sets full.
type spool struct {
	chunks [][]byte
	n, max int64
	full   bool
}

// errSpoolFull is the error of a write past a spool's max.
var errSpoolFull = spoolFullError{}

type spoolFullError struct{}

func (spoolFullError) Error() string { return "export: larger than the in-memory spool" }

func (s *spool) Write(p []byte) (int, error) {
	if s.full || s.n+int64(len(p)) > s.max {
		s.full = true
		return 0, errSpoolFull
	}
	s.n += int64(len(p))
	n := len(p)
	for len(p) > 0 {
		if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1]) == spoolChunk {
			s.chunks = append(s.chunks, make([]byte, 0, spoolChunk))
		}
		last := &s.chunks[len(s.chunks)-1]
		k := min(len(p), spoolChunk-len(*last))
		*last = append(*last, p[:k]...)
		p = p[k:]
	}
	return n, nil
}

// WriteTo writes what the spool holds to w.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for _, c := range s.chunks {
		k, err := w.Write(c)
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
