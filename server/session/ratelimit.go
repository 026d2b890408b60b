package session

import (
	"fmt"
	"time"
)

// RateLimit is a token bucket of queryBurst messages refilled at queryRate
// a second: how many messages one connection may send. One per connection,
// used by its reader goroutine only.
type RateLimit struct {
	tokens float64
	last   time.Time
}

func NewRateLimit() *RateLimit { return &RateLimit{tokens: queryBurst, last: time.Now()} }

// Allow refills the bucket for the time since the last message and takes a
// token for this one; it reports false when none was left. O(1).
func (r *RateLimit) Allow(now time.Time) bool {
	r.tokens = min(queryBurst, r.tokens+now.Sub(r.last).Seconds()*queryRate)
	r.last = now
	if r.tokens < 1 {
		return false
	}
	r.tokens--
	return true
}

// FollowerFlood is why a follower's socket is closed for sending too much,
// or "" when this message is within both the socket's own rate (rate) and
// its address's share (addrs, nil for none): the check every socket a
// follower holds (a session's, a room's, a live game's) makes on each
// message. O(1).
func FollowerFlood(rate *RateLimit, addrs *AddrLimits, addr string, now time.Time) string {
	if !rate.Allow(now) {
		return fmt.Sprintf("too many messages; at most %d a second", queryRate)
	}
	if addrs != nil && !addrs.Allow(addr, now) {
		return AddressFlood(addrs.Rate())
	}
	return ""
}
