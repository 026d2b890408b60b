package script

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// progGen writes random defs of one string parameter from the statements
// and expressions the closures compile, and some they do not.
type progGen struct {
	r      *rand.Rand
	locals []string
	depth  int
}

func (g *progGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *progGen) str() string {
	switch g.r.IntN(7) {
	case 0:
		return "s"
	case 1:
		return fmt.Sprintf("s[%s]", g.pick("0", "1", "-1", "len(s) - 1", "len(s) // 2"))
	case 2:
		return fmt.Sprintf("s[%s:%s]", g.num(), g.num())
	case 3:
		return fmt.Sprintf("s[:%s]", g.num())
	case 4:
		return g.pick(`"0"`, `"ab"`, `""`, `"9"`)
	case 5:
		return fmt.Sprintf("%s + %s + %s", g.str(), g.str(), g.str())
	}
	return fmt.Sprintf("(%s + %s)", g.str(), g.str())
}

func (g *progGen) num() string {
	if g.depth > 3 {
		return g.pick("0", "1", "2", "-1", "len(s)")
	}
	g.depth++
	defer func() { g.depth-- }()
	switch g.r.IntN(9) {
	case 0:
		return g.pick("0", "1", "2", "3", "-1", "-4", "9")
	case 1:
		return "len(s)"
	case 2:
		return fmt.Sprintf("(%s %s %s)", g.num(), g.pick("+", "-", "*", "+", "-", "//", "%"), g.num())
	case 3:
		return fmt.Sprintf("s.find(%s)", g.str())
	case 4:
		return fmt.Sprintf("s.index(%s)", g.pick("s[0]", "s[-1]", "s[1:3]", "s", `"q"`))
	case 5:
		if len(g.locals) > 0 {
			return g.locals[g.r.IntN(len(g.locals))]
		}
	case 6:
		return fmt.Sprintf("abs(%s)", g.num())
	case 7:
		return fmt.Sprintf("int(%s)", g.pick(`"7"`, `"-12"`, "s[:0] + \"3\""))
	}
	return "len(s + s)"
}

func (g *progGen) cond() string {
	switch g.r.IntN(5) {
	case 0:
		return fmt.Sprintf("%s %s %s", g.str(), g.pick("==", "!=", "<", ">="), g.str())
	case 1:
		return fmt.Sprintf("%s %s %s", g.num(), g.pick("==", "<", ">", "<="), g.num())
	case 2:
		return fmt.Sprintf("%s in %s", g.str(), g.str())
	case 3:
		return fmt.Sprintf("not %s", g.str())
	}
	return fmt.Sprintf("%s and %s or %s", g.num(), g.str(), g.num())
}

func (g *progGen) block(indent string, n int, inLoop bool) string {
	var b strings.Builder
	for range n {
		switch k := g.r.IntN(9); {
		case k < 3:
			name := g.pick("a", "b", "c")
			fmt.Fprintf(&b, "%s%s = %s\n", indent, name, g.num())
			g.locals = append(g.locals, name)
		case k == 3:
			fmt.Fprintf(&b, "%st = %s\n", indent, g.str())
		case k == 4 && g.depth < 2:
			g.depth++
			fmt.Fprintf(&b, "%sif %s:\n%s%selse:\n%s", indent, g.cond(), g.block(indent+"    ", 2, inLoop), indent, g.block(indent+"    ", 1, inLoop))
			g.depth--
		case k == 5 && g.depth < 2:
			g.depth++
			v := g.pick("i", "j")
			over := g.pick("range(5)", "range(2, 7)", "s.elems()", "[1, 2, 3]", "(s, s)")
			fmt.Fprintf(&b, "%sfor %s in %s:\n%s    out.append(%s)\n%s", indent, v, over, indent, v, g.block(indent+"    ", 2, true))
			g.depth--
		case k == 6 && inLoop:
			fmt.Fprintf(&b, "%sif %s:\n%s    %s\n", indent, g.cond(), indent, g.pick("break", "continue"))
		case k == 7:
			fmt.Fprintf(&b, "%sout.append((%s, %s))\n", indent, g.str(), g.num())
		default:
			fmt.Fprintf(&b, "%sout += [%s]\n", indent, g.str())
		}
	}
	return b.String()
}

// TestClosuresAnswerAsTheInterpreterOnRandomDefs: random defs of the
// shapes the closures compile answer through them exactly as the
// interpreter answers, errors included, on random strings.
func TestClosuresAnswerAsTheInterpreterOnRandomDefs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var args []starlark.Value
	for range 12 {
		var b strings.Builder
		for range 3 + r.IntN(7) {
			b.WriteByte("0123456789ab"[r.IntN(12)])
		}
		args = append(args, starlark.String(b.String()))
	}
	panics := closurePanics.Load()
	compiled, answered := 0, 0
	const defs = 300
	for n := range defs {
		g := &progGen{r: r}
		body := "    out = []\n    t = s + s\n" + g.block("    ", 4, false) + "    return (out, t, len(s + s))\n"
		src := "def f(s):\n" + body
		sc, err := Load("random.star", src, nil)
		if err != nil {
			t.Fatalf("def %d does not load: %v\n%s", n, err, src)
		}
		fn, _ := sc.function("f")
		if sc.compiled[fn] == nil {
			continue
		}
		compiled++
		for _, arg := range args {
			got, _ := askBoth(t, sc, "f", arg)
			if got[0] != got[1] {
				t.Fatalf("f(%s): the interpreter says %s, the closures %s\n%s", short(arg), got[0], got[1], src)
			}
			if !strings.HasPrefix(got[0], "error") {
				answered++
			}
		}
	}
	if n := closurePanics.Load() - panics; n > 0 {
		t.Errorf("the closures panicked %d times", n)
	}
	t.Logf("%d of %d random defs compiled; %d of their %d calls answered without an error", compiled, defs, answered, compiled*len(args))
	if compiled < defs/2 || answered < compiled*len(args)/4 {
		t.Errorf("%d of %d random defs compiled, %d calls answered; want most compiled and a quarter answered", compiled, defs, answered)
	}
}
