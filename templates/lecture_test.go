package templates

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"golang.org/x/net/html"

	"stepviz/stepper"
)

// renderDoc renders a component and parses it as HTML.
func renderDoc(t *testing.T, c templ.Component) *html.Node {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// find returns the elements whose data-testid is id.
func find(doc *html.Node, id string) []*html.Node {
	var out []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && attr(n, "data-testid") == id {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func one(t *testing.T, doc *html.Node, id string) *html.Node {
	t.Helper()
	got := find(doc, id)
	if len(got) != 1 {
		t.Fatalf("%d elements with data-testid=%q, want 1", len(got), id)
	}
	return got[0]
}

func TestLandingShowsExamplesAndOptions(t *testing.T) {
	d := LandingData{
		Examples:   []Example{{Name: "a", Title: "First", Options: "astar"}, {Name: "b", Title: "Second", Options: "bfs"}},
		Form:       FormValues{Source: "grid", GridRows: "S.#\n..G", Options: map[string]string{"algo": "bfs", "tie": "high-g"}},
		Heuristics: map[string][]string{"puzzle": {"manhattan", "misplaced"}, "grid": {"octile", "manhattan"}},
		Cities:     []string{"Arad", "Bucharest"}, Sessions: 3, Max: 50, MaxNodes: 1000, Static: "v1",
	}
	doc := renderDoc(t, Landing(d))
	for _, id := range []string{"example-a", "example-b", "start-a", "start-b", "own-form", "grid-rows", "algo", "h", "tie"} {
		one(t, doc, id)
	}
	if got := text(one(t, doc, "session-count")); !strings.Contains(got, "3 of 50") || !strings.Contains(got, "at most 1,000 nodes each") {
		t.Errorf("session count %q", got)
	}
	if len(find(doc, "form-error")) != 0 {
		t.Error("an error shown with no error")
	}
	if got := attr(one(t, doc, "source-grid"), "checked"); got == "" && !hasAttr(one(t, doc, "source-grid"), "checked") {
		t.Error("the grid source is not checked")
	}
	if got := text(one(t, doc, "grid-rows")); got != "S.# ..G" {
		t.Errorf("grid rows kept as %q", got)
	}
	// Every algorithm and tie rule is offered, with the submitted ones selected.
	algo := one(t, doc, "algo")
	for _, a := range stepper.Algorithms {
		if !strings.Contains(renderNode(algo), `value="`+string(a)+`"`) {
			t.Errorf("algorithm %s not offered", a)
		}
	}
	if !strings.Contains(renderNode(algo), `value="bfs" selected`) || !strings.Contains(renderNode(one(t, doc, "tie")), `value="high-g" selected`) {
		t.Error("submitted options not selected")
	}
	// Heuristics of every kind, each once.
	if h := renderNode(one(t, doc, "h")); strings.Count(h, `value="manhattan"`) != 1 || !strings.Contains(h, `value="octile"`) {
		t.Errorf("heuristic menu %s", h)
	}
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func renderNode(n *html.Node) string {
	var b strings.Builder
	_ = html.Render(&b, n)
	return b.String()
}

func TestLandingShowsErrorNextToField(t *testing.T) {
	d := LandingData{Form: FormValues{Source: "puzzle", Puzzle: "1234", Options: map[string]string{"h": "manhatan"}},
		Error: "stepper: unknown heuristic \"manhatan\" (did you mean manhattan?)", ErrorField: "h"}
	doc := renderDoc(t, Landing(d))
	if got := text(one(t, doc, "form-error")); !strings.Contains(got, "did you mean manhattan") {
		t.Errorf("form error %q", got)
	}
	if got := text(one(t, doc, "error-h")); !strings.Contains(got, "manhatan") {
		t.Errorf("field error %q", got)
	}
	if len(find(doc, "error-problem")) != 0 {
		t.Error("the error is shown next to the wrong field")
	}
	if attr(one(t, doc, "puzzle"), "value") != "1234" {
		t.Error("typed tiles lost")
	}
}

func sessionData(presenter bool) SessionData {
	return SessionData{
		ID: "abc", Presenter: presenter, FollowerURL: "http://h/s/abc", WSURL: "ws://h/s/abc/ws",
		Kind: "puzzle", Spec: "puzzle 283164705 goal=123804765", Options: "astar h=manhattan tie=fifo",
		Warnings: []string{"heuristic x is not admissible"},
		Step:     3, Status: "running", Counters: stepper.Counters{Expanded: 3, Open: 2, Closed: 3, Nodes: 11},
		Narration:  "Step 3: expanded 203184765 (f 5 = g 2 + h 3).",
		TreeSVG:    `<svg><g data-testid="tree-node" data-id="0"></g></svg>`,
		ProblemSVG: `<svg data-testid="board"></svg>`,
		Legend:     []LegendEntry{{Status: "open", Label: "open", Colour: "#009E73"}},
		Open: []Row{
			{NodeInfo: stepper.NodeInfo{ID: 5, State: stepper.TextOf("023184765"), G: 3, H: 2, F: 5}, Key: stepper.Key{Priority: 5, Seq: 7}, Next: true, Position: 1},
			{NodeInfo: stepper.NodeInfo{ID: 2, State: stepper.TextOf("283164075"), G: 1, H: 6, F: 7}, Key: stepper.Key{Priority: 7, Seq: 2}, Position: 2},
		},
		OpenTotal:   6,
		Closed:      []Row{{NodeInfo: stepper.NodeInfo{ID: 0, State: stepper.TextOf("283164705"), H: 5, F: 5, Order: 1, Parent: -1}, Position: 1}},
		ClosedTotal: 3, Static: "v1",
	}
}

func TestSessionPageFirstPaint(t *testing.T) {
	doc := renderDoc(t, Session(sessionData(true)))
	app := one(t, doc, "session")
	if attr(app, "data-role") != "presenter" || attr(app, "data-ws") != "ws://h/s/abc/ws" {
		t.Errorf("app attributes %v", app.Attr)
	}
	if got := text(one(t, doc, "narration")); !strings.HasPrefix(got, "Step 3: expanded 203184765") {
		t.Errorf("narration %q", got)
	}
	rows := find(doc, "open-row")
	if len(rows) != 2 || !strings.Contains(attr(rows[0], "class"), "next") || attr(rows[0], "data-id") != "5" {
		t.Fatalf("open rows %d, first %v", len(rows), rows[0].Attr)
	}
	var fs []string
	for _, f := range find(doc, "open-f") {
		fs = append(fs, text(f))
	}
	if strings.Join(fs, " ") != "5 7" {
		t.Errorf("open f column %v", fs)
	}
	if text(one(t, doc, "open-count")) != "6" || text(one(t, doc, "closed-count")) != "3" {
		t.Error("list sizes")
	}
	if len(find(doc, "closed-row")) != 1 || len(find(doc, "tree-node")) != 1 || len(find(doc, "board")) != 1 {
		t.Error("first paint lacks the closed list, the tree or the problem view")
	}
	for _, id := range []string{"btn-step", "btn-back", "btn-play", "btn-goal", "btn-reset", "jump", "speed", "keymap", "legend", "warning", "follower-link", "presenter-link", "inspector", "chart"} {
		one(t, doc, id)
	}
	if got := text(one(t, doc, "step")); got != "Step 3" {
		t.Errorf("step %q", got)
	}
}

func TestSessionPageFollower(t *testing.T) {
	doc := renderDoc(t, Session(sessionData(false)))
	if attr(one(t, doc, "session"), "data-role") != "follower" {
		t.Error("role")
	}
	if !strings.Contains(text(one(t, doc, "role")), "read-only") {
		t.Error("the follower is not told it is read-only")
	}
	if len(find(doc, "presenter-link")) != 0 || len(find(doc, "follower-link")) != 0 {
		t.Error("a follower's page shows the share links")
	}
	one(t, doc, "btn-rejoin")
}

func TestSessionPageEscapes(t *testing.T) {
	d := sessionData(false)
	d.Spec = `graph <script>alert(1)</script>`
	d.Narration = `<img src=x onerror=alert(1)>`
	var buf bytes.Buffer
	if err := Session(d).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "<script>alert") || strings.Contains(buf.String(), "<img src=x") {
		t.Error("user text reached the page unescaped")
	}
}
