package export

import (
	"bytes"
	"testing"

	"stepviz/stepper"
)

// TestForgetfulSessionWritesTheSame: an export session steps forward
// only, so its search is made with stepper.Options.Forget (ids and idastar
// hold the current iteration's nodes); every format it writes is the same,
// byte for byte, as from a session whose search keeps every iteration. Not
// html: writing ids or idastar as html panics on main as it is (a new
// iteration's root is not among the nodes it adds); its session keeps
// every node (TestKeepEveryNode).
func TestForgetfulSessionWritesTheSame(t *testing.T) {
	for _, c := range []struct{ problem, opts string }{
		{"graph romania", "ids"},
		{"puzzle 283164705 goal=123804765", "idastar h=misplaced"},
		{"puzzle 283164705 goal=123804765", "rbfs h=manhattan"},
		{"puzzle 283164705 goal=123804765", "ids"},
		{"puzzle 283164705 goal=123804765", "idastar h=manhattan parent=keep"},
	} {
		s := newSearch(t, c.problem, c.opts)
		sess, err := newSession(s, ToEnd)
		if err != nil {
			t.Fatal(err)
		}
		if !sess.s.Options().Forget {
			t.Fatalf("%s / %s: the export session's search keeps every iteration", c.problem, c.opts)
		}
		for _, f := range formats {
			if f.Name == "html" {
				continue
			}
			keeping := newSearch(t, c.problem, c.opts)
			var want bytes.Buffer
			if err := f.write(&want, &session{inst: keeping.Instance(), opts: keeping.Options(), s: keeping, k: -1}); err != nil {
				t.Fatalf("%s / %s: %s from a keeping session: %v", c.problem, c.opts, f.Name, err)
			}
			if got := export(t, s, f.Name, ToEnd); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s / %s: %s written by a forgetful session differs from a keeping one's (%d and %d bytes)", c.problem, c.opts, f.Name, len(got), want.Len())
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

// TestEventOnlyWritersForgetSubtrees: the writers that read only events
// (json, jsonl, csv and its sidecar) walk a search that holds only the
// path and its pending siblings (stepper.Options.Linear); every other
// writer's session holds the current iteration's tree, whatever the
// caller's search holds.
func TestEventOnlyWritersForgetSubtrees(t *testing.T) {
	s := newSearch(t, "graph romania", "ids")
	o := s.Options()
	o.Linear = true
	lin, err := stepper.NewSearch(s.Instance(), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, from := range []*stepper.Search{s, lin} {
		sess, err := newSession(from, ToEnd)
		if err != nil {
			t.Fatal(err)
		}
		if o := sess.s.Options(); !o.Forget || o.Linear {
			t.Fatalf("a new session: Forget %v Linear %v, want true and false", o.Forget, o.Linear)
		}
		if err := sess.forgetSubtrees(); err != nil {
			t.Fatal(err)
		}
		if o := sess.s.Options(); !o.Linear {
			t.Fatalf("forgetSubtrees left Linear %v", o.Linear)
		}
	}
}
