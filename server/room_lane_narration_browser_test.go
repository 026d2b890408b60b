package server

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
)

// laneNarration is what a lane's narration shows and offers: its text, its
// tooltip, its font size, and whether the two-line clamp cuts it.
type laneNarration struct {
	Text, Title string
	FontPx      float64
	Clamped     bool
}

// laneNarrations is JavaScript for every lane's laneNarration.
const laneNarrations = `[...document.querySelectorAll("[data-testid=lane-narration]")].map((e) => ({
	Text: e.textContent, Title: e.title, FontPx: parseFloat(getComputedStyle(e).fontSize), Clamped: e.scrollHeight > e.clientHeight + 1,
}))`

// TestRoomLaneNarrationFullText: in a room showing three searches side by
// side on a 1280×720 projector, a lane whose narration is longer than its
// two lines has its whole text reachable: as its tooltip (title) and as
// its accessible name, as Chromium computes it; every lane's narration is
// at least 14 px.
func TestRoomLaneNarrationFullText(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	ctx := openRoomLanes(t, "graph romania", []string{"astar", "ucs", "greedy"}, 2)
	screenshot(t, ctx, "room-lane-narration.png")
	lanes := eval[[]laneNarration](t, ctx, laneNarrations)
	if len(lanes) != 3 {
		t.Fatalf("%d lane narrations, want 3", len(lanes))
	}
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll("[data-testid=lane-narration]")))
	if err != nil || len(nodes) != len(lanes) {
		t.Fatalf("the lanes' narration elements: %d, %v", len(nodes), err)
	}
	clamped := 0
	for i, l := range lanes {
		if l.FontPx < 14 {
			t.Errorf("lane %d: narration at %.1f px, want 14 or more on a projector", i+1, l.FontPx)
		}
		if !l.Clamped {
			continue
		}
		clamped++
		if l.Title != l.Text {
			t.Errorf("lane %d: the narration is cut at two lines and its tooltip is %q, want its whole text %q", i+1, l.Title, l.Text)
		}
		if name := accessibleName(t, ctx, nodes[i]); name != l.Text {
			t.Errorf("lane %d: the narration is cut at two lines and its accessible name is %q, want its whole text %q", i+1, name, l.Text)
		}
	}
	if clamped == 0 {
		t.Fatalf("no lane's narration is longer than two lines, so none shows whether a cut narration can be read: %+v", lanes)
	}
}

// accessibleName is the accessible name Chromium computes for node.
func accessibleName(t *testing.T, ctx context.Context, node *chromedp.Node) string {
	t.Helper()
	no := false
	res, err := chromedp.Call(ctx, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{BackendNodeID: node.BackendNodeID, FetchRelatives: &no})
	if err != nil {
		t.Fatalf("the accessibility tree: %v", err)
	}
	if len(res.Nodes) == 0 || res.Nodes[0].Name == nil || len(res.Nodes[0].Name.Value) == 0 {
		return ""
	}
	var name string
	if err := json.Unmarshal(res.Nodes[0].Name.Value, &name); err != nil {
		t.Fatalf("the accessible name %s: %v", res.Nodes[0].Name.Value, err)
	}
	return name
}
