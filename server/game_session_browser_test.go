package server

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"net/url"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
	"stepviz/stepper/game"
	"stepviz/stepper/local"
)

const fig55 = "gametree [[3,12,8],[2,4,6],[14,5,2]]"

// liveBrowser starts Chromium at a projector's 1280×720 and a server.
func liveBrowser(t *testing.T) (context.Context, string) {
	t.Helper()
	ctx := testbrowser.New(t, 1280, 720, 120*time.Second)
	ts := newTestServer(t, New(Config{}))
	return ctx, ts.URL
}

// startLive starts a session through the form, as a lecturer does, and
// returns the follower's address.
func startLive(t *testing.T, ctx context.Context, base, problem, algo string) string {
	t.Helper()
	q := url.Values{"problem": {problem}, "algo": {algo}}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+livePath+"?"+q.Encode()),
		chromedp.Click(`[data-testid=live-start]`),
	); err != nil {
		t.Fatalf("starting %s / %s: %v", problem, algo, err)
	}
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(`[data-testid=live-svg]`),
		poll(`document.getElementById("live-conn") && document.getElementById("live-conn").textContent === "live"`),
	); err != nil {
		t.Fatalf("starting %s / %s: %v", problem, algo, err)
	}
	follow, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=follow-url]").href`))
	if err != nil {
		t.Fatal(err)
	}
	return follow
}

func waitLiveStep(k int) chromedp.Action[chromedp.Void] {
	return poll(fmt.Sprintf(`document.getElementById("live-step-n").textContent === "%d" && document.querySelector("#live-svg svg").dataset.step === "%d"`, k, k))
}

// pageGame is what a page shows of a game view: each node's value and
// window by id, the pruned branches as "parent/move".
type pageGame struct {
	Values  map[string]string `json:"values"`
	Windows map[string]string `json:"windows"`
	Turns   map[string]string `json:"turns"`
	Cut     []string          `json:"cut"`
	Says    string            `json:"says"`
}

const readGame = `(() => {
  const rows = [...document.querySelectorAll("[data-testid=node-table] tbody tr")];
  return {
    values: Object.fromEntries(rows.map(r => [r.dataset.testid.slice(5), r.querySelector("[data-col=value]").textContent])),
    windows: Object.fromEntries(rows.map(r => [r.dataset.testid.slice(5), r.querySelector("[data-col=window]").textContent])),
    turns: Object.fromEntries(rows.map(r => [r.dataset.testid.slice(5), r.children[2].textContent])),
    cut: [...document.querySelectorAll("[data-testid=cut-list] li")].map(li => li.dataset.parent + "/" + li.dataset.move),
    says: document.getElementById("live-says").textContent,
  };
})()`

// checkGameStep checks that the page shows game.ViewAt's windows, values,
// pruned branches and narration at step k.
func checkGameStep(t *testing.T, ctx context.Context, g game.Game, o game.Options, k int) {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[pageGame](readGame))
	if err != nil {
		t.Fatalf("step %d: reading the page: %v", k, err)
	}
	v, err := game.ViewAt(g, o, k)
	if err != nil {
		t.Fatal(err)
	}
	if got.Says != v.Says {
		t.Errorf("step %d: narration %q, engine %q", k, got.Says, v.Says)
	}
	// before any node is visited the table lists the root the search
	// starts from, as the drawing shows it
	nodes := v.Nodes
	if len(nodes) == 0 && v.Start != nil {
		nodes = []game.ViewNode{*v.Start}
	}
	if len(got.Windows) != len(nodes) {
		t.Errorf("step %d: the page lists %d nodes, the engine has %d", k, len(got.Windows), len(nodes))
	}
	for _, n := range nodes {
		id := fmt.Sprint(n.ID)
		if got.Turns[id] != n.Turn.String() {
			t.Errorf("step %d node %d: page turn %q, engine %s", k, n.ID, got.Turns[id], n.Turn)
		}
		if got.Windows[id] != n.Text.Window || got.Values[id] != n.Text.Value {
			t.Errorf("step %d node %d: page value %q window %q, engine %q %q", k, n.ID, got.Values[id], got.Windows[id], n.Text.Value, n.Text.Window)
		}
	}
	var want []string
	for _, c := range v.Cut {
		want = append(want, fmt.Sprintf("%d/%s", c.Parent, c.Move))
	}
	if !slices.Equal(got.Cut, want) {
		t.Errorf("step %d: page prunes %v, engine %v", k, got.Cut, want)
	}
}

