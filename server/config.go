package server

import (
	"fmt"
	"time"

	"stepviz/internal/words"
)

// Ranges of Config's fields that Validate accepts (serve's flags check
// them too, with a floor of 1). A node takes about 64 bytes
// (stepper.BytesPerNode), so MaxMaxNodes is about 640 MB a session; more
// would let one session fill an ordinary machine.
const (
	MaxMaxSessions = 10_000
	MaxMaxNodes    = 10_000_000
	MaxMaxClients  = 100_000
	MinIdle        = time.Second
	MaxIdle        = 7 * 24 * time.Hour
)

// Validate checks every field that is set against its range and says, in
// the serve flag's name, what is wrong and what to give instead. Zero
// fields are fine: New gives them their defaults.
func (c Config) Validate() error {
	for _, f := range []struct {
		flag     string
		val, max int64
	}{
		{"-max-sessions", int64(c.MaxSessions), MaxMaxSessions},
		{"-max-nodes", int64(c.MaxNodes), MaxMaxNodes},
		{"-max-clients", int64(c.MaxClients), MaxMaxClients},
		{"-max-per-client", int64(c.MaxPerClient), MaxMaxSessions},
	} {
		if f.val < 0 || f.val > f.max {
			return fmt.Errorf("%s %d is out of range: give a whole number from 1 to %d", f.flag, f.val, f.max)
		}
	}
	if c.MaxPerClient > 0 && c.MaxSessions > 0 && c.MaxPerClient > c.MaxSessions {
		return fmt.Errorf("-max-per-client %d is above -max-sessions %d: one client cannot hold more sessions than the server; give -max-per-client from 1 to %d, or raise -max-sessions", c.MaxPerClient, c.MaxSessions, c.MaxSessions)
	}
	if c.Idle != 0 && (c.Idle < MinIdle || c.Idle > MaxIdle) {
		return fmt.Errorf("-idle %s is out of range: give a duration from %s to %s, such as 30m", words.Duration(c.Idle), words.Duration(MinIdle), words.Duration(MaxIdle))
	}
	return nil
}
