package export

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/stepper"
	"stepviz/viz"
)

// familyPage is what the replay page shows of a search in its family's
// terms.
type familyPage struct {
	Label     string   `json:"label"`
	IterStart int      `json:"iterStart"`
	Shown     string   `json:"shown"` // the tree's laid-out nodes (data-tree-shown)
	Count     string   `json:"count"` // the tree's caption
	Drawn     []string `json:"drawn"` // "id status dir parent" of the tree nodes drawn (parent: where the tree draws it, -1 for a root)
	Statuses  []string `json:"statuses"`
	Strip     string   `json:"strip"`
	StripOn   bool     `json:"stripOn"`
	OpenTitle string   `json:"openTitle"`
	Open      []int    `json:"open"` // ids of the open table's rows in view
	OpenCount string   `json:"openCount"`
	Closed    []int    `json:"closed"`
	Meets     []int    `json:"meets"`
}

const readFamilyPage = `(() => {
  const q = s => document.querySelector('[data-testid="' + s + '"]');
  const ids = id => [...q(id).querySelectorAll('tbody tr[data-id]')].map(tr => Number(tr.dataset.id));
  const m = window.stepviz.model, st = [];
  for (let i = 0; i < m.nodeEnd; i++) st.push(m.nodeStatus(i));
  const L = window.stepviz.tree.L;
  const drawn = [...document.querySelectorAll('#tree [data-testid="tree-node"]')].map(n => n.dataset.id + " " + n.dataset.status + " " + (n.dataset.dir || "-") + " " + (L.parentOf.has(Number(n.dataset.id)) ? L.parentOf.get(Number(n.dataset.id)) : -1));
  const strip = q('family-strip');
  return {label: q('step-label').textContent, iterStart: m.iterStart || 0, shown: document.getElementById("app").dataset.treeShown || "",
    count: document.getElementById("tree-count").textContent, drawn, statuses: st,
    strip: strip ? strip.textContent : "", stripOn: !!strip && !strip.hidden, openTitle: document.getElementById('open-title') ? document.getElementById('open-title').textContent : "",
    open: ids('open-table'), openCount: q('open-count').textContent, closed: ids('closed-table'),
    meets: [...document.querySelectorAll('#tree [data-testid="meet"]')].map(r => Number(r.closest('[data-id]').dataset.id))};
})()`

// familyStep shows step k in the replay and reads the page once it is
// drawn.
func familyStep(t *testing.T, ctx context.Context, k int) familyPage {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`window.stepviz.go(%d), true`, k))); err != nil {
		t.Fatal(err)
	}
	return readFamily(t, ctx)
}

func readFamily(t *testing.T, ctx context.Context) familyPage {
	t.Helper()
	if err := chromedp.Do(ctx, testbrowser.Until(drawnModelStep, 30*time.Second)); err != nil {
		t.Fatalf("the step was not drawn: %v", err)
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[familyPage](readFamilyPage))
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	return st
}

// boundText is a bound as family.js writes it: ∞ for +Inf.
func boundText(b stepper.Bound) string {
	if math.IsInf(float64(b), 1) {
		return "∞"
	}
	return num(float64(b))
}

// stripFamily is the family whose strip the page shows (family.js), ""
// for a search with one open list ordered by a key.
func stripFamily(s *stepper.Search) string {
	if f := viz.ProtocolFrontier(s.Options().Algorithm); f == "stack" || f == "rbfs" || f == "bidirectional" {
		return f
	}
	if s.Options().Algorithm == stepper.Beam {
		return "beam"
	}
	return ""
}

