package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestRoomHistoryEmptyOnTheWire: before its first search, a room's
// message carries its history and comparison as empty lists ("[]"), never
// null, to its presenter and its followers (docs/rooms.md).
func TestRoomHistoryEmptyOnTheWire(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	for _, c := range []struct {
		who, key, token string
	}{
		{"presenter", key, "presenter-token-000000"},
		{"follower", "", "follower-token-0000000"},
	} {
		rc := dialRoom(t, ts, code, c.key, c.token)
		_ = rc.c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, raw, err := rc.c.ReadMessage()
		if err != nil {
			t.Fatalf("%s: the room's first message: %v", c.who, err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil || string(m["type"]) != `"room"` {
			t.Fatalf("%s: the first message is not the room: %s", c.who, raw)
		}
		for _, field := range []string{"history", "compare"} {
			if got := strings.TrimSpace(string(m[field])); got != "[]" {
				t.Errorf("%s: %q is %s before the first search, want []: %s", c.who, field, got, raw)
			}
		}
		if string(m["current"]) != "-1" {
			t.Errorf("%s: current is %s before the first search, want -1", c.who, m["current"])
		}
	}
}
