package notebook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/internal/webguard"
	"stepviz/internal/wsread"
	"stepviz/kernel"
)

// Connection limits and timings, as in gorilla/websocket's chat example.
const (
	writeWait      = 10 * time.Second
	pongWait       = 60 * time.Second
	pingPeriod     = (pongWait * 9) / 10
	maxMessageSize = 1 << 20 // a cell's code
	sendBuffer     = 64
	queueLength    = 256 // cells waiting to run
	// Frames while run plays a search: a local page takes more than
	// Jupyter's iopub, but not without bound.
	frameInterval       = 100 * time.Millisecond
	frameBytesPerSecond = 4 << 20
)

// upgrader's CheckOrigin is set by NewHandler: only pages this server
// served may drive its kernels (webguard.Guard.CheckOrigin).
func (h *Handler) upgrader() *websocket.Upgrader {
	return &websocket.Upgrader{
		ReadBufferSize:  4096,
		WriteBufferSize: 16384,
		CheckOrigin:     func(r *http.Request) bool { return h.guard.CheckOrigin(r) == nil },
	}
}

// clientMsg is a message from the page.
type clientMsg struct {
	Op     string `json:"op"` // execute, interrupt, restart, complete, inspect, node
	Cell   string `json:"cell"`
	Code   string `json:"code"`
	Cursor int    `json:"cursor"`
	Req    int    `json:"req"`
	Search string `json:"search"` // node: the search's name ("" unnamed)
	Node   int    `json:"node"`   // node: the node id
	// Seen is, on execute, how many failed cells the page had been told of
	// when it sent the cell (serverMsg.Failures).
	Seen int `json:"seen"`
}

// serverMsg is a message to the page.
type serverMsg struct {
	Type      string   `json:"type"` // status, output, update, done, complete, inspect, node, restarted, error
	Cell      string   `json:"cell,omitempty"`
	State     string   `json:"state,omitempty"`
	Text      string   `json:"text,omitempty"`
	HTML      string   `json:"html,omitempty"`
	DisplayID string   `json:"display_id,omitempty"`
	Count     int      `json:"count,omitempty"`
	Error     string   `json:"error,omitempty"`
	Line      int      `json:"line,omitempty"`
	Req       int      `json:"req,omitempty"`
	Matches   []string `json:"matches,omitempty"`
	Start     int      `json:"start,omitempty"`
	End       int      `json:"end,omitempty"`
	// Failures, on a done message, counts the cells that have failed on
	// this connection so far.
	Failures int `json:"failures,omitempty"`
}

// conn is one page's kernel: a session, the cells queued for it, and the
// websocket with exactly one reader and one writer goroutine.
type conn struct {
	ws    *websocket.Conn
	send  chan []byte
	queue chan clientMsg
	ctx   context.Context
	stop  context.CancelFunc
	// limits are the node cap, ceiling and budget of the page's sessions.
	limits limits

	mu     sync.Mutex // guards sess and cancel
	sess   *kernel.Session
	cancel context.CancelFunc // cancels the running cell
	count  int
	// failures counts the cells that failed; only runCells touches it.
	failures int
	// cellsDone is closed when runCells has returned: no cell runs any more.
	cellsDone chan struct{}
	// running counts the handler's cells running now (for tests).
	running *atomic.Int32
	// lastActive is when the page last sent a message or a cell ended
	// (unix nanoseconds); queued is the bytes of code its waiting cells
	// hold (at most maxQueuedBytes).
	lastActive, queued atomic.Int64
}

// idleSince reports when c was last active, and false if a cell of c is
// running or waiting (such a page is never idle).
func (c *conn) idleSince() (int64, bool) {
	c.mu.Lock()
	busy := c.cancel != nil || c.ws == nil
	c.mu.Unlock()
	if busy || len(c.queue) > 0 {
		return 0, false
	}
	return c.lastActive.Load(), true
}

// evict closes an idle page's socket with reason; its reader then ends
// the page as a closed tab does.
func (c *conn) evict(reason string) {
	c.mu.Lock()
	ws := c.ws
	c.mu.Unlock()
	msg := websocket.FormatCloseMessage(websocket.CloseTryAgainLater, reason)
	_ = ws.WriteControl(websocket.CloseMessage, msg, time.Now().Add(writeWait))
	c.stop()
	_ = ws.Close()
}

