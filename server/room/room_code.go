package room

import (
	"context"
	"crypto/rand"
	"errors"
	"sync"
	"time"

	"stepviz/internal/usererr"
	persist "stepviz/store"
)

// A room has two names. Its id, in every link (/r/{id}) and QR code, is
// roomCodeLen characters of roomAlphabet: about 69 bits, too many to
// guess. Its short code, read aloud from the projector, is the id's first
// persist.ShortCodeLen characters (unique among the rooms kept); /j/{code}
// turns it into the room's link. Every miss — a /j/ code or a /r/ id that
// names no room, or a wrong presenter key — costs the client's address a
// token of guessBurst, refilled at one per guessRefill: a guesser gets
// guessBurst tries, then one every guessRefill (429 with Retry-After),
// so finding one of 100 open rooms by short code takes about 600 days
// per address (31^6 codes / 100 rooms / 14,400 tries a day).
// Hits cost nothing: a class behind one NAT address joins at once.

const (
	// CodeLen and roomAlphabet make a room's id: no 0/o, 1/l/i, so
	// it can be typed from the projector. 31^14 ≈ 2^69.
	CodeLen      = 14
	roomAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"
	// GuessBurst and GuessRefill throttle misses per address.
	GuessBurst  = 20
	GuessRefill = 6 * time.Second
	// guessAddrs bounds the addresses the throttle remembers; an address
	// whose bucket has refilled is forgotten first.
	guessAddrs = 10000
)

// newRoomCode draws a room id, every character uniform over roomAlphabet
// (rejection sampling: no modulo bias).
func newRoomCode() (string, error) {
	out := make([]byte, 0, CodeLen)
	buf := make([]byte, 2*CodeLen)
	limit := byte(256 - 256%len(roomAlphabet))
	for len(out) < CodeLen {
		if _, err := rand.Read(buf); err != nil {
			return "", usererr.Errorf("server", "no randomness for a room code: %w", err)
		}
		for _, b := range buf {
			if b < limit && len(out) < CodeLen {
				out = append(out, roomAlphabet[int(b)%len(roomAlphabet)])
			}
		}
	}
	return string(out), nil
}

// shortTaken reports whether a room already has code's short code, on
// this instance or (with a bus) in the cluster.
func (rs *Rooms) shortTaken(ctx context.Context, code string) (bool, error) {
	_, err := rs.ByShort(ctx, persist.ShortCode(code))
	if errors.Is(err, persist.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// shortRooms is what a Bus offers to find a room by its short code
// (cluster.Bus does).
type shortRooms interface {
	ShortRoom(ctx context.Context, short string) (string, error)
}

// ByShort returns the id of the room with short code short.
func (rs *Rooms) ByShort(ctx context.Context, short string) (string, error) {
	id, err := rs.db.RoomByShort(ctx, short)
	if errors.Is(err, persist.ErrNotFound) && rs.bus != nil {
		if sb, ok := rs.bus.(shortRooms); ok {
			return sb.ShortRoom(ctx, short)
		}
	}
	return id, err
}

// guessLimiter is a token bucket of misses per address. The zero value is
// ready; it is safe for concurrent use and holds at most guessAddrs
// addresses. Cost: O(1) per call, O(guessAddrs) when it must forget.
type guessLimiter struct {
	mu sync.Mutex
	by map[string]*guessBucket
}

type guessBucket struct {
	tokens float64
	at     time.Time
}

// refill brings b to now.
func (b *guessBucket) refill(now time.Time) {
	b.tokens = min(GuessBurst, b.tokens+float64(now.Sub(b.at))/float64(GuessRefill))
	b.at = now
}

// wait is how long addr must wait before its next try (0: go ahead).
func (g *guessLimiter) wait(addr string, now time.Time) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	b, ok := g.by[addr]
	if !ok {
		return 0
	}
	b.refill(now)
	if b.tokens >= 1 {
		return 0
	}
	return time.Duration((1 - b.tokens) * float64(GuessRefill))
}

// miss takes a token from addr.
func (g *guessLimiter) miss(addr string, now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.by == nil {
		g.by = map[string]*guessBucket{}
	}
	b, ok := g.by[addr]
	if !ok {
		if len(g.by) >= guessAddrs {
			g.forgetLocked(now)
		}
		b = &guessBucket{tokens: GuessBurst, at: now}
		g.by[addr] = b
	}
	b.refill(now)
	b.tokens = max(0, b.tokens-1)
}

// forgetLocked drops the addresses whose buckets have refilled, or, if
// none has, the one that missed longest ago.
func (g *guessLimiter) forgetLocked(now time.Time) {
	var oldest string
	for a, b := range g.by {
		b.refill(now)
		if b.tokens >= GuessBurst {
			delete(g.by, a)
		} else if oldest == "" || b.at.Before(g.by[oldest].at) {
			oldest = a
		}
	}
	if len(g.by) >= guessAddrs {
		delete(g.by, oldest)
	}
}

// GuessWait is how long addr must wait before its next guess of a room
// code or a presenter key counts (0: at once). O(1).
func (rs *Rooms) GuessWait(addr string) time.Duration { return rs.guesses.wait(addr, time.Now()) }

// GuessMiss counts a wrong guess of addr: an unknown room, a wrong key.
func (rs *Rooms) GuessMiss(addr string) { rs.guesses.miss(addr, time.Now()) }
