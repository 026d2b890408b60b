package session

import "time"

// audienceEvery is how often at most the audience (the meta message with
// the number of followers) is broadcast while followers join and leave: a
// churn of joins costs the hub one broadcast to every client per period,
// not one per join.
const audienceEvery = 200 * time.Millisecond

// audienceChanged schedules one meta broadcast within audienceEvery,
// unless one is already due. Hub goroutine only.
func (h *hub) audienceChanged() {
	if h.audienceDue {
		return
	}
	h.audienceDue = true
	if h.audienceTimer == nil {
		h.audienceTimer = time.NewTimer(audienceEvery)
	} else {
		h.audienceTimer.Reset(audienceEvery)
	}
}

// audienceC fires when a scheduled meta broadcast is due; nil otherwise.
func (h *hub) audienceC() <-chan time.Time {
	if !h.audienceDue {
		return nil
	}
	return h.audienceTimer.C
}
