package export

import (
	"bytes"
	"testing"

	"stepviz/stepper"
)

// TestForgetfulSearchExportsTheSame writes every format from an ids and an
// idastar search made with stepper.Options.Forget (as stepviz trace makes
// them) and from the same search keeping every iteration: the bytes are
// the same. Not html: writing ids or idastar as html panics on main as it
// is (a new iteration's root is not among the nodes it adds); its session
// keeps every node (TestKeepEveryNode).
func TestForgetfulSearchExportsTheSame(t *testing.T) {
	for _, c := range []struct{ problem, opts string }{
		{"graph romania", "ids"},
		{"puzzle 283164705 goal=123804765", "idastar h=misplaced"},
	} {
		keep := newSearch(t, c.problem, c.opts)
		o := keep.Options()
		o.Forget = true
		forget, err := stepper.NewSearch(keep.Instance(), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range FormatNames() {
			if f == "html" {
				continue
			}
			a, b := export(t, keep, f, ToEnd), export(t, forget, f, ToEnd)
			if !bytes.Equal(a, b) {
				t.Errorf("%s / %s: %s written from a forgetful search differs from the keeping one's (%d and %d bytes)", c.problem, c.opts, f, len(b), len(a))
			}
		}
	}
}

// TestKeepEveryNode: the session of a writer that reads every node after
// its walk (html) keeps the earlier iterations' nodes of a search made
// with Options.Forget.
func TestKeepEveryNode(t *testing.T) {
	s := newSearch(t, "graph romania", "ids")
	o := s.Options()
	o.Forget = true
	forget, err := stepper.NewSearch(s.Instance(), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, keepAll := range []bool{false, true} {
		sess, err := newSession(forget, ToEnd)
		if err != nil {
			t.Fatal(err)
		}
		if keepAll {
			if err := sess.keepEveryNode(); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := sess.walk(nil); err != nil {
			t.Fatal(err)
		}
		if got, want := sess.s.Node(0).Status == stepper.NodeDropped, !keepAll; got != want {
			t.Fatalf("keepEveryNode %v: node 0 of the first iteration %+v: dropped %v, want %v", keepAll, sess.s.Node(0), got, want)
		}
		if sess.opts.String() != s.Options().String() {
			t.Fatalf("keepEveryNode %v: options %q, want %q", keepAll, sess.opts, s.Options())
		}
	}
}
