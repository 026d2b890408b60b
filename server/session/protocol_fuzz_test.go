package session

import (
	"strings"
	"testing"
)

// FuzzParseClientMsg: no frame makes the parser panic, and every accepted
// message is of a known type with non-negative numbers.
func FuzzParseClientMsg(f *testing.F) {
	for _, s := range []string{`{"type":"step"}`, `{"type":"seek","step":3}`, `{"type":"inspect","node":2,"step":1,"id":9}`, `{"type":"play","speed":4}`, `{`, `[]`, `{"type":1}`, `null`, `{"type":"view","step":1e99}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseClientMsg(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "server: ") {
				t.Errorf("error without prefix: %v", err)
			}
			return
		}
		if !isCommand(m.Type) && !isQuery(m.Type) || m.Step < 0 || m.Node < 0 {
			t.Errorf("accepted %+v", m)
		}
	})
}
