package jupyter

import (
	"testing"
	"time"
)

func TestSentBefore(t *testing.T) {
	failed := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		date   string
		failed time.Time
		want   bool
	}{
		{"2026-11-21T08:59:59.999999Z", failed, true},  // jupyter_client's form
		{"2026-11-21T09:59:59.5+01:00", failed, true},  // another offset
		{"2026-11-21T09:00:00.000001Z", failed, false}, // sent after the failure
		{"2026-11-21T08:00:00Z", time.Time{}, false},   // no cell has failed
		{"yesterday", failed, false},                   // unreadable: run it
		{"", failed, false},
	} {
		msg := &Message{Header: Header{Date: tc.date, MsgType: "execute_request"}}
		if got := sentBefore(msg, tc.failed); got != tc.want {
			t.Errorf("sentBefore(%q, %v) = %v, want %v", tc.date, tc.failed, got, tc.want)
		}
	}
}
