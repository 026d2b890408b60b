package server

import (
	"strings"
	"testing"
)

// packagePrefixes are the prefixes the module's errors carry in the log
// and that no text a user reads may show.
var packagePrefixes = []string{"server: ", "stepper: ", "store: ", "viz: ", "export: ", "script: ", "kernel: ", "cluster: ", "notebook: "}

// TestNoPackagePrefixReachesUser: a refused command on the websocket and an
// HTTP error read as a user reads them, without "server: " or "stepper: ".
func TestNoPackagePrefixReachesUser(t *testing.T) {
	_, ts, sess := liveServer(t, Config{}, "graph romania", "astar")
	c, _, _ := dial(t, ts, sess, "") // a follower
	if err := c.WriteJSON(clientMsg{Type: cmdStep}); err != nil {
		t.Fatal(err)
	}
	var e errorMsg
	readAs(t, c, msgError, &e)
	if !strings.Contains(e.Message, "read-only") {
		t.Fatalf("a follower's step: %q, want it refused as read-only", e.Message)
	}
	_, body, _ := get(t, ts.URL+"/s/nosuchsession")
	_, export, _ := get(t, ts.URL+"/s/"+sess.ID+"/export?format=nope")
	for what, msg := range map[string]string{"websocket error": e.Message, "unknown session page": body, "unknown export format": export} {
		for _, p := range packagePrefixes {
			if strings.Contains(msg, p) {
				t.Errorf("%s %q shows the package prefix %q", what, msg, p)
			}
		}
	}
}