// limits are what a page's searches may hold (see [Config]).
type limits struct {
	maxNodes, ceiling int
	// mem is the server-wide memory budget the page's searches reserve
	// from (Config.Memory; nil: none).
	mem *membudget.Budget
}

// newSession is a page's session: frames for a local page, no files, the
// handler's node cap, and its ceiling as the page's ceiling and memory
// budget (the nodes all its searches hold together).
func newSession(l limits) *kernel.Session {
	return kernel.NewSession(kernel.Config{FrameInterval: frameInterval, FrameBytesPerSecond: frameBytesPerSecond,
		MaxNodes: l.maxNodes, NodeCeiling: l.ceiling, NodeBudget: l.ceiling, Memory: l.mem, CeilingSource: "set by stepviz serve -notebook-max-nodes"})
}

// handleWS gives a page its kernel. A page holds one of MaxKernels slots
// from its connection until its last cell has really ended: closing the
// socket cancels the running cell, but the slot is freed only when that
// cell returns, so closing tabs cannot multiply running cells.
func (h *Handler) handleWS(w http.ResponseWriter, r *http.Request) {
	ctx, stop := context.WithCancel(context.Background())
	c := &conn{send: make(chan []byte, sendBuffer), queue: make(chan clientMsg, queueLength), ctx: ctx, stop: stop,
		limits: limits{h.cfg.MaxNodes, h.cfg.NodeCeiling, h.cfg.Memory}, cellsDone: make(chan struct{}), running: &h.running}
	c.lastActive.Store(time.Now().UnixNano())
	release, err := h.slots.acquire(c, webguard.ClientIP(r))
	if err != nil {
		stop()
		httpError(w, usererr.Text(err), http.StatusServiceUnavailable)
		return
	}
	ws, err := h.upgrader().Upgrade(w, r, nil)
	if err != nil {
		stop()
		release()
		return // the upgrader has answered
	}
	c.mu.Lock()
	c.ws, c.sess = ws, newSession(c.limits)
	c.mu.Unlock()
	go c.writePump()
	go func() {
		defer close(c.cellsDone)
		c.runCells()
	}()
	c.readPump()
	stop()
	c.interrupt()
	<-c.cellsDone
	c.sess.Close() // no cell runs any more: the page's searches are gone
	release()
}

// readPump reads the page's messages until the connection ends.
func (c *conn) readPump() {
	defer c.ws.Close()
	c.ws.SetReadLimit(maxMessageSize)
	_ = c.ws.SetReadDeadline(time.Now().Add(pongWait))
	c.ws.SetPongHandler(func(string) error { return c.ws.SetReadDeadline(time.Now().Add(pongWait)) })
	for {
		_, data, err := wsread.Read(c.ws, maxMessageSize)
		var tooLarge *wsread.TooLargeError
		if errors.As(err, &tooLarge) {
			wsread.Close(c.ws, websocket.CloseMessageTooBig, "a cell is at most 1 MB: split it", writeWait)
			return
		}
		if err != nil {
			return
		}
		c.lastActive.Store(time.Now().UnixNano())
		var m clientMsg
		if err := json.Unmarshal(data, &m); err != nil {
			c.emit(serverMsg{Type: "error", Error: "a message that is not JSON: " + usererr.Text(err)})
			continue
		}
		switch m.Op {
		case "execute", "restart":
			if m.Op == "restart" {
				c.interrupt()
			}
			if n := int64(len(m.Code)); c.queued.Add(n) > maxQueuedBytes {
				c.queued.Add(-n)
				c.emit(serverMsg{Type: "done", Cell: m.Cell, Error: fmt.Sprintf("the cells waiting to run hold more than %d MB of code; wait for them or press Stop", maxQueuedBytes>>20)})
				continue
			}
			select {
			case c.queue <- m:
			default:
				c.queued.Add(-int64(len(m.Code)))
				c.emit(serverMsg{Type: "done", Cell: m.Cell, Error: "too many cells waiting to run; wait for them or press Stop"})
			}
		case "interrupt":
			c.interrupt()
		case "complete":
			var reply serverMsg
			c.query(func(s *kernel.Session) {
				matches, start, end := s.Complete(m.Code, m.Cursor)
				reply = serverMsg{Type: "complete", Req: m.Req, Matches: matches, Start: start, End: end}
			})
			c.emit(reply)
		case "inspect":
			var help string
			c.query(func(s *kernel.Session) { help, _ = s.Inspect(m.Code, m.Cursor) })
			c.emit(serverMsg{Type: "inspect", Req: m.Req, Text: help})
		case "node":
			reply := serverMsg{Type: "node", Req: m.Req}
			busy := true
			c.query(func(s *kernel.Session) {
				if s != c.sess {
					return
				}
				busy = false
				out, err := s.NodeView(m.Search, m.Node)
				if err != nil {
					reply.Error = usererr.Text(err)
					return
				}
				reply.Text, reply.HTML = out.Text, out.HTML
			})
			if busy {
				reply.Error = "the inspector waits for the running cell: try again when it is done"
			}
			c.emit(reply)
		default:
			c.emit(serverMsg{Type: "error", Error: "unknown op " + m.Op})
		}
	}
}

