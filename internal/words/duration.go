package words

import (
	"strings"
	"time"
)

// Duration writes d as a sentence does: "30 minutes", "1 hour 30
// minutes", "45 seconds", "7 days", never Go's "30m0s". A duration of a
// second or more is rounded to the nearest second and written in days,
// hours, minutes and seconds, leaving out the parts that are zero; a
// shorter one in the largest of milliseconds, microseconds and
// nanoseconds it holds one of ("300 milliseconds", "1 nanosecond"), rounded
// to that unit; zero or less is "0 seconds". O(1).
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 seconds"
	case d < time.Microsecond:
		return Count(int(d), "nanosecond", "nanoseconds")
	case d < time.Millisecond:
		return Count(int(d.Round(time.Microsecond)/time.Microsecond), "microsecond", "microseconds")
	case d < time.Second:
		return Count(int(d.Round(time.Millisecond)/time.Millisecond), "millisecond", "milliseconds")
	}
	s := int64(d.Round(time.Second) / time.Second)
	units := []struct {
		size      int64
		one, many string
	}{
		{24 * 3600, "day", "days"},
		{3600, "hour", "hours"},
		{60, "minute", "minutes"},
		{1, "second", "seconds"},
	}
	var parts []string
	for _, u := range units {
		if n := s / u.size; n > 0 {
			parts = append(parts, Count(int(n), u.one, u.many))
			s -= n * u.size
		}
	}
	return strings.Join(parts, " ")
}
