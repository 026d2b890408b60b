package stepper_test

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestTextHeldAndWritten checks Text's contract across its two kinds, a
// text that holds its string (TextOf) and one written on demand (an
// event's state): the zero value and TextOf("") are the empty, zero
// text; Equal compares the texts, not how they are held; a held text's
// String and Equal allocate nothing.
func TestTextHeldAndWritten(t *testing.T) {
	s, err := problems.New(hardEight, "astar")
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := s.Step()
	lazy := ev.Expanded.State
	for _, c := range []struct {
		name         string
		a, b         stepper.Text
		equal, aZero bool
	}{
		{"zero and TextOf empty", stepper.Text{}, stepper.TextOf(""), true, true},
		{"held and written, same text", stepper.TextOf("867254301"), lazy, true, false},
		{"written and held, same text", lazy, stepper.TextOf("867254301"), true, false},
		{"held, different texts", stepper.TextOf("Arad"), stepper.TextOf("Sibiu"), false, false},
		{"written and held, different", lazy, stepper.TextOf("867254310"), false, false},
		{"empty and written", stepper.Text{}, lazy, false, true},
	} {
		if got := c.a.Equal(c.b); got != c.equal {
			t.Errorf("%s: Equal %v, want %v", c.name, got, c.equal)
		}
		if got := c.b.Equal(c.a); got != c.equal {
			t.Errorf("%s, the other way: Equal %v, want %v", c.name, got, c.equal)
		}
		if got := c.a.IsZero(); got != c.aZero {
			t.Errorf("%s: IsZero %v, want %v", c.name, got, c.aZero)
		}
		if c.aZero && (c.a.String() != "" || len(c.a.AppendTo(nil)) != 0) {
			t.Errorf("%s: the zero text writes %q", c.name, c.a.String())
		}
	}
	held, other := stepper.TextOf("Bucharest"), stepper.TextOf("Bucharest")
	if n := testing.AllocsPerRun(100, func() {
		if held.String() != "Bucharest" || !held.Equal(other) {
			t.Fatal("held text changed")
		}
	}); n != 0 {
		t.Errorf("String and Equal of held texts: %v allocations, want 0", n)
	}
}
