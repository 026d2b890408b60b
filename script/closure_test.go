package script

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"stepviz/internal/testenv"
	"stepviz/stepper"
)

// askBoth asks name(arg) of the twin run by the interpreter and of the
// twin's closures (falling back to the interpreter when they give up),
// each on a fresh sandbox, and returns what each answered and the steps
// each took.
func askBoth(t *testing.T, sc *Script, name string, arg starlark.Value) (got [2]string, steps [2]uint64) {
	t.Helper()
	fn, err := sc.function(name)
	if err != nil || fn == nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i := range 2 {
		sb := newSandbox(sc.Name, SearchSteps)
		sb.twins = sc.twins
		if i == 1 {
			sb.compiled = sc.compiled
		}
		v, err := sb.call(fn, arg)
		if err != nil {
			got[i] = "error: " + err.Error()
		} else {
			got[i] = v.Type() + " " + v.String()
		}
		steps[i] = sb.thread.ExecutionSteps()
	}
	return got, steps
}

// checkClosures checks that the closures answer every argument as the
// interpreter does, in about its steps (within a quarter), and that each
// of names was compiled.
func checkClosures(t *testing.T, sc *Script, names []string, args []starlark.Value) {
	t.Helper()
	panics := closurePanics.Load()
	defer func() {
		if n := closurePanics.Load() - panics; n > 0 {
			t.Errorf("the closures panicked %d times", n)
		}
	}()
	for _, name := range names {
		fn, _ := sc.function(name)
		if sc.compiled[fn] == nil {
			t.Errorf("%s was not compiled", name)
			continue
		}
		for _, arg := range args {
			got, steps := askBoth(t, sc, name, arg)
			if got[0] != got[1] {
				t.Errorf("%s(%s): the interpreter says %s, the closures %s", name, short(arg), got[0], got[1])
			}
			if d := max(steps[0], steps[1]) - min(steps[0], steps[1]); d > steps[0]/4+8 {
				t.Errorf("%s(%s): the interpreter took %d steps, the closures %d", name, short(arg), steps[0], steps[1])
			}
		}
	}
}

func loadExample(t *testing.T, file string, params ...string) *Script {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(testenv.ModuleRoot(t), "examples", "scripts", file))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ParseParams(params)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Load(file, string(src), ps)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestClosuresAnswerAsTheInterpreter: the example scripts whose states
// are strings, and defs of other shapes, answer through their closures
// exactly what the interpreter answers, on states and on arguments that
// make them fail.
func TestClosuresAnswerAsTheInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var boards []starlark.Value
	for range 300 {
		b := []byte("012345678")
		r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		boards = append(boards, starlark.String(b))
	}
	odd := []starlark.Value{starlark.String(""), starlark.String("0"), starlark.String("x"), starlark.String("12345678"), starlark.String("1234567890"), starlark.String("0123456789abcdef"), starlark.String("99999999")}
	t.Run("puzzle8", func(t *testing.T) {
		sc := loadExample(t, "puzzle8.star", "board=130826745", "goal=123456780")
		checkClosures(t, sc, []string{"is_goal", "successors", "h_manhattan"}, append(boards, odd...))
	})
	t.Run("hanoi", func(t *testing.T) {
		sc := loadExample(t, "hanoi.star", "n=4")
		var states []starlark.Value
		for n := 0; n <= 5; n++ {
			for range 40 {
				var b strings.Builder
				for range n {
					b.WriteByte("ABCD"[r.IntN(4)])
				}
				states = append(states, starlark.String(b.String()))
			}
		}
		checkClosures(t, sc, []string{"is_goal", "successors"}, states)
	})
	t.Run("sums", func(t *testing.T) {
		const src = `
def strs(s):
    return s[:2] + s[2:4] + "x" + s[-1:] + s[1:] + s[:1] + s[0]
def ints(s):
    return len(s) + 1 + 2 + len(s + s)
def mixed(s):
    return s + s + len(s)
`
		sc, err := Load("sums.star", src, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkClosures(t, sc, []string{"strs", "ints", "mixed"}, append(boards[:20], odd...))
	})
	t.Run("shapes", func(t *testing.T) {
		sc, err := Load("twins.star", twinScript, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkClosures(t, sc, []string{"is_goal", "h_loop", "falls", "fails"}, append(boards[:50], odd...))
	})
}

// TestClosuresStayBounded: a def run by its closures is stopped by the
// same budgets as in the interpreter, with the same messages, as soon:
// the per-call step budget (the closures count steps and give up at half
// of it, so a call just over it in the interpreter's count, about 10 %
// over in theirs, is still stopped) and the watchdog's memory limit (they
// give up at its cancel).
func TestClosuresStayBounded(t *testing.T) {
	const prefix = "start = \"a\"\ndef is_goal(s):\n    return s == \"b\"\ndef successors(s):\n    x = s + s\n"
	cases := []struct{ name, body, want string }{
		{"endless loop", "    for i in range(1000000):\n        for j in range(1000000):\n            pass\n", "one call took more than 1000000 Starlark steps"},
		{"just over the step budget", "    for i in range(100500):\n        x = s + s\n", "one call took more than 1000000 Starlark steps"},
		{"allocating", "    for i in range(1000000):\n        y = \"y\" * 100000\n", "allocated more than 256 MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			begin := time.Now()
			in, err := New("cell", prefix+c.body+"    return [(\"b\", \"b\")]\n", nil)
			if err != nil {
				t.Fatal(err)
			}
			fn, _ := in.sc.function("successors")
			if in.sc.compiled[fn] == nil {
				t.Fatal("successors was not compiled: the test tests nothing")
			}
			s, err := stepper.NewSearch(in, stepper.Options{Algorithm: stepper.BFS})
			if err != nil {
				t.Fatal(err)
			}
			if st := s.Run(0); st != stepper.Failed || !strings.Contains(s.Err().Error(), c.want) {
				t.Errorf("status %s, error %v; want it failed with %q", st, s.Err(), c.want)
			}
			if took := time.Since(begin); took > 2*time.Second {
				t.Errorf("took %v; a hostile script must be stopped within about a second", took)
			}
		})
	}
}
