package session

import (
	"strings"
	"testing"
	"time"
)

// TestOwnerQuotaErrorSaysTheIdleTimeInWords: the message a presenter reads
// writes the idle time as people do, never as Go's "30m0s".
func TestOwnerQuotaErrorSaysTheIdleTimeInWords(t *testing.T) {
	for _, c := range []struct {
		idle time.Duration
		want string
	}{
		{30 * time.Minute, "no presenter command for 30 minutes"},
		{90 * time.Minute, "no presenter command for 1 hour 30 minutes"},
		{45 * time.Second, "no presenter command for 45 seconds"},
	} {
		got := OwnerQuotaError{Max: 3, Idle: c.idle}.UserText()
		if !strings.HasSuffix(got, c.want) {
			t.Errorf("idle %v: %q, want it to end %q", c.idle, got, c.want)
		}
	}
}
