package words

import (
	"strings"
	"time"
)

// Duration writes d as a sentence does: "30 minutes", "1 hour 30
// minutes", "45 seconds", "7 days", never Go's "30m0s". A duration of a
// second or more is rounded to the nearest second and written in days,
// hours, minutes and seconds, leaving out the parts that are zero; a
// shorter one is written in milliseconds ("300 milliseconds"), at least
// 1; zero or less is "0 seconds". O(1).
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 seconds"
	case d < time.Second:
		return Count(max(int(d.Round(time.Millisecond)/time.Millisecond), 1), "millisecond", "milliseconds")
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
