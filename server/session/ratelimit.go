package session

import "time"

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
