package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// overScript is a form's script whose h_over overestimates next to the
// goal: 0 -> 1 -> 2, each step costing one.
const overScript = `start = 0

def is_goal(s):
    return s == 2

def successors(s):
    if s < 2:
        return [("next", s + 1, 1)]
    return []

def h_over(s):
    if s == 1:
        return 5
    return 2 - s
`

// TestHeuristicCheckOfFormScript: the check of a script pasted in the
// form answers the question and, for the command line, says which file to
// save it as (the server knows it as form.star, a name the student never
// chose).
func TestHeuristicCheckOfFormScript(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ts := newTestServer(t, srv)
	resp, _ := post(t, ts.URL+"/sessions", url.Values{"source": {"script"}, "script": {overScript}, "script_params": {""}, "algo": {"astar"}, "h": {"over"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d, want a session", resp.StatusCode)
	}
	id, _, _ := strings.Cut(strings.TrimPrefix(resp.Header.Get("Location"), "/s/"), "?")
	code, rep, _ := get(t, ts.URL+"/s/"+id+"/heuristic?h=over")
	for _, w := range []string{"admissible  NO: 1 state where h > h*", "  1  h = 5 > h* = 1", `stepviz heuristic -problem "script form.star" -h over`, "save the script as form.star"} {
		if code != http.StatusOK || !strings.Contains(rep, w) {
			t.Errorf("report %d lacks %q:\n%s", code, w, rep)
		}
	}
}
