package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"stepviz/internal/testenv"
)

// pandasPolls reads polls.csv and polls-summary.csv with pandas.read_csv
// and no options and prints each file's dtypes, and the sums a lecturer's
// notebook would take.
const pandasPolls = `
import json, sys
import pandas as pd
a = pd.read_csv(sys.argv[1])
s = pd.read_csv(sys.argv[2])
print(json.dumps({
  "answers": {c: str(t) for c, t in a.dtypes.items()},
  "summary": {c: str(t) for c, t in s.dtypes.items()},
  "right": int(a["correct"].sum()),
  "byPoll": {str(k): float(v) for k, v in a.groupby("poll")["correct"].mean().items()},
  "share": [float(x) for x in s["share_right"]],
  "searches": sorted(set(a["search"])),
  "answerSum": float(a["answer"].sum()),
}))
`

// TestPollsCSVInPandas: three polls of every kind, answered by 8
// followers; pandas reads the answers with numeric answer columns and the
// summary from its own file, and their figures agree.
func TestPollsCSVInPandas(t *testing.T) {
	py := testenv.Python(t, "pandas")
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	p.send(roomCmd{Type: roomLoad, Problem: "puzzle 283164705 goal=123804765", Searches: []string{"astar h=manhattan"}})
	p.room(func(m roomMsg) bool { return m.Current == 0 })
	p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
	followers := make([]*roomConn, 8)
	for i := range followers {
		followers[i] = dialRoom(t, ts, code, "", fmt.Sprintf("follower-token-%05d", i))
		followers[i].room(nil)
	}
	ask := func(cmd roomCmd, answer func(i int, q pollMsg) string) {
		t.Helper()
		p.send(cmd)
		q := p.poll(func(m pollMsg) bool { return m.Kind == cmd.Kind })
		for i, f := range followers {
			f.poll(func(m pollMsg) bool { return m.ID == q.ID })
			a := answer(i, q)
			f.send(roomCmd{Type: roomAnswer, Poll: q.ID, Answer: a})
			f.poll(func(m pollMsg) bool { return m.ID == q.ID && m.Yours != "" })
		}
	}
	// next: 6 of 8 right; f: 4 of 8 right; admissible (yes): 2 of 8 right.
	ask(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 0}, func(i int, q pollMsg) string {
		if i < 6 {
			return q.Right
		}
		for _, c := range q.Choices {
			if c.Answer != q.Right {
				return c.Answer
			}
		}
		return q.Right
	})
	ask(roomCmd{Type: roomAsk, Kind: pollF, Lane: 0, Node: 1}, func(i int, q pollMsg) string {
		if i < 4 {
			return q.Right
		}
		return "99.5"
	})
	ask(roomCmd{Type: roomAsk, Kind: pollAdmissible, Lane: 0, Answer: "yes"}, func(i int, q pollMsg) string {
		return map[bool]string{true: "yes", false: "no"}[i < 2]
	})

	dir := t.TempDir()
	var files []string
	for _, name := range []string{"polls.csv", "polls-summary.csv"} {
		_, body, _ := get(t, ts.URL+"/r/"+code+"/"+name+"?key="+url.QueryEscape(key))
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	out, err := exec.Command(py, "-c", pandasPolls, files[0], files[1]).CombinedOutput()
	if err != nil {
		t.Fatalf("pandas: %v\n%s", err, out)
	}
	var got struct {
		Answers, Summary map[string]string
		Right            int
		ByPoll           map[string]float64
		Share            []float64
		Searches         []string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	numeric := func(file string, dtypes map[string]string, cols ...string) {
		t.Helper()
		for _, c := range cols {
			if d := dtypes[c]; d != "int64" && d != "float64" {
				t.Errorf("%s: column %s reads as %q, want a number", file, c, d)
			}
		}
	}
	numeric("polls.csv", got.Answers, "poll", "step", "right_answer", "answer", "correct")
	numeric("polls-summary.csv", got.Summary, "poll", "step", "right_answer", "answers", "right", "share_right")
	if got.Answers["correct"] != "int64" {
		t.Errorf("correct reads as %s, want int64 (1 or 0)", got.Answers["correct"])
	}
	if got.Right != 6+4+2 {
		t.Errorf("%d right answers, want 12", got.Right)
	}
	want := []float64{0.75, 0.5, 0.25}
	if len(got.Share) != 3 {
		t.Fatalf("summary shares %v", got.Share)
	}
	for i, w := range want {
		if got.Share[i] != w {
			t.Errorf("poll %d: share_right %v, want %v", i+1, got.Share[i], w)
		}
	}
	if len(got.Searches) != 1 || got.Searches[0] != "#1 astar h=manhattan on puzzle 283164705 goal=123804765" {
		t.Errorf("the searches are named %q", got.Searches)
	}
}