// query runs f on the session when no cell is running, else on an empty
// session: completion never waits for a cell. A cell cannot start while f
// holds the lock, and a running cell is the only other user of the session.
func (c *conn) query(f func(*kernel.Session)) {
	c.mu.Lock()
	if c.cancel == nil {
		defer c.mu.Unlock()
		f(c.sess)
		return
	}
	c.mu.Unlock()
	f(newSession(c.limits))
}

func (c *conn) interrupt() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
	}
}

// runCells runs the queued cells one at a time. After a cell fails, the
// cells queued behind it are not run (as Jupyter does): a cell the page
// sent before it had been told of the latest failure (m.Seen <
// c.failures) was queued behind that cell, however late it arrives.
func (c *conn) runCells() {
	for {
		select {
		case <-c.ctx.Done():
			return
		case m := <-c.queue:
			c.queued.Add(-int64(len(m.Code)))
			if m.Op == "restart" {
				c.mu.Lock()
				c.sess.Close()
				c.sess, c.count = newSession(c.limits), 0
				c.mu.Unlock()
				c.emit(serverMsg{Type: "restarted"})
				continue
			}
			if m.Seen < c.failures {
				c.emit(serverMsg{Type: "done", Cell: m.Cell, Error: "not run: a cell above it failed", Failures: c.failures})
				continue
			}
			if !c.execute(m) {
				c.failures++
			}
			c.lastActive.Store(time.Now().UnixNano())
		}
	}
}

// execute runs one cell and reports whether it succeeded.
func (c *conn) execute(m clientMsg) bool {
	c.running.Add(1)
	defer c.running.Add(-1)
	ctx, cancel := context.WithCancel(c.ctx)
	defer cancel()
	c.mu.Lock()
	c.cancel = cancel
	c.count++
	count, sess := c.count, c.sess
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.cancel = nil
		c.mu.Unlock()
	}()
	c.emit(serverMsg{Type: "status", State: "busy", Cell: m.Cell, Count: count})
	err := sess.Execute(ctx, m.Code, func(o kernel.Output) {
		t := "output"
		if o.Update {
			t = "update"
		}
		c.emit(serverMsg{Type: t, Cell: m.Cell, Text: o.Text, HTML: o.HTML, DisplayID: o.DisplayID})
	})
	done := serverMsg{Type: "done", Cell: m.Cell, Count: count}
	if err != nil {
		done.Error = usererr.Text(err)
		done.Failures = c.failures + 1 // runCells counts it when execute returns
		var ce *kernel.CellError
		if errors.As(err, &ce) {
			done.Line = ce.Line
		}
	}
	c.emit(done)
	return err == nil
}

// emit queues a message for the writer; it waits while the queue is full
// (a cell that plays a search slows down to the page's pace) and gives up
// when the connection is gone.
func (c *conn) emit(m serverMsg) {
	b, err := json.Marshal(m)
	if err != nil {
		return
	}
	select {
	case c.send <- b:
	case <-c.ctx.Done():
	}
}

// writePump writes queued messages and pings.
func (c *conn) writePump() {
	t := time.NewTicker(pingPeriod)
	defer func() {
		t.Stop()
		_ = c.ws.Close()
	}()
	for {
		select {
		case <-c.ctx.Done():
			_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(writeWait))
			return
		case b := <-c.send:
			_ = c.ws.SetWriteDeadline(time.Now().Add(writeWait))
			if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
				c.stop()
				return
			}
		case <-t.C:
			_ = c.ws.SetWriteDeadline(time.Now().Add(writeWait))
			if err := c.ws.WriteMessage(websocket.PingMessage, nil); err != nil {
				c.stop()
				return
			}
		}
	}
}
