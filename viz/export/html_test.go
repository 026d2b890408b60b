package export

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/stepper"
)

// headless starts Chromium with networking disabled and records every
// request that is not for the file itself and every uncaught script
// error.
func headless(t *testing.T) (ctx context.Context, problems func() []string) {
	t.Helper()
	ctx = testbrowser.New(t, 1500, 1000, 90*time.Second)
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
	}); err != nil {
		t.Fatalf("taking the browser offline: %v", err)
	}
	var mu sync.Mutex
	var seen []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			if u := e.Request.URL; !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") {
				seen = append(seen, "request to "+u)
			}
		case *runtime.EventExceptionThrown:
			seen = append(seen, "script error: "+e.ExceptionDetails.Text+" "+fmt.Sprint(e.ExceptionDetails.Exception))
		}
	}); err != nil {
		t.Fatal(err)
	}
	return ctx, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// pageState reads what the replay page shows.
type pageState struct {
	Label     string    `json:"label"`
	Narration string    `json:"narration"`
	Open      []string  `json:"open"`   // states in the open table (its rows in view)
	Closed    []string  `json:"closed"` // states in the closed table (its rows in view)
	Nodes     int       `json:"nodes"`  // nodes of the page's model at the step shown
	Statuses  []string  `json:"statuses"`
	G         []float64 `json:"g"`       // each node's g in the page's model
	H         []float64 `json:"h"`       // each node's h in the page's model
	F         []float64 `json:"f"`       // each node's f in the page's model
	OpenGHF   []string  `json:"openGHF"` // "g h f" as the open table's rows in view write them
	Parent    []int     `json:"parent"`  // each node's parent in the page's model
	Drawn     []string  `json:"drawn"`   // "id status" of the tree nodes drawn
	Inspector string    `json:"inspector"`
	View      string    `json:"view"` // the problem view's drawing: svg or canvas
}

const readPage = `(() => {
  const q = s => document.querySelector('[data-testid="' + s + '"]');
  const col = id => [...q(id).querySelectorAll('tbody tr[data-id]')].map(tr => tr.children[1].textContent.replace(/^\((.*)\)$/, "$1"));
  const m = window.stepviz.model, st = [], g = [], h = [], f = [], parent = [];
  for (let i = 0; i < m.nodeEnd; i++) { st.push(m.nodeStatus(i)); g.push(m.g(i)); h.push(m.h(i)); f.push(m.f(i)); parent.push(m.parent(i)); }
  const ghf = [...q('open-table').querySelectorAll('tbody tr[data-id]')].map(tr => [2, 3, 4].map(i => tr.children[i].textContent).join(" "));
  const drawn = [...document.querySelectorAll('[data-testid="tree"] [data-testid="tree-node"]')].map(n => n.dataset.id + " " + n.dataset.status);
  const v = q('problem-view').querySelector('svg, canvas');
  return {label: q('step-label').textContent, narration: q('narration').textContent,
    open: col('open-table'), closed: col('closed-table'), nodes: m.nodeEnd, statuses: st, g, h, f, openGHF: ghf, parent, drawn,
    inspector: q('inspector').textContent, view: v ? v.tagName.toLowerCase() : ""};
})()`

// openReplay is an action that opens the replay file p in the tab and
// waits until the page shows step 0 (after its warm-up under the veil).
func openReplay(p string) chromedp.Action[chromedp.Void] {
	return testbrowser.Open("file://"+p, `document.getElementById("app").dataset.drawn === "0"`, 30*time.Second)
}

// drawnModelStep is true once the page has drawn the step its model is at.
const drawnModelStep = `document.getElementById("app").dataset.drawn === String(window.stepviz.model.step)`

