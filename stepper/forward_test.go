package stepper_test

import (
	"encoding/json"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestForwardMatchesJournal runs each search twice, journaled and forward
// only (Options.Forget), and checks that every event, every few steps'
// snapshot and the result are the same, that the
// forward-only search keeps no journal, and that a Seek back (which starts
// it again from step 0) lands on the same state as the journal's undo.
func TestForwardMatchesJournal(t *testing.T) {
	cases := []struct{ problem, search string }{
		{"graph romania", "ucs"},
		{"graph romania", "astar h=sld tie=high-g"},
		{"graph romania", "greedy h=sld"},
		{"graph romania", "bfs duplicates=drop"},
		{"graph romania", "dfs"},
		{"graph romania", "ucs lazy=true"},
		{"puzzle 806547231 goal=123456780", "astar h=manhattan"},
		{"puzzle 806547231 goal=123456780", "astar h=misplaced open=reparent-new tie=lifo"},
		{"puzzle 806547231 goal=123456780", "beam width=3 h=misplaced"},
		{"puzzle 806547231 goal=123456780", "beam width=2 local=true"},
		{"puzzle 283164705 goal=123804765", "wastar w=3 closed=reopen tie=low-h"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile duplicates=drop"},
		{"grid ......./...#.../.S.#.G./...#.../....... moves=8", "beam width=2 local=true h=manhattan duplicates=drop"},
	}
	for _, tc := range cases {
		t.Run(tc.problem+"/"+tc.search, func(t *testing.T) {
			inst, err := problems.Parse(tc.problem, stepper.LocalFiles)
			if err != nil {
				t.Fatal(err)
			}
			o, err := stepper.ParseOptions(tc.search)
			if err != nil {
				t.Fatal(err)
			}
			jo, err := stepper.NewSearch(inst, o)
			if err != nil {
				t.Fatal(err)
			}
			o.Forget = true
			fw, err := stepper.NewSearch(inst, o)
			if err != nil {
				t.Fatal(err)
			}
			for k := 1; ; k++ {
				a, okA := jo.Step()
				b, okB := fw.Step()
				if okA != okB {
					t.Fatalf("step %d: journaled stepped %v, forward %v", k, okA, okB)
				}
				if !okA {
					break
				}
				sameJSON(t, "event", k, a, b)
				if k%7 == 0 && k < 300 || k%1000 == 0 {
					sameJSON(t, "snapshot", k, jo.Snapshot(), fw.Snapshot())
				}
			}
			sameJSON(t, "final snapshot", jo.StepCount(), jo.Snapshot(), fw.Snapshot())
			if recs, mods, ok := stepper.JournalLen(fw); !ok {
				t.Fatalf("%s does not report its journal", stepper.EngineName(fw))
			} else if recs != 0 || mods != 0 {
				t.Errorf("forward-only search kept %d records and %d mods", recs, mods)
			}
			back := jo.StepCount() / 2
			if got := fw.Seek(back); got != back || fw.FirstHeld() != back {
				t.Fatalf("forward Seek(%d) = %d, FirstHeld %d", back, got, fw.FirstHeld())
			}
			jo.Seek(back)
			sameJSON(t, "snapshot after seek back", back, jo.Snapshot(), fw.Snapshot())
			a, _ := jo.Step()
			b, _ := fw.Step()
			sameJSON(t, "event after seek back", back+1, a, b)
		})
	}
}

func sameJSON(t *testing.T, what string, step int, a, b any) {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if string(ja) != string(jb) {
		t.Fatalf("step %d: %s differs:\njournaled %s\nforward   %s", step, what, ja, jb)
	}
}
