package export

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// puzzle15 is a 15-puzzle (Korf's first instance) that BFS does not solve
// within thousands of steps.
const puzzle15 = "puzzle 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"

// TestMarkdownLinearInSteps: a Markdown trace of 2,000 BFS steps on a
// 15-puzzle is at most 20 MB by default, and 4,000 steps at most 2.2
// times that.
func TestMarkdownLinearInSteps(t *testing.T) {
	size := func(k int) int {
		t.Helper()
		var b bytes.Buffer
		if err := Write(&b, "md", newSearch(t, puzzle15, "bfs"), k); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), fmt.Sprintf("\n%d steps; status running", k)) {
			t.Fatalf("the trace does not end at step %d, running: %s", k, tail(b.String(), 3))
		}
		return b.Len()
	}
	two, four := size(2000), size(4000)
	if two > 20<<20 {
		t.Errorf("2,000 steps: %d bytes, want at most 20 MB", two)
	}
	if float64(four) > 2.2*float64(two) {
		t.Errorf("4,000 steps: %d bytes, %.2f times 2,000 steps' %d: want at most 2.2 times", four, float64(four)/float64(two), two)
	}
}

// listedSteps are the steps of a markdown trace whose sections hold the
// full open list.
func listedSteps(doc string) []int {
	var out []int
	for _, sec := range strings.Split(doc, "\n## Step ")[1:] {
		var k int
		if _, err := fmt.Sscanf(sec, "%d:", &k); err == nil && strings.Contains(sec, "**Open**") {
			out = append(out, k)
		}
	}
	return out
}

// TestMarkdownFullListsChosen: the full lists are printed at exactly the
// steps chosen.
func TestMarkdownFullListsChosen(t *testing.T) {
	for _, c := range []struct {
		full string
		upTo int
		want []int
	}{
		{"0,10,end", 25, []int{0, 10, 25}},
		{"start,every=10,end", 25, []int{0, 10, 20, 25}},
		{"every=10", 30, []int{10, 20, 30}},
		{"7", 25, []int{7}},
		{"none", 25, nil},
		{"all", 3, []int{0, 1, 2, 3}},
		{"end", 0, []int{0}},
	} {
		t.Run(c.full, func(t *testing.T) {
			f, err := ParseFullLists(c.full)
			if err != nil {
				t.Fatal(err)
			}
			doc := exportMD(t, newSearch(t, puzzle15, "bfs"), c.upTo, f)
			if got := listedSteps(doc); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("full lists at %v, want %v", got, c.want)
			}
			if !strings.Contains(doc, "(full lists: `"+f.String()+"`)") {
				t.Errorf("the trace does not say which full lists it has (%s)", f)
			}
		})
	}
}

// TestMarkdownAutoListsThin: by default the lists are printed often while
// they are short and rarely once they are long: the gaps between listed
// steps grow.
func TestMarkdownAutoListsThin(t *testing.T) {
	steps := listedSteps(string(export(t, newSearch(t, puzzle15, "bfs"), "md", 1000)))
	if len(steps) < 5 || len(steps) > 40 || steps[0] != 0 || steps[len(steps)-1] != 1000 {
		t.Fatalf("full lists at %v: want the start, the end and a few between", steps)
	}
	if first, last := steps[2]-steps[1], steps[len(steps)-2]-steps[len(steps)-3]; last <= first {
		t.Errorf("full lists at %v: the gaps do not grow", steps)
	}
}

func TestParseFullLists(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"0,10,end", "0,10,end", ""},
		{" End , 3,3, 1 ", "1,3,end", ""},
		{"start,every=100,end", "start,every=100,end", ""},
		{"auto", "auto", ""},
		{"all", "all", ""},
		{"none", "none", ""},
		{"", "", "no step given"},
		{"-1", "", "not a step number"},
		{"every=0", "", "at least 1"},
		{"every=x", "", "every=N"},
		{"none,end", "", "none cannot go"},
		{"ends", "", "not a step number"},
		{strings.Repeat("1,", 1001) + "1", "", "more than 1000"},
	} {
		f, err := ParseFullLists(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseFullLists(%.30q): %v, want an error saying %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("ParseFullLists(%q): %v", c.in, err)
		case c.err == "" && f.String() != c.want:
			t.Errorf("ParseFullLists(%q) = %s, want %s", c.in, f, c.want)
		}
	}
}

// FuzzParseFullLists: whatever is read is written back as a list that
// reads the same.
func FuzzParseFullLists(f *testing.F) {
	for _, s := range []string{"0,10,end", "start,every=100,end", "none", "all,auto", "7,,8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fl, err := ParseFullLists(s)
		if err != nil {
			return
		}
		again, err := ParseFullLists(fl.String())
		if err != nil || again.String() != fl.String() {
			t.Fatalf("%q read as %s, read back as %s (%v)", s, fl, again, err)
		}
	})
}
