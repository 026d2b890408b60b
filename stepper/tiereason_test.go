package stepper

import (
	"math"
	"math/rand"
	"testing"
)

// TestReasonTextsMatchSentence hands out tie reasons through reasonTexts,
// many more than a chunk holds, under every rule, locally and not, with
// insertion numbers below and beyond int32, and checks that each Text
// writes the sentence appendTieReason writes from the note itself, also
// after later reasons filled the chunks further.
func TestReasonTextsMatchSentence(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	rules := append(tieRuleCodes[:], "custom")
	type made struct {
		text  Text
		rule  TieRule
		local bool
		note  tieNote
	}
	var all []made
	var rt reasonTexts
	for i := 0; i < 5*reasonChunkLen; i++ {
		rule := rules[r.Intn(len(rules))]
		if i%200 < 100 {
			rule = TieFIFO // long runs of one rule, as a search makes
		}
		local := r.Intn(4) == 0
		seq := r.Intn(1 << 20)
		if r.Intn(10) == 0 {
			seq = math.MaxInt32 + 1 + r.Intn(1000)
		}
		nt := tieNote{
			key:     Key{Priority: float64(r.Intn(50)) / 4, Tie: float64(r.Intn(9)) - 4, Seq: seq},
			g:       float64(r.Intn(30)) / 2,
			ties:    int32(1 + r.Intn(MaxTies)),
			decided: r.Intn(2) == 0,
		}
		all = append(all, made{rt.text(rule, local, nt), rule, local, nt})
	}
	for i, m := range all {
		checkReason(t, i, m.text, m.rule, m.local, m.note)
	}
}

func checkReason(t *testing.T, i int, got Text, rule TieRule, local bool, nt tieNote) {
	t.Helper()
	want := string(appendTieReason(nil, rule, local, &nt))
	if s := got.String(); s != want {
		t.Fatalf("reason %d (rule %s, local %v, note %+v) = %q, want %q", i, rule, local, nt, s, want)
	}
}
