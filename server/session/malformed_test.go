package session

import (
	"strings"
	"testing"

	"stepviz/internal/usererr"
)

// TestMalformedNamesTheFault checks that a frame the protocol refuses is
// refused with a reason naming what is wrong in it (the field, its type, or
// where the JSON breaks), in the words of the JSON, never Go's.
func TestMalformedNamesTheFault(t *testing.T) {
	check := func(t *testing.T, frame, reason string, wants []string) {
		t.Helper()
		if len(reason) > 120 {
			t.Errorf("frame %.40s: reason %q is over the 120 bytes a close frame keeps", frame, reason)
		}
		for _, w := range wants {
			if !strings.Contains(reason, w) {
				t.Errorf("frame %.60s: reason %q does not say %q", frame, reason, w)
			}
		}
		for _, bad := range []string{"json:", "Go struct", "ClientMsg", "session."} {
			if strings.Contains(reason, bad) {
				t.Errorf("frame %s: reason %q speaks Go (%q)", frame, reason, bad)
			}
		}
	}
	cases := []struct {
		frame string
		wants []string
	}{
		{`{"type":"step","x":1}`, []string{`malformed message`, `unknown field "x"`, `{"type":"step"}`}},
		{`{"type":"seek","step":"4"}`, []string{`"step"`, `a whole number`, `a string`}},
		{`{"type":"states","ids":[1,"a"]}`, []string{`"ids"`, `a whole number`, `a string`}},
		{`{"type":"play","speed":true}`, []string{`"speed"`, `a number`, `true or false`}},
		{`{"type":5}`, []string{`"type"`, `a string`, `a number`}},
		{`[1,2]`, []string{`a JSON object`, `an array`}},
		{`{"type":"step"`, []string{`malformed message`, `ends before`}},
		{`{"type":step}`, []string{`malformed message`, `not valid JSON`, `byte 9`}},
		{`{"type":"step","` + strings.Repeat("x", 3000) + `":1}`, []string{`unknown field "xxx`, `{"type":"step"}`}},
		{``, []string{`malformed message`, `empty`}},
	}
	for _, tc := range cases {
		_, err := parseClientMsg([]byte(tc.frame))
		if err == nil {
			t.Errorf("frame %s accepted", tc.frame)
			continue
		}
		check(t, tc.frame, usererr.Text(err), tc.wants)
	}
}
