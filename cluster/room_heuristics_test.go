package cluster_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestRoomOwnHeuristicAcrossInstances loads a room's searches with the
// lecturer's own heuristic on one instance: the signed load event carries
// the script, and another instance builds the same search for its
// followers (its trace carries the script).
func TestRoomOwnHeuristicAcrossInstances(t *testing.T) {
	natsURL := startNATS(t)
	ins := []*instance{startInstance(t, natsURL), startInstance(t, natsURL)}

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(ins[0].ts.URL+"/rooms", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	code, key := strings.TrimPrefix(loc.Path, "/r/"), loc.Query().Get("key")

	const own = "def h_mine(s):\n    return 0\n"
	p := roomConn(t, wsBase(ins[0].ts), code, key, "presenter-token-00000")
	p.WriteJSON(map[string]any{"type": "load", "problem": "puzzle 867254301 goal=123456780", "searches": []string{"astar h=mine", "astar h=manhattan"}, "heuristics": own})
	until(t, p, "the searches shown", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })

	f := roomConn(t, wsBase(ins[1].ts), code, "", "follower-token-00001")
	room := until(t, f, "the room on instance 2", func(m map[string]any) bool { return m["type"] == "room" && m["current"] == 0.0 })
	lane := room["history"].([]any)[0].(map[string]any)["lanes"].([]any)[0].(map[string]any)
	if !strings.HasPrefix(lane["options"].(string), "astar h=mine") {
		t.Fatalf("instance 2's first search: %v", lane)
	}
	resp, err = http.Get(ins[1].ts.URL + "/s/" + lane["id"].(string) + "/export?format=json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tr struct{ Heuristics []struct{ Text string } }
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&tr); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("instance 2's trace of the search: %d %v", resp.StatusCode, err)
	}
	if len(tr.Heuristics) != 1 || tr.Heuristics[0].Text != own {
		t.Fatalf("instance 2's trace has heuristics %+v; want the lecturer's script", tr.Heuristics)
	}
}
