package script

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// twinScript has defs of several shapes, each specialised for a short
// string: loops that break and continue, a comprehension, a body that
// falls off its end, elif chains, one that fails, and two that call other
// defs.
const twinScript = `
goal = "123456780"
def is_goal(s):
    return s == goal
def h_misplaced(s):
    return len([i for i in range(9) if s[i] != "0" and s[i] != goal[i]])
def h_loop(s):
    n = 0
    for i in range(len(s)):
        if s[i] == "0":
            continue
        elif s[i] == "9":
            break
        elif s[i] < goal[i]:
            n = n + 2
        else:
            n = n + 1
    return n
def falls(s):
    out = []
    for c in s.elems():
        if c != "0":
            out.append(s[:1] + s[-1:])
def calls(s):
    return h_loop(s[1:] + s[:1]) + len(s + s)
def fails(s):
    return s[int(s[0]) + 20] + s
def back(s):
    if len(s) < 100:
        return again(s) + len(s + s)
    return 0
def again(s):
    return back(s * 200)
`

// checkSameCalls calls fn with arg on a sandbox with twins and on one
// without, and checks that both return the same value or fail with the
// same error, in about the same steps: go.starlark.net pads a jump's
// argument with NOPs, which count as steps, so the twin, whose code lies
// at other offsets, may take one or two steps more or fewer a jump.
func checkSameCalls(t *testing.T, sc *Script, name string, arg starlark.Value) {
	t.Helper()
	fn, err := sc.function(name)
	if err != nil || fn == nil {
		t.Fatalf("%s: %v", name, err)
	}
	var got [2]string
	var steps [2]uint64
	for i, twins := range []map[*starlark.Function]*starlark.Function{nil, sc.twins} {
		sb := newSandbox(sc.Name, SearchSteps)
		sb.twins = twins
		v, err := sb.call(fn, arg)
		if err != nil {
			got[i] = "error: " + err.Error()
		} else {
			got[i] = v.String()
		}
		steps[i] = sb.thread.ExecutionSteps()
	}
	if diff := max(steps[0], steps[1]) - min(steps[0], steps[1]); got[0] != got[1] || diff > steps[0]/8+2 {
		t.Errorf("%s(%s): without its twin %s in %d steps, with it %s in %d steps", name, short(arg), got[0], steps[0], got[1], steps[1])
	}
}

// TestTwinsAnswerAsTheirDefs: a def called through its twin returns what
// it returns, fails as it fails (message, position, backtrace) and takes
// about the same Starlark steps (twinTestSteps), so budgets run out at
// about the same question either way.
func TestTwinsAnswerAsTheirDefs(t *testing.T) {
	sc, err := Load("twins.star", twinScript, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name := range sc.globals {
		if strings.HasPrefix(name, hiddenPrefix) {
			t.Errorf("global %s left after loading; want the makers of twins gone", name)
		}
	}
	names := []string{"is_goal", "h_misplaced", "h_loop", "falls", "fails", "calls", "back"}
	for i, name := range names {
		fn, _ := sc.function(name)
		// calls and back name functions: through one, a twin could call its
		// def where the def itself would be refused as recursive
		if want := i < 5; (sc.twins[fn] != nil) != want {
			t.Errorf("%s has a twin: %v; want %v", name, sc.twins[fn] != nil, want)
		}
	}
	// back("abc") calls again, which calls back: recursion, refused
	checkSameCalls(t, sc, "back", starlark.String("abc"))
	for _, name := range names {
		for _, arg := range []string{"123456780", "130826745", "9", "0", "210"} {
			checkSameCalls(t, sc, name, starlark.String(arg))
		}
	}
	// arguments the twin does not take: the def answers
	for _, arg := range []starlark.Value{starlark.MakeInt(3), starlark.String(strings.Repeat("1", maxStateText+1))} {
		checkSameCalls(t, sc, "h_loop", arg)
	}
}

// TestTwinsNeedAShortString: a twin keeps the operators of a short
// string, so a call with a longer string, or with a tuple, must run the
// def, whose measures refuse what the twin would let through (here a
// value of more than maxSequence elements); and the script cannot reach
// a twin's maker to call the twin itself.
func TestTwinsNeedAShortString(t *testing.T) {
	const double = "def h_double(s):\n    return len(s + s)\n"
	reach := double + "def h_reach(s):\n    return __stepviz_twin_h_double__()(s * 1000)\n"
	if _, err := Load("hostile.star", reach, nil); err == nil || !strings.Contains(err.Error(), "hostile.star:4:12: the name __stepviz_twin_h_double__ is the sandbox's own") {
		t.Errorf("a script naming a twin's maker: %v; want it refused", err)
	}
	sc, err := Load("hostile.star", double, nil)
	if err != nil {
		t.Fatal(err)
	}
	fn, _ := sc.function("h_double")
	if sc.twins[fn] == nil || sc.compiled[fn] == nil {
		t.Fatal("h_double has no twin or no closures: the test tests nothing")
	}
	long := strings.Repeat("ab", maxSequence/3)
	big := make(starlark.Tuple, maxSequence*2/3)
	for i := range big {
		big[i] = starlark.None
	}
	for _, arg := range []starlark.Value{starlark.String(long), big} {
		sb := newSandbox(sc.Name, SearchSteps)
		sb.twins, sb.compiled = sc.twins, sc.compiled
		v, err := sb.call(fn, arg)
		if err == nil || !strings.Contains(err.Error(), "would make") {
			t.Errorf("h_double of a %s of %d: %v, %v; want it refused for making more than %d elements", arg.Type(), textSize(arg, 1<<30), v, err, maxSequence)
		}
	}
}