// wantStrip is what the family strip must say at the snapshot, in order.
func wantStrip(s *stepper.Search, sn stepper.Snapshot, ev *stepper.Event) []string {
	state := func(id int) string { st, _ := s.StateOf(id); return st }
	d, b := sn.Deepening, sn.Bidirectional
	var want []string
	switch stripFamily(s) {
	case "stack":
		want = append(want, fmt.Sprintf("iteration %d", d.Iteration))
		if d.Limit != nil {
			want = append(want, fmt.Sprintf("depth limit %d", *d.Limit))
		}
		if d.Threshold != nil {
			next := "none yet"
			if !math.IsInf(float64(*d.NextThreshold), 1) {
				next = boundText(*d.NextThreshold)
			}
			want = append(want, "threshold "+boundText(*d.Threshold), "next threshold "+next)
		}
		var path []string
		for _, id := range d.Current {
			path = append(path, state(id))
		}
		want = append(want, "path "+strings.Join(path, " → "))
		if sn.IterStart > 0 {
			var parts []string
			for _, it := range viz.Iterations(s) {
				if it.FirstID < sn.IterStart {
					parts = append(parts, fmt.Sprint(it.Nodes))
				}
			}
			want = append(want, "earlier iterations: "+strings.Join(parts, " + ")+" nodes")
		}
	case "rbfs":
		var path []string
		for i, id := range d.Current {
			lim := "—"
			if i < len(d.FLimits) {
				lim = boundText(d.FLimits[i])
			}
			path = append(path, fmt.Sprintf("%s (F %s, limit %s)", state(id), num(s.Record(id).F), lim))
		}
		want = append(want, "path with f-limits: "+strings.Join(path, " → "))
		if len(d.Backups) > 0 {
			var bs []string
			for _, bk := range d.Backups {
				bs = append(bs, bk.State+" ← "+boundText(bk.F))
			}
			want = append(want, "backed up: "+strings.Join(bs, ", "))
		}
		if d.NextNode != nil {
			want = append(want, fmt.Sprintf("next: %s with limit %s", d.NextState, boundText(*d.NextLimit)))
		}
		n := 0
		for _, x := range sn.Tree {
			if x.Status == stepper.NodeForgotten {
				n++
			}
		}
		if n > 0 {
			want = append(want, fmt.Sprintf("%d nodes forgotten", n))
		}
	case "beam":
		o := s.Options()
		head := fmt.Sprintf("beam width %d", o.Width)
		if o.Local {
			head += ", local: layer by layer"
		}
		want = append(want, head)
		if b := ev.Beam; b != nil {
			if o.Local {
				want = append(want, fmt.Sprintf("layer %d", b.Layer))
			}
			want = append(want, fmt.Sprintf("kept %d", b.Kept))
			if b.PrunedCount > 0 {
				var ps []string
				for _, p := range b.Pruned {
					ps = append(ps, fmt.Sprintf("%s (f %s)", p.State, num(p.F)))
				}
				want = append(want, "pruned now: "+strings.Join(ps, ", "))
			}
		}
		want = append(want, fmt.Sprintf("%d pruned in all", sn.Counters.Pruned))
	case "bidirectional":
		want = append(want, "start's tree (forward, growing down)", "goal's tree (backward, growing up)")
		if b != nil {
			want = append(want, "expanded "+b.Direction.String())
			if math.IsInf(float64(b.Mu), 1) {
				want = append(want, "μ = ∞ (no meeting yet)")
			} else {
				want = append(want, "μ = "+boundText(b.Mu), "(meeting at "+state(b.MeetForward)+")")
			}
			want = append(want, "stop: "+b.Rule)
		}
	}
	return want
}

