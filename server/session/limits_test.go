package session

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// Two client addresses, as webguard.ClientIP gives them.
const (
	hostileIP = "127.0.0.2"
	otherIP   = "127.0.0.3"
)

// TestAddressJoinRate: an address opens at most its burst of sockets at
// once (2 × rate / joinCost), then is refused with the reason until its
// bucket refills.
func TestAddressJoinRate(t *testing.T) {
	a := NewAddrLimits(1000, DefaultAddressRate)
	burst := 2 * DefaultAddressRate / joinCost
	for i := range burst {
		if _, err := a.Acquire(hostileIP); err != nil {
			t.Fatalf("join %d of a burst of %d: %v", i+1, burst, err)
		}
	}
	_, err := a.Acquire(hostileIP)
	var joins errAddressJoins
	if !errors.As(err, &joins) || !strings.Contains(err.Error(), "new connections") {
		t.Fatalf("join %d at once: %v, want a refusal naming new connections", burst+1, err)
	}
	if _, err := a.Acquire(otherIP); err != nil {
		t.Errorf("another address refused: %v", err)
	}
	time.Sleep(time.Second / DefaultAddressRate * joinCost * 2)
	if _, err := a.Acquire(hostileIP); err != nil {
		t.Errorf("a join after the bucket refilled: %v", err)
	}
}
