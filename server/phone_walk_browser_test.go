package server

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"stepviz/internal/testenv"
	testbrowser "stepviz/internal/testenv/browser"
)

// tapTarget is 44 CSS px: the least a finger taps surely.
const tapTarget = 44

// inLane is JavaScript for the document of the room's first lane (the
// session page of its one search).
const inLane = `document.querySelector("[data-testid=lane-0]").contentDocument`

// tap touches the phone's screen at the centre of what js returns (an
// element of the room's page, or of its lane's with the frame's offset
// added: js returns [x, y] in the screen's coordinates, after scrolling
// the element into view).
func tap(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	xy := eval[[]float64](t, ctx, js)
	if len(xy) != 2 {
		t.Fatalf("nothing to tap: %s", js)
	}
	pt := []*input.TouchPoint{{X: xy[0], Y: xy[1]}}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if err := tg.Call(ctx, input.DispatchTouchEvent.Method, &input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt}, nil); err != nil {
			return err
		}
		return tg.Call(ctx, input.DispatchTouchEvent.Method, &input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}, nil)
	})); err != nil {
		t.Fatal(err)
	}
}

// centreJS is JavaScript for the screen point at the centre of the
// element sel finds, in the lane's document when lane is set, after
// scrolling it into the middle of the screen.
func centreJS(sel string, lane bool) string {
	doc, off := "document", "[0, 0]"
	if lane {
		doc = inLane
		off = `(() => { const r = document.querySelector("[data-testid=lane-0]").getBoundingClientRect(); return [r.left + 1, r.top + 1]; })()`
	}
	return fmt.Sprintf(`(() => { const e = %s.querySelector(%q); if (!e) return []; e.scrollIntoView({block: "center"}); const o = %s, r = e.getBoundingClientRect(); return [o[0] + r.left + r.width / 2, o[1] + r.top + r.height / 2]; })()`, doc, sel, off)
}

// smallTargetsJS is JavaScript for what a student taps on the room's page
// and in its lane that is less than tapTarget tall: the poll's answers,
// the lane's step controls and zoom, the way back to live.
const smallTargetsJS = `(() => {
	const out = [], d = ` + inLane + `;
	const check = (e) => { const r = e.getBoundingClientRect(); if (r.width > 0 && r.height < 44 - 0.5) out.push((e.dataset.testid || e.id || e.textContent.trim()) + " " + Math.round(r.width) + "×" + Math.round(r.height)); };
	document.querySelectorAll("#poll .choices button, #history-list button").forEach(check);
	d.querySelectorAll("#btn-back, #btn-step, #btn-play, #btn-reset, #btn-rejoin, #jump-to, .zoom button, .zoom label.check").forEach(check);
	return out.join("; ");
})()`

// laneScrollJS is JavaScript for how much of the lane's page its frame
// hides (0: none, so the room's page scrolls as one; more: the page
// scrolls inside the frame, a second scroll the finger is caught in).
const laneScrollJS = `(() => { const f = document.querySelector("[data-testid=lane-0]"); return Math.max(0, f.contentDocument.documentElement.scrollHeight - f.clientHeight); })()`