// checkFamily compares the page at step k with the engine's snapshot: the
// tree holds the current iteration's nodes only, with the engine's
// statuses and directions; the strip states the family's terms; the open
// table lists the stack (or RBFS's or both directions' frontier) in the
// live page's order, the closed table the current iteration's newest.
func checkFamily(t *testing.T, pg familyPage, s *stepper.Search, k, total int) {
	t.Helper()
	var ev *stepper.Event // the event of step k, for beam's strip
	if s.Seek(max(k-1, 0)); k > 0 {
		e, ok := s.Step()
		if !ok {
			t.Fatalf("the search has no step %d", k)
		}
		ev = &e
	}
	sn := s.Snapshot()
	if want := fmt.Sprintf("Step %d / %d", k, total); pg.Label != want {
		t.Fatalf("label %q, want %q", pg.Label, want)
	}
	if pg.IterStart != sn.IterStart {
		t.Errorf("step %d: the page's iteration starts at node %d, the engine's at %d", k, pg.IterStart, sn.IterStart)
	}
	if len(sn.Tree) <= 300 && pg.Shown != fmt.Sprint(len(sn.Tree)) { // a bigger tree is a focus tree (treelayout.js)
		t.Errorf("step %d: the tree lays out %s nodes, the engine's tree has %d (earlier iterations' %d left out)", k, pg.Shown, len(sn.Tree), sn.IterStart)
	}
	if want := nodeCount(len(sn.Tree)); !strings.HasPrefix(pg.Count, want) {
		t.Errorf("step %d: tree caption %q, want it to start %q", k, pg.Count, want)
	}
	for _, n := range sn.Tree {
		if n.ID >= len(pg.Statuses) || pg.Statuses[n.ID] != n.Status.String() {
			t.Errorf("step %d: node %d (%s) is %q on the page, %s in the engine", k, n.ID, n.State, pg.Statuses[min(n.ID, len(pg.Statuses)-1)], n.Status)
		}
	}
	if len(pg.Drawn) == 0 {
		t.Errorf("step %d: no tree node drawn", k)
	}
	for _, dr := range pg.Drawn {
		var id, parent int
		var status, dir string
		if _, err := fmt.Sscan(dr, &id, &status, &dir, &parent); err != nil {
			t.Fatalf("drawn node %q: %v", dr, err)
		}
		n, ok := sn.NodeByID(id)
		if !ok {
			t.Errorf("step %d: the tree draws node %d: %s", k, id, sn.NoSuchNode(id))
			continue
		}
		if dir == "-" {
			dir = ""
		}
		if status == "pruned" && n.Status == stepper.NodeDiscarded && s.Record(id).Fate == stepper.BasePruned {
			status = n.Status.String() // beam's pruned nodes are drawn as such (family.js)
		}
		if status != n.Status.String() || dir != n.Dir.String() {
			t.Errorf("step %d: tree node %d drawn %s %q, engine %s %q", k, id, status, dir, n.Status, n.Dir)
		}
		if _, shown := sn.NodeByID(n.Parent); shown && len(sn.Tree) <= 300 && parent != n.Parent {
			t.Errorf("step %d: tree node %d drawn under node %d, the engine's parent is %d", k, id, parent, n.Parent)
		}
	}
	if stripFamily(s) == "" && pg.StripOn {
		t.Errorf("step %d: a family strip for %s: %q", k, s.Options().Algorithm, pg.Strip)
	}
	if stripFamily(s) != "" {
		if !pg.StripOn {
			t.Errorf("step %d: no family strip", k)
		}
		at := 0
		var want []string
		if k > 0 { // at step 0 no step has been taken: the strip names the family only
			want = wantStrip(s, sn, ev)
		}
		for _, w := range want {
			i := strings.Index(pg.Strip[at:], w)
			if i < 0 {
				t.Errorf("step %d: the strip lacks %q (in order):\n%s", k, w, pg.Strip)
				break
			}
			at += i + len(w)
		}
	}
	order := s.OpenOrder(nil) // the live page's order (rows, head)
	if pg.OpenCount != fmt.Sprint(len(order)) || len(pg.Open) < min(10, len(order)) || !slices.Equal(pg.Open, order[:min(len(order), len(pg.Open))]) {
		t.Errorf("step %d: open table (%s rows) %v, engine %v", k, pg.OpenCount, pg.Open, order)
	}
	var closed []int
	for _, c := range sn.Closed {
		closed = append(closed, c.ID)
	}
	if len(pg.Closed) < min(10, len(closed)) || !slices.Equal(pg.Closed, closed[len(closed)-min(len(closed), len(pg.Closed)):]) {
		t.Errorf("step %d: closed table %v, engine %v", k, pg.Closed, closed)
	}
	if b := sn.Bidirectional; b != nil && !math.IsInf(float64(b.Mu), 1) {
		// the meeting nodes drawn (the tree draws what is in view) are
		// ringed, and only they
		var want []int
		for _, id := range []int{b.MeetForward, b.MeetBackward} {
			if slices.ContainsFunc(pg.Drawn, func(d string) bool { return strings.HasPrefix(d, fmt.Sprint(id)+" ") }) {
				want = append(want, id)
			}
		}
		slices.Sort(pg.Meets)
		slices.Sort(want)
		if len(want) == 0 || !slices.Equal(pg.Meets, want) {
			t.Errorf("step %d: meeting nodes ringed %v, engine μ meets at %d and %d (drawn: %v)", k, pg.Meets, b.MeetForward, b.MeetBackward, want)
		}
	}
}

