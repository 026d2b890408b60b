package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRoomPollAnswerNames: a "which node is expanded next?" poll names
// its answers as its choices do ("#5", as "#5 Fagaras (g 239, h 176)"
// begins), in the presenter's status, the student's status and the
// distribution's rows before and after the reveal, so that no bare 5 is
// read as an f or a count; one answer is "1 answer"; before answering, a
// student is told how to (not "Answer on your screen", read on that screen).
func TestRoomPollAnswerNames(t *testing.T) {
	pctx := openRoomLanes(t, "graph romania", []string{"astar", "bfs"}, 3)
	follower := eval[string](t, pctx, `document.querySelector("[data-testid=room-follower-url]").href`)
	fctx, cancel := chromedp.NewContext(pctx) // a second tab: a student
	t.Cleanup(cancel)
	if err := chromedp.Do(fctx, chromedp.Navigate(follower), poll(`document.getElementById("room-conn").textContent === "live"`)); err != nil {
		t.Fatalf("the student's page: %v", err)
	}
	if err := chromedp.Do(pctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "next"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "0"`),
		chromedp.Click(`[data-testid=ask]`),
		poll(`!!window.stepvizRoom.poll && !!window.stepvizRoom.poll.right`),
	); err != nil {
		t.Fatalf("asking: %v", err)
	}
	right := eval[string](t, pctx, `window.stepvizRoom.poll.right`)
	wrong := eval[string](t, pctx, `window.stepvizRoom.poll.choices.map((c) => c.answer).find((a) => a !== window.stepvizRoom.poll.right)`)
	label := func(a string) string {
		return eval[string](t, pctx, `window.stepvizRoom.poll.choices.find((c) => c.answer === "`+a+`").label`)
	}
	rightName, wrongName := label(right), label(wrong)
	wrongBar := strings.TrimSpace(wrongName[:strings.LastIndex(wrongName, " (")])
	status := `document.querySelector("[data-testid=poll-status]").textContent`
	bar := `document.querySelector("[data-testid=poll-counts] .bar").children[0].textContent`
	if err := chromedp.Do(fctx, poll(status+` === "Tap your answer, or its node in the tree; you may change it until the lecturer reveals."`)); err != nil {
		t.Errorf("the student is not told how to answer: %v (it reads %q)", err, eval[string](t, fctx, status))
	}
	if err := chromedp.Do(fctx, chromedp.Click(`[data-testid=choice-`+wrong+`]`), poll(status+`.startsWith("Your answer: #`+wrong+` ")`)); err != nil {
		t.Fatalf("answering: %v", err)
	}
	if err := chromedp.Do(pctx, poll(status+`.startsWith("1 answer so far")`)); err != nil {
		t.Fatalf("the presenter's count: %v", err)
	}
	check := func(who, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s reads %q, want %q", who, got, want)
		}
	}
	check("the presenter's folded right answer", eval[string](t, pctx, `document.querySelector("[data-testid=poll-peek]").textContent`), "Right answer "+rightName)
	check("the presenter's distribution", eval[string](t, pctx, bar), wrongBar)
	if err := chromedp.Do(pctx, chromedp.Click(`[data-testid=reveal]`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(fctx, poll(status+`.startsWith("Right answer")`)); err != nil {
		t.Fatalf("the reveal: %v", err)
	}
	check("the student's status", eval[string](t, fctx, status), "Right answer: "+rightName+" · 0% of 1 answer right · yours was "+wrongName)
	check("the student's distribution", eval[string](t, fctx, bar), wrongBar)
	if s := eval[string](t, fctx, `document.getElementById("poll").innerText`); strings.Contains(s, "1 answers") {
		t.Errorf("the poll reads %q", s)
	}
}
