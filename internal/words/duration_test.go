package words

import (
	"testing"
	"time"
)

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{30 * time.Minute, "30 minutes"},
		{90 * time.Minute, "1 hour 30 minutes"},
		{45 * time.Second, "45 seconds"},
		{time.Second, "1 second"},
		{time.Minute, "1 minute"},
		{time.Hour, "1 hour"},
		{2 * time.Hour, "2 hours"},
		{7 * 24 * time.Hour, "7 days"},
		{25*time.Hour + time.Second, "1 day 1 hour 1 second"},
		{time.Hour + 5*time.Second, "1 hour 5 seconds"},
		{3 * time.Second, "3 seconds"},
		{1500 * time.Millisecond, "2 seconds"}, // rounded to the second
		{59*time.Minute + 59*time.Second + 600*time.Millisecond, "1 hour"},
		{300 * time.Millisecond, "300 milliseconds"},
		{time.Millisecond, "1 millisecond"},
		{time.Microsecond, "1 microsecond"},
		{time.Nanosecond, "1 nanosecond"},
		{1500 * time.Nanosecond, "2 microseconds"},
		{0, "0 seconds"},
		{-time.Minute, "0 seconds"},
		{time.Duration(1<<63 - 1), "106751 days 23 hours 47 minutes 16 seconds"}, // the largest: rounding saturates
	} {
		if got := Duration(c.d); got != c.want {
			t.Errorf("Duration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