// TestLiveGameBrowser steps alpha-beta on AIMA Fig. 5.5 from the
// presenter's page and checks, at every step forward and back, that the
// page's α/β windows, values and pruned branches are game.ViewAt's; a
// follower sees the presenter's step and answers a poll.
func TestLiveGameBrowser(t *testing.T) {
	ctx, base := liveBrowser(t)
	follow := startLive(t, ctx, base, fig55, "alphabeta")
	g, err := game.ParseProblem(fig55)
	if err != nil {
		t.Fatal(err)
	}
	o, err := game.ParseOptions("alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	end, err := game.ViewAt(g, o, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	checkGameStep(t, ctx, g, o, 0)
	for k := 1; k <= end.Step; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(k)); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		checkGameStep(t, ctx, g, o, k)
	}
	if len(end.Cut) == 0 {
		t.Fatal("the engine pruned nothing on Fig. 5.5")
	}
	// Back is the view at k−1.
	for k := end.Step - 1; k >= end.Step-3; k-- {
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-back]`), waitLiveStep(k)); err != nil {
			t.Fatalf("back to %d: %v", k, err)
		}
		checkGameStep(t, ctx, g, o, k)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-reset]`), waitLiveStep(0)); err != nil {
		t.Fatal(err)
	}

	// A follower sees the presenter's step.
	fctx, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(fctx, chromedp.Navigate(follow), waitLiveStep(0), poll(`(document.getElementById("live-conn")?.textContent ?? "") === "live"`)); err != nil {
		t.Fatalf("follower: %v", err)
	}
	if n, _ := chromedp.Run(fctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=live-step]").length`)); n != 0 {
		t.Error("the follower's page has the presenter's controls")
	}
	for k := 1; k <= 5; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(k)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(fctx, waitLiveStep(5)); err != nil {
		t.Fatalf("the follower did not follow to step 5: %v", err)
	}
	checkGameStep(t, fctx, g, o, 5)

	// Poll at step 5: which branch gets pruned next? The engine prunes
	// C's c2 and c3 next (Fig. 5.5 (d)).
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=ask-prune]`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(fctx,
		poll(`document.querySelectorAll("[data-testid=choice]").length > 2`),
		chromedp.Click(`[data-testid=choice][data-answer="C: c2"]`),
		poll(`document.querySelector("[data-testid=my-answer]") !== null`),
	); err != nil {
		t.Fatalf("the follower answering: %v", err)
	}
	if err := chromedp.Do(ctx, poll(`(document.querySelector("[data-testid=poll-votes]")?.textContent ?? "") === "1 answered"`),
		chromedp.Click(`[data-testid=poll-reveal]`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(fctx, poll(`document.querySelector("[data-testid=poll-right]") !== null`)); err != nil {
		t.Fatalf("the follower never saw the answer: %v", err)
	}
	ans, err := chromedp.Run(fctx, chromedp.Evaluate[[]string](`[document.querySelector("[data-testid=poll-answer]").textContent, document.querySelector("[data-testid=poll-right]").textContent]`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Answer: C: c2, C: c3", "You were right."}; !slices.Equal(ans, want) {
		t.Errorf("revealed %q, want %q", ans, want)
	}

	// Then: what value backs up to A? (Fig. 5.5: 3.) A follower types 5,
	// then 3: its second answer replaces its first.
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=poll-close]`),
		chromedp.SetValue(`[data-testid=ask-node]`, "0"), chromedp.Click(`[data-testid=ask-backup]`)); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"5", "3"} {
		if err := chromedp.Do(fctx,
			poll(`(document.querySelector("[data-testid=poll-ask]")?.textContent ?? "").startsWith("What value backs up to A?") && document.querySelector("[data-testid=answer-input]") !== null`),
			chromedp.SetValue(`[data-testid=answer-input]`, a), chromedp.Click(`[data-testid=answer-send]`),
			poll(fmt.Sprintf(`document.querySelector("[data-testid=my-answer]") && document.querySelector("[data-testid=my-answer]").textContent === "Your answer: %s"`, a)),
		); err != nil {
			t.Fatalf("answering %s: %v", a, err)
		}
	}
	if err := chromedp.Do(ctx, poll(`document.querySelector("[data-testid=poll-counts]") && document.querySelector("[data-testid=poll-counts]").textContent === "3: 1"`),
		chromedp.Click(`[data-testid=poll-reveal]`)); err != nil {
		t.Fatalf("the presenter's tally: %v", err)
	}
	if err := chromedp.Do(fctx, poll(`document.querySelector("[data-testid=poll-right]") !== null`)); err != nil {
		t.Fatal(err)
	}
	ans, err = chromedp.Run(fctx, chromedp.Evaluate[[]string](`[document.querySelector("[data-testid=poll-answer]").textContent, document.querySelector("[data-testid=poll-right]").textContent]`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Answer: 3", "You were right."}; !slices.Equal(ans, want) {
		t.Errorf("revealed %q, want %q", ans, want)
	}
	liveScreenshot(t, ctx, "live-game.png")
}

