package export

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"stepviz/internal/usererr"
)

// FullLists chooses the steps at which the Markdown trace prints the whole
// open and closed lists; at every other step it prints only what the step
// changed. The zero value prints them nowhere; [DefaultFullLists] is what
// an export without a choice uses.
type FullLists struct {
	Start bool  // step 0, before the first expansion
	End   bool  // the last step exported
	All   bool  // every step: O(steps · nodes) bytes, the size grows with the square of the steps
	Every int   // every Every-th step (0: none)
	Steps []int // these step numbers, ascending
	// Auto prints the lists once the changes written since they were last
	// printed are at least as many lines as the lists would take, so the
	// lists never take more than the changes do and the trace stays linear
	// in its steps: often while the lists are short, rarely once they are
	// long.
	Auto bool
}

// DefaultFullLists is the start, the end and Auto.
func DefaultFullLists() FullLists { return FullLists{Start: true, End: true, Auto: true} }

// maxFullSteps bounds the step numbers ParseFullLists accepts.
const maxFullSteps = 1000

// ParseFullLists reads a comma list of step numbers and the words start,
// end, auto, all, none and every=N ("0,10,end", "start,every=100,end").
// It refuses an empty list, an unknown word, a negative step and more than
// 1,000 step numbers.
func ParseFullLists(s string) (FullLists, error) {
	var f FullLists
	words := strings.Split(s, ",")
	if strings.TrimSpace(s) == "" {
		return f, usererr.Errorf("export", "full lists: no step given; give step numbers and the words start, end, auto, all, every=N or none, such as 0,10,end")
	}
	none := false
	for _, w := range words {
		w = strings.ToLower(strings.TrimSpace(w))
		switch {
		case w == "start":
			f.Start = true
		case w == "end":
			f.End = true
		case w == "auto":
			f.Auto = true
		case w == "all":
			f.All = true
		case w == "none":
			none = true
		case strings.HasPrefix(w, "every="):
			n, err := strconv.Atoi(strings.TrimPrefix(w, "every="))
			if err != nil || n < 1 {
				return FullLists{}, usererr.Errorf("export", "full lists: %q: want every=N with N a whole number of at least 1, such as every=100", w)
			}
			f.Every = n
		default:
			n, err := strconv.Atoi(w)
			if err != nil || n < 0 {
				return FullLists{}, usererr.Errorf("export", "full lists: %q is not a step number (0 or more) nor one of start, end, auto, all, every=N, none", w)
			}
			if len(f.Steps) == maxFullSteps {
				return FullLists{}, usererr.Errorf("export", "full lists: more than %d step numbers; use every=N for regular steps", maxFullSteps)
			}
			f.Steps = append(f.Steps, n)
		}
	}
	if none && (f.Start || f.End || f.Auto || f.All || f.Every > 0 || len(f.Steps) > 0) {
		return FullLists{}, usererr.Errorf("export", "full lists: none cannot go with other steps; give none alone, or the steps you want")
	}
	slices.Sort(f.Steps)
	f.Steps = slices.Compact(f.Steps)
	return f, nil
}

// String is the list ParseFullLists reads back ("none" for no step).
func (f FullLists) String() string {
	var parts []string
	if f.Start {
		parts = append(parts, "start")
	}
	for _, n := range f.Steps {
		parts = append(parts, strconv.Itoa(n))
	}
	if f.Every > 0 {
		parts = append(parts, "every="+strconv.Itoa(f.Every))
	}
	if f.Auto {
		parts = append(parts, "auto")
	}
	if f.All {
		parts = append(parts, "all")
	}
	if f.End {
		parts = append(parts, "end")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}

// words says in a sentence when the lists are printed.
func (f FullLists) words() string {
	if f.All {
		return "after every step"
	}
	var parts []string
	if f.Start {
		parts = append(parts, "at the start")
	}
	if len(f.Steps) > 0 {
		ns := make([]string, len(f.Steps))
		for i, n := range f.Steps {
			ns[i] = strconv.Itoa(n)
		}
		parts = append(parts, "after step "+strings.Join(ns, ", "))
	}
	if f.Every > 0 {
		parts = append(parts, fmt.Sprintf("every %d steps", f.Every))
	}
	if f.Auto {
		parts = append(parts, "whenever the changes since they were last printed are as long as the lists")
	}
	if f.End {
		parts = append(parts, "after the last step")
	}
	if len(parts) == 0 {
		return "at no step"
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// fullPlan decides, step by step, whether the Markdown trace prints the
// whole lists. O(1) a step.
type fullPlan struct {
	f       FullLists
	changes int // lines of changes written since the lists were last printed
	next    int // index in f.Steps of the next named step
}

// changed counts n lines of changes.
func (pl *fullPlan) changed(n int) { pl.changes += n }

// at reports whether the lists are printed after step (last: it is the
// last step exported; rows: the rows the lists would have), and if so
// starts counting changes again.
func (pl *fullPlan) at(step int, last bool, rows int) bool {
	for pl.next < len(pl.f.Steps) && pl.f.Steps[pl.next] < step {
		pl.next++
	}
	want := pl.f.All ||
		(step == 0 && pl.f.Start) ||
		(last && pl.f.End) ||
		(pl.f.Every > 0 && step > 0 && step%pl.f.Every == 0) ||
		(pl.next < len(pl.f.Steps) && pl.f.Steps[pl.next] == step) ||
		(pl.f.Auto && step > 0 && pl.changes >= rows)
	if want {
		pl.changes = 0
	}
	return want
}
