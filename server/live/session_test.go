package live

import (
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/internal/usererr"
)

// livePollAt asks kind about node at step k of problem searched by algo.
func livePollAt(t *testing.T, problem, algo string, k int, kind string, node int) (*gamePoll, error) {
	t.Helper()
	l, err := NewSearch(problem, algo, testMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.seek(k); err != nil {
		t.Fatal(err)
	}
	return newGamePoll(l, kind, node)
}

// TestLivePolls checks the polls' answers against AIMA Fig. 5.2 and 5.5:
// B, C and D back up 3, 2 and 2, A backs up 3; alpha-beta cuts C's c2 and
// c3 first, then nothing else but D's none.
func TestLivePolls(t *testing.T) {
	const fig52 = "gametree [[3,12,8],[2,4,6],[14,5,2]]"
	tests := []struct {
		name, algo string
		step       int
		kind       string
		node       int
		ask, want  string
		err        string
	}{
		{"B after its first leaf", "alphabeta", 3, askBackup, -1, "What value backs up to B?", "3", ""},
		{"A at the start", "minimax", 1, askBackup, 0, "What value backs up to A?", "3", ""},
		{"C under minimax", "minimax", 10, askBackup, -1, "What value backs up to C?", "2", ""},
		{"D under alpha-beta", "alphabeta", 15, askBackup, -1, "What value backs up to D?", "2", ""},
		{"C's cut at step 5", "alphabeta", 5, askPrune, -1, "Which branch gets pruned next?", "C: c2, C: c3", ""},
		{"after C's cut", "alphabeta", 14, askPrune, -1, "Which branch gets pruned next?", noPrune, ""},
		{"a leaf", "alphabeta", 3, askBackup, 2, "", "", "inner node on the current path"},
		{"minimax prunes nothing", "minimax", 3, askPrune, -1, "", "", "only alpha-beta prunes"},
		{"over", "alphabeta", 100, askBackup, -1, "", "", "the search is over"},
		{"unknown kind", "alphabeta", 3, "colour", -1, "", "", "ask"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := livePollAt(t, fig52, tc.algo, tc.step, tc.kind, tc.node)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Ask != tc.ask || p.answer != tc.want {
				t.Errorf("asks %q answer %q, want %q %q", p.Ask, p.answer, tc.ask, tc.want)
			}
			if p.Kind == askPrune {
				for _, r := range strings.Split(tc.want, ", ") {
					if !p.isRight(r) || !contains(p.Choices, r) {
						t.Errorf("%q not a right choice among %v", r, p.Choices)
					}
				}
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestLiveVote checks what a follower's answer may be, and that one page
// holds one vote.
func TestLiveVote(t *testing.T) {
	backup, err := livePollAt(t, fig55, "alphabeta", 3, askBackup, -1)
	if err != nil {
		t.Fatal(err)
	}
	prune, err := livePollAt(t, fig55, "alphabeta", 5, askPrune, -1)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		p      *gamePoll
		answer string
		stored string
		err    string
	}{
		{backup, " 3.0 ", "3", ""},
		{backup, "−2", "-2", ""},
		{backup, "three", "", "answer with a number"},
		{backup, "NaN", "", "answer with a number"},
		{backup, strings.Repeat("1", 40), "", "at most 32"},
		{prune, "C: c2", "C: c2", ""},
		{prune, "Z: z9", "", "one of the branches"},
	}
	for _, tc := range tests {
		c := &liveClient{}
		err := tc.p.vote(c, tc.answer)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.answer, err, tc.err)
			}
			continue
		}
		if err != nil || tc.p.votes[c] != tc.stored {
			t.Errorf("%q: stored %q (%v), want %q", tc.answer, tc.p.votes[c], err, tc.stored)
		}
	}
	c := &liveClient{}
	for _, a := range []string{"1", "2", "2"} {
		if err := backup.vote(c, a); err != nil {
			t.Fatal(err)
		}
	}
	if backup.Counts["1"] != 0 || backup.Counts["2"] != 1 {
		t.Errorf("a page's second answer did not replace its first: %v", backup.Counts)
	}
	backup.drop(c)
	if backup.Counts["2"] != 0 {
		t.Errorf("a closed page's vote still counts: %v", backup.Counts)
	}
	backup.reveal()
	if err := backup.vote(c, "3"); err == nil {
		t.Error("a vote after the reveal counted")
	}
}

// FuzzLiveVote feeds a backup poll any answer: it is refused or stored
// as a number written by the rounding rule.
func FuzzLiveVote(f *testing.F) {
	for _, s := range []string{"3", "-1e308", "−∞", "1e400", "0x10", " 2 "} {
		f.Add(s)
	}
	l, err := NewSearch(fig55, "alphabeta", testMaxNodes)
	if err != nil {
		f.Fatal(err)
	}
	_ = l.seek(3)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := newGamePoll(l, askBackup, -1)
		if err != nil {
			t.Fatal(err)
		}
		c := &liveClient{}
		if p.vote(c, s) == nil && (len(p.votes[c]) > maxAnswerBytes || p.Counts[p.votes[c]] != 1) {
			t.Fatalf("%q stored as %q", s, p.votes[c])
		}
	})
}

// TestLiveReadsNoScript: a script line reaches no game or local parser on
// the server (they would load the file it names): a real game script is
// refused, saying the server reads no files, and the landing form does not
// send it to the live page.
func TestLiveReadsNoScript(t *testing.T) {
	path := filepath.Join(testenv.ModuleRoot(t), "examples", "games", "nim.star")
	for _, line := range []string{"script " + path, "SCRIPT " + path + " heaps=1,2"} {
		if IsKind(line) {
			t.Errorf("isLiveKind(%q) = true: the server asked a parser that loads the file", line)
		}
		_, err := NewSearch(line, "alphabeta", testMaxNodes)
		if err == nil || !strings.Contains(usererr.Text(err), "reads no files") {
			t.Errorf("newLiveSearch(%q): %v, want a refusal saying the server reads no files", line, err)
		}
	}
}

// The tests' node limit (the server's default) and a game tree of AIMA's
// Figure 5.5, its minimax value 3 at the root.
const (
	testMaxNodes = 100_000
	fig55        = "gametree [[3,12,8],[2,4,6],[14,5,2]]"
)
