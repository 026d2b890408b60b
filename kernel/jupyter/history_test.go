package jupyter

import (
	"encoding/json"
	"testing"
)

func TestHistoryReply(t *testing.T) {
	var h history
	for i, code := range []string{"puzzle 283164705", "a = search astar", "step a", "show a stats", "step a"} {
		h.add(i+1, code)
	}
	h.setOutput(4, "a at step 1 (running): ...")
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		name string
		req  historyRequest
		want string
	}{
		{"tail", historyRequest{HistAccessType: "tail", N: n(2)}, `[[1,4,"show a stats"],[1,5,"step a"]]`},
		{"tail more than kept", historyRequest{HistAccessType: "tail", N: n(50)}, `[[1,1,"puzzle 283164705"],[1,2,"a = search astar"],[1,3,"step a"],[1,4,"show a stats"],[1,5,"step a"]]`},
		{"tail with output", historyRequest{HistAccessType: "tail", N: n(2), Output: true}, `[[1,4,["show a stats","a at step 1 (running): ..."]],[1,5,["step a",null]]]`},
		{"range", historyRequest{HistAccessType: "range", Session: 0, Start: 2, Stop: n(4)}, `[[1,2,"a = search astar"],[1,3,"step a"]]`},
		{"range to the end", historyRequest{HistAccessType: "range", Start: 4}, `[[1,4,"show a stats"],[1,5,"step a"]]`},
		{"range of another session", historyRequest{HistAccessType: "range", Session: 7, Start: 1}, `[]`},
		{"search", historyRequest{HistAccessType: "search", Pattern: "step*"}, `[[1,3,"step a"],[1,5,"step a"]]`},
		{"search unique", historyRequest{HistAccessType: "search", Pattern: "step*", Unique: true}, `[[1,5,"step a"]]`},
		{"search last n", historyRequest{HistAccessType: "search", Pattern: "*a*", N: n(1)}, `[[1,5,"step a"]]`},
		{"search bad pattern", historyRequest{HistAccessType: "search", Pattern: "["}, `[]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := json.Marshal(h.reply(tc.req))
			if string(b) != tc.want {
				t.Errorf("reply = %s, want %s", b, tc.want)
			}
		})
	}
}

func TestHistoryBounded(t *testing.T) {
	var h history
	for i := 1; i <= maxHistory+5; i++ {
		h.add(i, "step")
	}
	if len(h.entries) != maxHistory || h.entries[0].line != 6 {
		t.Errorf("%d entries from line %d, want %d from line 6", len(h.entries), h.entries[0].line, maxHistory)
	}
}