// TestHTMLReplayFamilies: a replay of ids, idastar, rbfs, bibfs and beam
// on Romania, and of rbfs and idastar on an 8-puzzle, shows each step as the live page does, in the search's own
// terms, checked against the engine's snapshot at every step visited
// (forward, back and by jumps).
func TestHTMLReplayFamilies(t *testing.T) {
	ctx, problems := headless(t)
	for _, c := range []struct {
		name, problem, opts string
		steps               int    // the steps exported, ToEnd: all
		title               string // the open table's title
		// what the search must show somewhere in the steps visited
		iterations, backups, meets, pruned bool
	}{
		{"ids", "graph romania", "ids", ToEnd, "Stack", true, false, false, false},
		{"idastar", "graph romania", "idastar", ToEnd, "Stack", true, false, false, false},
		{"rbfs", "graph romania", "rbfs", ToEnd, "Next node and the path's unexpanded children", false, true, false, false},
		{"bibfs", "graph romania", "bibfs", ToEnd, "Open lists, both directions", false, false, true, false},
		{"beam", "graph romania", "beam width=2", ToEnd, "Beam", false, false, false, true},
		// many equal stored Fs: RBFS's frontier order by frame and backup
		{"rbfs-puzzle", bigProblem, "rbfs h=manhattan", 400, "Next node and the path's unexpanded children", false, true, false, false},
		{"idastar-puzzle", "puzzle 283164705 goal=123804765", "idastar h=misplaced", ToEnd, "Stack", true, false, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			data := export(t, s, "html", c.steps)
			p := tempFile(t, "replay.html", data)
			ref := newSearch(t, c.problem, c.opts)
			total := ref.Seek(1 << 30)
			if c.steps != ToEnd {
				total = min(total, c.steps)
			}
			if err := chromedp.Do(ctx, openReplay(p)); err != nil {
				t.Fatalf("opening the replay: %v", err)
			}
			pg := readFamily(t, ctx)
			checkFamily(t, pg, ref, 0, total)
			if pg.OpenTitle != c.title {
				t.Errorf("open table titled %q, want %q", pg.OpenTitle, c.title)
			}
			var sawIter, sawBackup, sawMeet, sawPruned bool
			steps := []int{1, 2, 3, total / 2, total, total - 1, 4, 2 * total / 3, 1}
			for k := 5; k < total-1; k += max(3, total/40) {
				steps = append(steps, k)
			}
			for _, k := range steps {
				pg := familyStep(t, ctx, k)
				checkFamily(t, pg, ref, k, total)
				sn := ref.Snapshot()
				sawIter = sawIter || sn.IterStart > 0
				sawBackup = sawBackup || sn.Deepening != nil && len(sn.Deepening.Backups) > 0
				sawMeet = sawMeet || len(pg.Meets) > 0
				if c.pruned {
					ev := eventAt(t, c.problem, c.opts, k)
					if ev.Beam != nil && len(ev.Beam.Pruned) > 0 {
						sawPruned = true
						for _, pn := range ev.Beam.Pruned {
							if !slices.ContainsFunc(pg.Drawn, func(d string) bool { return strings.HasPrefix(d, fmt.Sprintf("%d pruned - ", pn.ID)) }) {
								t.Errorf("step %d: pruned node %d (%s) is not drawn as pruned: %v", k, pn.ID, pn.State, pg.Drawn)
							}
						}
					}
				}
			}
			if c.name == "rbfs" || c.name == "beam" || c.name == "ids" {
				// one step at a time: the views follow the model's step
				// changes (new nodes, mods) without a rebuild
				familyStep(t, ctx, 0)
				for k := 1; k <= total; k++ {
					checkFamily(t, familyStep(t, ctx, k), ref, k, total)
				}
			}
			if sawIter != c.iterations || sawBackup != c.backups || sawMeet != c.meets || sawPruned != c.pruned {
				t.Errorf("steps visited show iterations %v, backups %v, a meeting %v, prunings %v; want %v, %v, %v, %v", sawIter, sawBackup, sawMeet, sawPruned, c.iterations, c.backups, c.meets, c.pruned)
			}
			if c.iterations {
				// "view 1" shows the first iteration at its last step
				its := viz.Iterations(ref)
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.stepviz.go(`+fmt.Sprint(total)+`), true`)); err != nil {
					t.Fatal(err)
				}
				readFamily(t, ctx)
				if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=earlier-iteration]`)); err != nil {
					t.Fatal(err)
				}
				pg := readFamily(t, ctx)
				if want := fmt.Sprintf("Step %d / %d", its[0].LastStep, total); pg.Label != want {
					t.Errorf("view 1 shows %q, want %q (iteration 1's last step)", pg.Label, want)
				}
				checkFamily(t, pg, ref, its[0].LastStep, total)
			}
			shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err == nil {
				artifact(t, "html-replay-family-"+c.name+".png", shot)
			}
		})
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the replay page has errors:\n%s", strings.Join(p, "\n"))
	}
}

