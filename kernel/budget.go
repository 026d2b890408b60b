package kernel

import "time"

// byteBudget is a token bucket of bytes per second, refilled continuously,
// holding at most one second's worth.
type byteBudget struct {
	rate   float64 // bytes per second; 0: unlimited
	tokens float64
	at     time.Time
}

func newByteBudget(perSecond int, now time.Time) *byteBudget {
	return &byteBudget{rate: float64(perSecond), tokens: float64(perSecond), at: now}
}

func (b *byteBudget) refill(now time.Time) {
	if d := now.Sub(b.at).Seconds(); d > 0 {
		b.tokens = min(b.rate, b.tokens+d*b.rate)
	}
	b.at = now
}

// ready reports whether a frame may be sent now: the bucket is not in debt.
func (b *byteBudget) ready(now time.Time) bool {
	if b.rate <= 0 {
		return true
	}
	b.refill(now)
	return b.tokens > 0
}

// spend takes n bytes from the bucket (it may go into debt by one frame).
func (b *byteBudget) spend(now time.Time, n int) {
	if b.rate <= 0 {
		return
	}
	b.refill(now)
	b.tokens -= float64(n)
}
