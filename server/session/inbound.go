package session

import (
	"errors"
	"time"

	"github.com/gorilla/websocket"

	"stepviz/internal/wsread"
)

// Inbound is how a socket's reader takes its messages: at most Limit
// bytes after decompression (the websocket library's read limit counts
// compressed bytes, and a small frame may inflate far past it), text
// frames only when Text, and for a follower (Follower) each message within
// the socket's own rate and its address's share of Addrs. Every reader of
// a session, room or live-game socket goes through one, so the bounds are
// the same everywhere. Used by the socket's reader goroutine only.
type Inbound struct {
	Limit    int64
	TooLarge string // the close reason of a message past Limit
	Text     bool
	Follower bool
	Addrs    *AddrLimits // nil: no address share
	Addr     string
	rate     *RateLimit
}

// Refusal is a message Next refused: the reader closes the socket with
// Code and Reason, then stops.
type Refusal struct {
	Code   int
	Reason string
}

func (r *Refusal) Error() string { return r.Reason }

// Next reads the socket's next message. An error is either a *Refusal, to
// close the socket with, or the connection's end. O(Limit).
func (in *Inbound) Next(c *websocket.Conn) ([]byte, error) {
	kind, data, err := wsread.Read(c, in.Limit)
	var tooLarge *wsread.TooLargeError
	if errors.As(err, &tooLarge) {
		return nil, &Refusal{websocket.CloseMessageTooBig, in.TooLarge}
	}
	if err != nil {
		return nil, err
	}
	if in.Text && kind != websocket.TextMessage {
		return nil, &Refusal{websocket.CloseUnsupportedData, "send JSON text frames"}
	}
	if in.Follower {
		if in.rate == nil {
			in.rate = NewRateLimit()
		}
		if why := FollowerFlood(in.rate, in.Addrs, in.Addr, time.Now()); why != "" {
			return nil, &Refusal{websocket.ClosePolicyViolation, why}
		}
	}
	return data, nil
}
