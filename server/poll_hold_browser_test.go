package server

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPollHidesAnswer: during a "which node is expanded next?" poll a
// student steps their own copy of the search (the step button, a jump to
// the end, an inspect of the right node a step later): the page stays at
// the poll's step, and nothing the server sends (every text message the
// page's socket receives) nor anything the page shows names the node
// expanded next. After the reveal the same step button goes on.
func TestPollHidesAnswer(t *testing.T) {
	_, ts := roomServer(t, "")
	code, key := createRoom(t, ts)
	pctx := browser(t)
	fctx, cancel := chromedp.NewContext(pctx)
	t.Cleanup(cancel)
	const P = 3
	if err := chromedp.Do(pctx,
		chromedp.Navigate(ts.URL+roomPresenterPath(code, key)),
		poll(`document.getElementById("room-conn").textContent === "live"`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("load-problem").value = "puzzle 283164705 goal=123804765"; document.getElementById("load-searches").value = "astar h=manhattan"; document.querySelector("[data-testid=load]").click()`),
		poll(laneStep(0)+` === "0"`),
	); err != nil {
		t.Fatalf("presenter: %v", err)
	}
	for k := 1; k <= P; k++ {
		if err := chromedp.Do(pctx, chromedp.Click(`[data-testid=drive-step]`), poll(laneStep(0)+` === "`+strconv.Itoa(k)+`"`)); err != nil {
			t.Fatal(err)
		}
	}
	lane := `document.querySelector("[data-testid=lane-0]").contentWindow`
	if err := chromedp.Do(fctx,
		chromedp.Navigate(ts.URL+"/r/"+code),
		poll(laneStep(0)+` === "`+strconv.Itoa(P)+`"`),
		poll(`!!(`+lane+`.stepviz && `+lane+`.stepviz.state.ws && `+lane+`.stepviz.state.ws.readyState === 1)`),
		chromedp.Evaluate[chromedp.Void](`(() => { const w = `+lane+`; w.sent = []; w.stepviz.state.ws.addEventListener("message", (e) => { if (typeof e.data === "string") w.sent.push(e.data); }); })()`),
	); err != nil {
		t.Fatalf("follower: %v", err)
	}
	if err := chromedp.Do(pctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "0"`),
		chromedp.Click(`[data-testid=ask]`),
		poll(`window.stepvizRoom.poll && !!window.stepvizRoom.poll.right`),
	); err != nil {
		t.Fatalf("asking: %v", err)
	}
	right := eval[string](t, pctx, `window.stepvizRoom.poll.right`)
	label := eval[string](t, pctx, `window.stepvizRoom.poll.choices.find((c) => c.answer === window.stepvizRoom.poll.right).label`)
	rightState := strings.Fields(label)[1] // "#id state (g …, h …)"

	// the student explores: three steps, a jump to the end, an inspect of
	// the right node one step later, a states query for the nodes it makes
	if err := chromedp.Do(fctx,
		poll(lane+`.document.documentElement.classList.contains("poll-open")`),
		chromedp.Evaluate[chromedp.Void](lane+`.document.getElementById("btn-step").click()`),
		chromedp.Sleep(300e6),
		chromedp.Evaluate[chromedp.Void](lane+`.document.getElementById("btn-step").click()`),
		chromedp.Sleep(300e6),
		chromedp.Evaluate[chromedp.Void](lane+`.document.getElementById("btn-step").click()`),
		chromedp.Sleep(500e6),
	); err != nil {
		t.Fatalf("the student's own steps: %v", err)
	}
	if n := eval[string](t, fctx, lane+`.document.getElementById("notice").textContent`); !strings.Contains(n, "until the answer is revealed") {
		t.Errorf("the page does not say why the copy stays: notice %q", n)
	}
	if err := chromedp.Do(fctx,
		chromedp.Evaluate[chromedp.Void](lane+`.stepviz.send({type: "view", step: 1000000, id: 9001})`),
		chromedp.Sleep(500e6),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`%s.stepviz.send({type: "inspect", node: %s, step: %d, id: 9002})`, lane, right, P+1)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`%s.stepviz.send({type: "states", ids: [...Array(8).keys()].map((i) => %s.stepviz.model.nodeEnd + i), id: 9003})`, lane, lane)),
		chromedp.Sleep(800e6),
	); err != nil {
		t.Fatalf("the student's queries: %v", err)
	}
	screenshot(t, fctx, "poll-held-follower.png")
	if s := eval[string](t, fctx, laneStep(0)); s != strconv.Itoa(P) {
		t.Errorf("the student's own copy went to step %s during the poll, want %d", s, P)
	}
	narr := eval[string](t, fctx, lane+`.document.getElementById("narration").textContent`)
	if strings.Contains(narr, "expanded "+rightState) {
		t.Errorf("the student's narration gives the answer %s away: %q", rightState, narr)
	}
	if st := eval[string](t, fctx, lane+`.stepviz.model.nodeStatus(`+right+`)`); st != "open" {
		t.Errorf("the student's model has the answer's node %s as %q, want open", right, st)
	}
	msgs := eval[[]string](t, fctx, lane+`.sent`)
	if len(msgs) == 0 {
		t.Fatal("the student's socket received no text message: the test sees nothing")
	}
	for _, raw := range msgs {
		var m struct {
			Type      string `json:"type"`
			Step      int    `json:"step"`
			Narration string `json:"narration"`
			Node      *struct {
				Status string `json:"status"`
			} `json:"node"`
		}
		if err := json.Unmarshal([]byte(raw), &m); err != nil {
			continue // a records frame's header is JSON too; others are not messages to read
		}
		if m.Step > P || strings.Contains(m.Narration, "expanded "+rightState) || (m.Type == "inspect" && m.Node != nil && m.Node.Status != "open") {
			t.Errorf("the server sent the student the answer during the poll: %.300s", raw)
		}
	}

	// revealed: the same button steps on
	if err := chromedp.Do(pctx, chromedp.Click(`[data-testid=reveal]`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(fctx,
		poll(`!`+lane+`.document.documentElement.classList.contains("poll-open")`),
		chromedp.Evaluate[chromedp.Void](lane+`.document.getElementById("btn-step").click()`),
		poll(laneStep(0)+` === "`+strconv.Itoa(P+1)+`"`),
		poll(lane+`.document.getElementById("narration").textContent.includes("expanded `+rightState+`")`),
	); err != nil {
		t.Errorf("after the reveal the student's own step: %v (step %s)", err, eval[string](t, fctx, laneStep(0)))
	}
}