// TestPhoneRoomWalk walks a student's path through a room on a phone
// (390×844, touch): the lecturer (a websocket) shows A* on Romania, A* on
// the 8-puzzle and BFS on a grid, steps, and asks which node is next. The
// student taps a node of the tree and sees its inspector on the screen;
// every answer, control and zoom button is 44 px tall or more; the poll's
// answers say a node's g (and h where the search uses one); the student's
// tapped answer reads as its choice on the poll, and still after a reload;
// the lane is as tall as its page, upright and on its side (844×390), so
// the room scrolls as one page;
// the revealed answer and the bar of the student's answer read as its
// choice; a step back is the student's
// own, and Rejoin live brings back the lecturer's step; a yes-or-no poll
// asks for a tap on an answer, its long question wrapped on the screen.
func TestPhoneRoomWalk(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	p := dialRoom(t, ts, code, key, "presenter-token-0000")
	ctx := testbrowser.New(t, 390, 844, 120*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(ts.URL+"/r/"+code)); err != nil {
		t.Fatal(err)
	}
	status := `document.querySelector("[data-testid=poll-status]").textContent`
	for _, tc := range []struct {
		name, problem, search string
		usesH                 bool
		city                  string // tapped beside on the map
	}{
		{"romania-astar", "graph romania", "astar", true, "Sibiu"},
		{"puzzle-astar", "puzzle 283164705 goal=123804765", "astar h=manhattan", true, ""},
		{"grid-bfs", "grid S......../..###..../....#..../....#...G", "bfs", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := eval[string](t, ctx, `(() => { const f = document.querySelector("[data-testid=lane-0]"); return f ? f.dataset.session : ""; })()`)
			p.send(roomCmd{Type: roomLoad, Problem: tc.problem, Searches: []string{tc.search}})
			for range 4 {
				p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
			}
			if err := chromedp.Do(ctx, poll(fmt.Sprintf(`(() => { try { return document.querySelector("[data-testid=lane-0]").dataset.session !== %q && %s === "4" && !!%s.querySelector('#tree g.tnode[data-id="1"]'); } catch (err) { return false; } })()`, before, laneStep(0), inLane))); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, poll(laneScrollJS+` === 0`)); err != nil {
				screenshot(t, ctx, "phone-walk-"+tc.name+"-lane.png")
				t.Errorf("the lane's page scrolls inside its frame, %v px of it hidden: %v", eval[float64](t, ctx, laneScrollJS), err)
			}
			// a node of the tree tapped: its inspector is on the screen
			tap(t, ctx, centreJS(`#tree g.tnode[data-id="1"]`, true))
			if err := chromedp.Do(ctx, poll(inLane+`.querySelector('[data-testid=inspector-node][data-id="1"]') !== null`)); err != nil {
				t.Fatalf("tapping node 1 in the tree: %v", err)
			}
			where := eval[string](t, ctx, `(() => { const f = document.querySelector("[data-testid=lane-0]").getBoundingClientRect(), r = `+inLane+`.querySelector("[data-testid=inspector-node]").getBoundingClientRect(); const top = f.top + r.top, bottom = f.top + r.bottom; return top >= 0 && bottom <= innerHeight ? "" : "at " + Math.round(top) + " to " + Math.round(bottom) + " px on a screen " + innerHeight + " px tall"; })()`)
			if where != "" {
				screenshot(t, ctx, "phone-walk-"+tc.name+"-inspector.png")
				t.Errorf("node 1 tapped in the tree: its inspector is off the screen, %s", where)
			}

			if tc.city != "" {
				// a tap beside a city, off its circle and its name, nearer
				// it than any other, within half of a fingertip (18 px):
				// the city is inspected
				xy := eval[[]float64](t, ctx, fmt.Sprintf(`(() => {
					const f = document.querySelector("[data-testid=lane-0]"), d = f.contentDocument;
					const g = d.querySelector('[data-testid=graph-node][data-state=%q][data-id]');
					g.scrollIntoView({block: "center"});
					const centre = (e) => { const r = e.querySelector("circle").getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
					const [cx, cy] = centre(g), others = [...d.querySelectorAll("[data-testid=graph-node]")].filter((o) => o !== g).map(centre);
					for (const [dx, dy] of [[0, 18], [0, -18], [18, 0], [-18, 0], [13, 13], [-13, 13], [13, -13], [-13, -13]]) {
						const x = cx + dx, y = cy + dy, e = d.elementFromPoint(x, y);
						if (e && e.closest("[data-id], [data-testid=graph-node]")) continue;
						if (others.some(([ox, oy]) => Math.hypot(ox - x, oy - y) < 20)) continue;
						const o = f.getBoundingClientRect();
						return [o.left + 1 + x, o.top + 1 + y, Number(g.dataset.id)];
					}
					return [];
				})()`, tc.city))
				if len(xy) != 3 {
					t.Fatalf("no room beside %s on the map to tap", tc.city)
				}
				tap(t, ctx, fmt.Sprintf("[%g, %g]", xy[0], xy[1]))
				if err := chromedp.Do(ctx, poll(fmt.Sprintf(`%s.querySelector('[data-testid=inspector-node][data-id="%d"]') !== null`, inLane, int(xy[2])))); err != nil {
					t.Errorf("a tap 18 px beside %s on the map does not inspect it: %v", tc.city, err)
				}
			}

			p.send(roomCmd{Type: roomAsk, Kind: pollNext, Lane: 0})
			if err := chromedp.Do(ctx, poll(`!!window.stepvizRoom.poll && window.stepvizRoom.poll.step === 4 && !window.stepvizRoom.poll.revealed && !!document.querySelector("#poll .choices button:not([disabled])")`)); err != nil {
				t.Fatal(err)
			}
			if small := eval[string](t, ctx, smallTargetsJS); small != "" {
				screenshot(t, ctx, "phone-walk-"+tc.name+"-targets.png")
				t.Errorf("under %d px tall, too small to tap: %s", tapTarget, small)
			}
			labels := eval[[]string](t, ctx, `window.stepvizRoom.poll.choices.map((c) => c.label)`)
			for _, l := range labels {
				if got := strings.Contains(l, ", h "); got != tc.usesH {
					t.Errorf("%s's poll offers %q: h shown %v, want %v", tc.search, l, got, tc.usesH)
				}
			}
			// the second answer tapped reads as its choice, and after a reload
			mine := eval[string](t, ctx, `(() => { const b = document.querySelectorAll("#poll .choices button")[1]; return window.stepvizRoom.poll.choices.find((c) => "choice-" + c.answer === b.dataset.testid).label; })()`)
			tap(t, ctx, centreJS(`#poll .choices button:nth-child(2)`, false))
			want := "Your answer: " + mine + " "
			if err := chromedp.Do(ctx, poll(status+`.startsWith(`+fmt.Sprintf("%q", want)+`)`)); err != nil {
				t.Fatalf("the answer tapped reads %q, want it to begin %q: %v", eval[string](t, ctx, status), want, err)
			}
			if err := chromedp.Do(ctx, chromedp.Reload(), poll(laneStep(0)+` === "4"`), poll(`!!document.querySelector("[data-testid=poll-status]") && `+status+`.startsWith(`+fmt.Sprintf("%q", want)+`)`)); err != nil {
				t.Fatalf("after a reload the poll reads %q, want it to begin %q: %v", eval[string](t, ctx, status), want, err)
			}
			p.send(roomCmd{Type: roomReveal})
			if err := chromedp.Do(ctx, poll(`window.stepvizRoom.poll.revealed`)); err != nil {
				t.Fatal(err)
			}
			right := eval[string](t, ctx, `window.stepvizRoom.poll.choices.find((c) => c.answer === window.stepvizRoom.poll.right).label`)
			if got := eval[string](t, ctx, status); !strings.HasPrefix(got, "Right answer: "+right+" ·") {
				t.Errorf("revealed: %q, want it to begin %q", got, "Right answer: "+right+" ·")
			}
			// the result reads at full contrast: the right answer and the
			// student's are not faded as the disabled buttons they now are
			if faded := eval[string](t, ctx, `[...document.querySelectorAll("#poll .choices button.right, #poll .choices button.mine")].filter((b) => getComputedStyle(b).opacity !== "1").map((b) => b.textContent + " at opacity " + getComputedStyle(b).opacity).join("; ")`); faded != "" {
				t.Errorf("revealed, faded: %s", faded)
			}
			// the answers' bars name the student's node as its choice does
			bar := eval[string](t, ctx, `(() => { const b = document.querySelector("#poll .bar[data-answer='" + window.stepvizRoom.poll.yours + "'] span"); return b ? b.textContent : "no bar"; })()`)
			if short, _, _ := strings.Cut(mine, " ("); bar != short {
				t.Errorf("the bar of the student's answer %q reads %q, want %q", mine, bar, short)
			}

			// the student's own pace: a step back stays while the lecturer
			// steps on; Rejoin live comes back to the lecturer's step
			tap(t, ctx, centreJS(`#btn-back`, true))
			if err := chromedp.Do(ctx, poll(laneStep(0)+` === "3"`)); err != nil {
				t.Fatal(err)
			}
			p.send(roomCmd{Type: roomDrive, Command: cmdStep, Lane: -1})
			if err := chromedp.Do(ctx, poll(inLane+`.getElementById("btn-rejoin").textContent !== "" && !`+inLane+`.getElementById("btn-rejoin").hidden`), chromedp.Sleep(300*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			if got := eval[string](t, ctx, laneStep(0)); got != "3" {
				t.Errorf("the student's own step %s moved with the lecturer's", got)
			}
			b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err == nil {
				_ = os.WriteFile(testenv.Artifact(t, "phone-walk-"+tc.name+"-own.png"), b, 0o644)
			}
			if small := eval[string](t, ctx, smallTargetsJS); small != "" {
				t.Errorf("on the student's own step, under %d px tall: %s", tapTarget, small)
			}
			tap(t, ctx, centreJS(`#btn-rejoin`, true))
			if err := chromedp.Do(ctx, poll(laneStep(0)+` === "5"`)); err != nil {
				t.Fatalf("Rejoin live: %v", err)
			}
		})
	}
	// a yes-or-no poll about the grid's heuristic: its question wraps on
	// the screen, and the student is asked to tap an answer, not a node of
	// the tree
	p.send(roomCmd{Type: roomAsk, Kind: pollAdmissible, Lane: 0, Answer: "yes"})
	if err := chromedp.Do(ctx, poll(`!!document.querySelector("[data-testid=choice-yes]")`)); err != nil {
		t.Fatal(err)
	}
	if got, want := eval[string](t, ctx, status), "Tap Yes or No; you may change your answer until the lecturer reveals."; got != want {
		t.Errorf("a yes-or-no poll says %q, want %q", got, want)
	}
	if w := eval[[]int](t, ctx, `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`); w[0] > w[1] {
		screenshot(t, ctx, "phone-walk-admissible.png")
		t.Errorf("with the yes-or-no poll the room's page is %d px wide on a %d px screen", w[0], w[1])
	}
	// on its side: the lane is still as tall as its page
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(844, 390, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateLandscape), chromedp.Reload(), poll(laneStep(0)+` === "5"`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, poll(laneScrollJS+` === 0`)); err != nil {
		screenshot(t, ctx, "phone-walk-landscape-lane.png")
		t.Errorf("on its side (844×390) the lane's page scrolls inside its frame, %v px of it hidden: %v", eval[float64](t, ctx, laneScrollJS), err)
	}
}