// nextFrame is an action that waits until the page has run the animation
// frame after this one: a draw the page scheduled (requestAnimationFrame)
// before it has run, and its frame is laid out.
var nextFrame = chromedp.Evaluate[chromedp.Void](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`, chromedp.EvalAwaitPromise)

func readState(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	if err := chromedp.Do(ctx, testbrowser.Until(drawnModelStep, 5*time.Second)); err != nil {
		t.Fatalf("the step was not drawn: %v", err)
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	return st
}

// checkAgainst compares the page with the engine's snapshot at step k.
func checkAgainst(t *testing.T, st pageState, s *stepper.Search, k, total int) {
	t.Helper()
	s.Seek(k)
	sn := s.Snapshot()
	if want := fmt.Sprintf("Step %d / %d", k, total); st.Label != want {
		t.Fatalf("label %q, want %q", st.Label, want)
	}
	var open, closed []string
	for i, o := range sn.Open {
		open = append(open, o.State.String())
		sh := o.Shown()
		if want := sh.G + " " + sh.H + " " + sh.F; i < len(st.OpenGHF) && st.OpenGHF[i] != want {
			t.Errorf("step %d: open row %d (%s) shows g h f %q, engine %q", k, i, o.State, st.OpenGHF[i], want)
		}
	}
	for _, c := range sn.Closed {
		closed = append(closed, c.State.String())
	}
	// the tables are virtualised: the open list from its head, the
	// closed list to its newest row, at least ten rows of each
	if len(st.Open) < min(10, len(open)) || strings.Join(st.Open, " ") != strings.Join(open[:min(len(open), len(st.Open))], " ") {
		t.Errorf("step %d: open table %v, engine %v", k, st.Open, open)
	}
	if len(st.OpenGHF) != len(st.Open) {
		t.Errorf("step %d: %d open rows but %d read for g, h, f", k, len(st.Open), len(st.OpenGHF))
	}
	if len(st.Closed) < min(10, len(closed)) || strings.Join(st.Closed, " ") != strings.Join(closed[len(closed)-min(len(closed), len(st.Closed)):], " ") {
		t.Errorf("step %d: closed table %v, engine %v", k, st.Closed, closed)
	}
	if st.View == "" {
		t.Errorf("step %d: no problem view", k)
	}
	if st.Nodes != len(sn.Tree) {
		t.Errorf("step %d: the page has %d nodes, engine has %d", k, st.Nodes, len(sn.Tree))
	}
	for i, n := range sn.Tree {
		if i < len(st.Statuses) && st.Statuses[i] != n.Status.String() {
			t.Errorf("step %d: node %d is %s on the page, engine %s", k, i, st.Statuses[i], n.Status)
		}
		if i < len(st.H) && (math.Abs(st.H[i]-n.H) > 1e-9 || math.Abs(st.F[i]-n.F) > 1e-9) {
			t.Errorf("step %d: node %d has h %v, f %v on the page, engine h %v, f %v", k, i, st.H[i], st.F[i], n.H, n.F)
		}
		// re-parented nodes: the page undoes and redoes the step's change
		if i < len(st.G) && (st.G[i] != n.G || st.Parent[i] != n.Parent) {
			t.Errorf("step %d: node %d has g %v, parent %d on the page, engine g %v, parent %d", k, i, st.G[i], st.Parent[i], n.G, n.Parent)
		}
	}
	if len(st.Drawn) == 0 {
		t.Errorf("step %d: no tree node drawn", k)
	}
	for _, d := range st.Drawn {
		var id int
		var status string
		if _, err := fmt.Sscan(d, &id, &status); err != nil || id >= len(sn.Tree) || status != sn.Tree[id].Status.String() {
			t.Errorf("step %d: tree node drawn %q, engine %v", k, d, sn.Tree[min(id, len(sn.Tree)-1)].Status)
		}
	}
}

func TestHTMLReplayInChromium(t *testing.T) {
	ctx, problems := headless(t)
	for _, name := range []string{"puzzle-astar", "romania-astar", "grid-8-ucs"} {
		t.Run(name, func(t *testing.T) {
			c := caseNamed(t, name)
			s := newSearch(t, c.problem, c.opts)
			data := export(t, s, "html", c.steps)
			p := tempFile(t, "replay.html", data)
			ref := newSearch(t, c.problem, c.opts)
			total := ref.Seek(1 << 30)
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p), chromedp.WaitVisible(`[data-testid=step-label]`)); err != nil {
				t.Fatalf("opening the replay: %v", err)
			}
			checkAgainst(t, readState(t, ctx), ref, 0, total)
			for k := 1; k <= 2; k++ {
				if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=btn-step]`)); err != nil {
					t.Fatal(err)
				}
				checkAgainst(t, readState(t, ctx), ref, k, total)
			}
			if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=btn-back]`)); err != nil {
				t.Fatal(err)
			}
			checkAgainst(t, readState(t, ctx), ref, 1, total)
			// Drag the slider to the end.
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const s = document.querySelector('[data-testid=slider]'); s.value = %d; s.dispatchEvent(new Event('input')); return true })()`, total))); err != nil {
				t.Fatal(err)
			}
			st := readState(t, ctx)
			checkAgainst(t, st, ref, total, total)
			if !strings.Contains(st.Narration, "Goal found") {
				t.Errorf("last narration %q does not announce the goal", st.Narration)
			}
			// Inspect node 1 by clicking it in the tree (Fit shows it).
			if err := chromedp.Do(ctx, chromedp.Click(`#zoom-fit`), nextFrame, chromedp.Click(`[data-testid=tree] [data-testid=tree-node][data-id="1"]`)); err != nil {
				t.Fatal(err)
			}
			st = readState(t, ctx)
			n1 := ref.Node(1)
			for _, want := range []string{"#1", n1.State.String(), "g, h, f: " + num(n1.G) + ", " + num(n1.H) + ", " + num(n1.F)} {
				if !strings.Contains(st.Inspector, want) {
					t.Errorf("inspector %q does not show %q", st.Inspector, want)
				}
			}
			shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			artifact(t, "html-replay-"+name+".png", shot)
		})
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the replay page is not self-contained or has errors:\n%s", strings.Join(p, "\n"))
	}
}
