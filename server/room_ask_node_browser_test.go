package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRoomAskNodeByClick: searches side by side draw no node numbers, so
// on the presenter's page a click on a node of a search's tree chooses
// the search and the node "What is f of node…" asks about; the question
// asked names that node of that search.
func TestRoomAskNodeByClick(t *testing.T) {
	ctx := openRoomLanes(t, "graph romania", []string{"astar", "ucs"}, 2)
	node := eval[string](t, ctx, `[...document.querySelectorAll("[data-testid=lane-1] [data-testid=tree-node]")].map((e) => e.dataset.id).filter((id) => id !== "0").pop() || ""`)
	if node == "" {
		t.Fatalf("no node but the start in UCS's tree")
	}
	state := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('[data-testid=lane-1] [data-testid=tree-node][data-id="%s"]').dataset.state || ""`, node))
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ask-kind").value = "f"; document.getElementById("ask-kind").dispatchEvent(new Event("change")); document.getElementById("ask-lane").value = "0"; document.getElementById("ask-node").value = "0"`),
		chromedp.Click(fmt.Sprintf(`[data-testid=lane-1] [data-testid=tree-node][data-id="%s"]`, node)),
		poll(fmt.Sprintf(`document.getElementById("ask-lane").value === "1" && document.getElementById("ask-node").value === %q`, node)),
		chromedp.Click(`[data-testid=ask]`),
		poll(`!!window.stepvizRoom.poll && window.stepvizRoom.poll.kind === "f"`),
	); err != nil {
		t.Fatalf("clicking node %s of UCS's tree, then Ask: %v (the form reads search %q, node %q)", node, err,
			eval[string](t, ctx, `document.getElementById("ask-lane").value`), eval[string](t, ctx, `document.getElementById("ask-node").value`))
	}
	if q := eval[string](t, ctx, `window.stepvizRoom.poll.question`); !strings.Contains(q, " of uniform-cost search on Romania: ") || !strings.Contains(q, "node #"+node+" ("+state+")") {
		t.Errorf("the question %q is not about node #%s (%s) of ucs", q, node, state)
	}
}