// eventAt is the event of step k of a search.
func eventAt(t *testing.T, problem, opts string, k int) stepper.Event {
	t.Helper()
	s := newSearch(t, problem, opts)
	s.Seek(k - 1)
	ev, ok := s.Step()
	if !ok {
		t.Fatalf("%s has no step %d", opts, k)
	}
	return ev
}

// TestHTMLReplayEveryAlgorithm: a replay of every algorithm (and of A*
// with a lazy frontier) on Romania shows its first, middle and last steps
// as the engine has them: statuses, the open list in the live page's
// order, the closed list, the strip of the families that have one.
func TestHTMLReplayEveryAlgorithm(t *testing.T) {
	ctx, problems := headless(t)
	for _, opts := range []string{"bfs", "dfs", "dls depth=3", "ucs", "greedy", "astar", "astar lazy=true", "wastar w=2", "beam width=3 local=true f=h",
		"ids", "idastar", "rbfs", "bibfs", "biucs", "biastar"} {
		t.Run(opts, func(t *testing.T) {
			s := newSearch(t, "graph romania", opts)
			p := filepath.Join(t.TempDir(), "replay.html")
			if err := os.WriteFile(p, export(t, s, "html", ToEnd), 0o644); err != nil {
				t.Fatal(err)
			}
			ref := newSearch(t, "graph romania", opts)
			total := ref.Seek(1 << 30)
			if err := chromedp.Do(ctx, openReplay(p)); err != nil {
				t.Fatalf("opening the replay: %v", err)
			}
			checkFamily(t, readFamily(t, ctx), ref, 0, total)
			for _, k := range []int{1, total / 2, total, max(1, total-1), 2} {
				if k <= total {
					checkFamily(t, familyStep(t, ctx, k), ref, k, total)
				}
			}
			if opts == "ucs" { // re-parents a node: one step at a time, the tree follows the mod
				for k := 1; k <= total; k++ {
					checkFamily(t, familyStep(t, ctx, k), ref, k, total)
				}
			}
		})
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the replay page has errors:\n%s", strings.Join(p, "\n"))
	}
}

// nodeCount is n with its noun, as the page writes a count of nodes
// ("1 node", "12 nodes").
func nodeCount(n int) string {
	if n == 1 {
		return "1 node"
	}
	return fmt.Sprintf("%d nodes", n)
}