// TestLiveLocalBrowser steps hill climbing on 8-queens (seed 1) to its
// end and checks h over the steps against local.ViewAt's.
func TestLiveLocalBrowser(t *testing.T) {
	ctx, base := liveBrowser(t)
	startLive(t, ctx, base, "queens 8 seed=1", "hillclimb")
	p, err := local.ParseProblem("queens 8 seed=1")
	if err != nil {
		t.Fatal(err)
	}
	o, err := local.ParseOptions("hillclimb")
	if err != nil {
		t.Fatal(err)
	}
	end, err := local.ViewAt(p, o, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= end.Step; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(k)); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		v, _ := local.ViewAt(p, o, k)
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.querySelector("[data-testid=local-h]").textContent, document.getElementById("live-says").textContent]`))
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != v.HText || got[1] != v.Says {
			t.Errorf("step %d: page h %q %q, engine %q %q", k, got[0], got[1], v.HText, v.Says)
		}
	}
	hs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-testid=h-history] li")].map(li => li.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(hs, end.HistoryText) {
		t.Errorf("h over the steps: page %v, engine %v", hs, end.HistoryText)
	}
	if end.History[len(end.History)-1] >= end.History[0] {
		t.Errorf("h did not fall: %v", end.History)
	}
	liveScreenshot(t, ctx, "live-local.png")
}

// liveScreenshot saves the page and fails if it is blank: a drawing has
// many colours.
func liveScreenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	colours := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
		}
	}
	if len(colours) < 16 {
		t.Errorf("screenshot %s has %d colours: blank", name, len(colours))
	}
	path := testenv.Artifact(t, name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLiveAccessibility: axe-core (WCAG 2.1 A and AA) finds nothing on
// the live form, a game session's presenter page with a poll open, its
// follower's page answering it, and a local session's page.
func TestLiveAccessibility(t *testing.T) {
	axe := testenv.AxeCore(t)
	ctx, base := liveBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+livePath), chromedp.WaitReady(`body`)); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, ctx, axe, "live form")
	follow := startLive(t, ctx, base, fig55, "alphabeta")
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(1), chromedp.Click(`[data-testid=live-step]`), waitLiveStep(2),
		chromedp.Click(`[data-testid=ask-prune]`), poll(`document.querySelector("[data-testid=poll-ask]") !== null`)); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, ctx, axe, "game presenter")
	fctx, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(fctx, chromedp.Navigate(follow), waitLiveStep(2), poll(`document.querySelectorAll("[data-testid=choice]").length > 0`)); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, fctx, axe, "game follower")
	startLive(t, ctx, base, "queens 8 seed=1", "hillclimb")
	if err := chromedp.Do(ctx, chromedp.Click(`[data-testid=live-step]`), waitLiveStep(1)); err != nil {
		t.Fatal(err)
	}
	checkAxe(t, ctx, axe, "local presenter")
}
