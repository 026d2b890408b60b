package session

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/usererr"
	"stepviz/internal/wsread"
)

// Connection limits and timings, as in gorilla/websocket's chat example.
const (
	// writeWait is the time allowed to write one message.
	WriteWait = 10 * time.Second
	// pongWait is the time allowed to read the next pong from the peer.
	PongWait = 60 * time.Second
	// pingPeriod sends pings this often; it must be less than pongWait.
	PingPeriod = (PongWait * 9) / 10
	// MaxMessageSize is the largest message a client may send, counted
	// after decompression (wsread.Read): commands and queries are tiny JSON
	// objects. A larger one closes the connection with a reason; a message
	// past maxFrameSize on the wire is cut off by the websocket library
	// itself (close code 1009, no reason) before it is buffered.
	MaxMessageSize = 4096
	maxFrameSize   = 16 << 10
	// sendBuffer is how many messages may wait for a slow client before it
	// is treated as behind (its queue replaced by one snapshot).
	sendBuffer = 64
	// compressAbove enables permessage-deflate for messages this large
	// (snapshots); step messages are small and go uncompressed.
	compressAbove = 16 << 10
	// queryBurst and queryRate bound a follower's messages: a burst of
	// queryBurst, refilled at queryRate per second. A follower that exceeds
	// it is closed as hostile. The presenter, who holds the session's key,
	// is not limited (holding down → repeats steps fast).
	queryBurst = 60
	queryRate  = 30
)

// client is one websocket connection to a session, with exactly one reader
// and one writer goroutine.
type client struct {
	hub  *hub
	conn *websocket.Conn
	role string
	// send is the client's queue; only the hub sends on it and only the hub
	// closes it.
	send chan outMsg
	// cursor is the step this client's model shows and horizon the
	// furthest step whose records it has been sent; both are the hub's
	// alone.
	cursor, horizon int
	// addr is the client's address and addrs the limits it shares with
	// the address's other sockets; release gives back its socket slot
	// (called once, by readPump, when the connection ends).
	addr    string
	addrs   *AddrLimits
	release func()
	// inflight is set while a large answer (rows, states, a view or live
	// move) waits in the queue or is being written: a second large query
	// meanwhile is refused as busy.
	inflight atomic.Bool
}

// outMsg is one queued message: a JSON text frame, or a binary frame
// (state, move). large marks the answer to a large query.
type outMsg struct {
	data   []byte
	binary bool
	large  bool
	// prep, when set, is data prepared once for every connection: its
	// compressed frame is made once, not once per client (the state).
	prep *websocket.PreparedMessage
}

func text(b []byte) outMsg { return outMsg{data: b} }

// closeWith sends a close frame with a reason and closes the connection
// (wsread.Close); only the reader calls it.
func (c *client) closeWith(code int, reason string) {
	wsread.Close(c.conn, code, usererr.Clip(reason, 120), WriteWait)
}

// readPump reads the client's messages and hands them to the hub. A
// malformed message, an oversized frame or a flood closes this connection
// only, with the reason in the close frame.
func (c *client) readPump() {
	defer func() {
		select {
		case c.hub.unregister <- c:
		case <-c.hub.stopped:
		}
		_ = c.conn.Close()
		if c.release != nil {
			c.release()
		}
	}()
	c.conn.SetReadLimit(maxFrameSize)
	_ = c.conn.SetReadDeadline(time.Now().Add(PongWait))
	c.conn.SetPongHandler(func(string) error { return c.conn.SetReadDeadline(time.Now().Add(PongWait)) })
	in := Inbound{Limit: MaxMessageSize, TooLarge: fmt.Sprintf("message too large (limit %d bytes)", MaxMessageSize),
		Text: true, Follower: c.role != RolePresenter, Addrs: c.addrs, Addr: c.addr}
	for {
		data, err := in.Next(c.conn)
		var refused *Refusal
		if errors.As(err, &refused) {
			c.closeWith(refused.Code, refused.Reason)
		}
		if err != nil {
			return
		}
		m, err := parseClientMsg(data)
		if err != nil {
			c.closeWith(websocket.ClosePolicyViolation, usererr.Text(err))
			return
		}
		inbox := c.hub.inbox
		if c.role == RolePresenter {
			inbox = c.hub.cmds // never queued behind followers' queries
		}
		select {
		case inbox <- inMsg{c: c, msg: m}:
		case <-c.hub.stopped:
			return
		}
	}
}

// writePump writes the hub's messages and the pings. It owns every write
// except the close frames of closeWith.
func (c *client) writePump() {
	ticker := time.NewTicker(PingPeriod)
	defer func() {
		ticker.Stop()
		_ = c.conn.Close()
	}()
	for {
		select {
		case msg, ok := <-c.send:
			_ = c.conn.SetWriteDeadline(time.Now().Add(WriteWait))
			if !ok {
				reason := "session closed"
				if r := c.hub.endReason.Load(); r != nil {
					reason = *r
				}
				_ = c.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, usererr.Clip(reason, 120)))
				return
			}
			c.conn.EnableWriteCompression(len(msg.data) > compressAbove)
			kind := websocket.TextMessage
			if msg.binary {
				kind = websocket.BinaryMessage
			}
			if msg.large { // the next large query may be queued behind it
				c.inflight.Store(false)
			}
			var err error
			if msg.prep != nil {
				err = c.conn.WritePreparedMessage(msg.prep)
			} else {
				err = c.conn.WriteMessage(kind, msg.data)
			}
			if err != nil {
				return
			}
		case <-ticker.C:
			_ = c.conn.SetWriteDeadline(time.Now().Add(WriteWait))
			if err := c.conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
		}
	}
}
