package session

import (
	"strings"
	"testing"
	"time"
)

// TestFollowerFlood: a follower's socket may send its burst, then is
// refused with its own rate in the reason; one whose address has spent its
// share is refused with the address's reason even when its own rate is
// fine.
func TestFollowerFlood(t *testing.T) {
	rate := NewRateLimit()
	now := time.Now()
	for i := 0; i < queryBurst; i++ {
		if why := FollowerFlood(rate, nil, "", now); why != "" {
			t.Fatalf("message %d of the burst refused: %s", i+1, why)
		}
	}
	if why := FollowerFlood(rate, nil, "", now); !strings.Contains(why, "at most 30 a second") {
		t.Errorf("past the burst: %q, want the socket's rate", why)
	}
	addrs := NewAddrLimits(1000, 30)
	release, err := addrs.Acquire("10.0.0.7")
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	refused := ""
	for i := 0; i < 200 && refused == ""; i++ {
		own := NewRateLimit() // a fresh socket each time: only the address's share can refuse
		refused = FollowerFlood(own, addrs, "10.0.0.7", time.Now())
	}
	if !strings.Contains(refused, "from one address") {
		t.Errorf("an address past its share: %q, want the address's reason", refused)
	}
}
