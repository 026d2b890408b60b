package graph

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"stepviz/stepper"
)

const tinyGraphText = `# a small map
node A 0 0
node B 3 4   # 5 from A
node C 6 0
node D
edge A B 5
edge B C 5
arc  A C 12
edge C D 1
h A 10
h B 6
h C 1
h D 0
start A
goal D
`

func TestParseGraphText(t *testing.T) {
	g, err := ParseText("tiny.txt", tinyGraphText, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantNodes := []Node{{"A", 0, 0, true}, {"B", 3, 4, true}, {"C", 6, 0, true}, {Name: "D"}}
	if !reflect.DeepEqual(g.Nodes(), wantNodes) {
		t.Errorf("Nodes() = %v, want %v", g.Nodes(), wantNodes)
	}
	wantEdges := []Edge{{"A", "B", 5, false}, {"B", "C", 5, false}, {"A", "C", 12, true}, {"C", "D", 1, false}}
	if !reflect.DeepEqual(g.Edges(), wantEdges) {
		t.Errorf("Edges() = %v, want %v", g.Edges(), wantEdges)
	}
	if g.StartName() != "A" || g.GoalName() != "D" {
		t.Errorf("start, goal = %s, %s", g.StartName(), g.GoalName())
	}
	// D has no coordinates, so no euclidean.
	if got := g.Heuristics(); !reflect.DeepEqual(got, []string{"table", "zero"}) {
		t.Errorf("Heuristics() = %v", got)
	}
	// The arc goes A → C only: C's successors are B and D, in edge order.
	for node, want := range map[string]string{"A": "B C", "B": "A C", "C": "B D", "D": "C"} {
		nb, _ := g.Neighbors(node)
		var got []string
		for _, e := range nb {
			got = append(got, e.To)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("successors of %s = %v, want %s", node, got, want)
		}
	}
	s := solveLine(t, g.Spec(), "astar")
	if s.Cost() != 11 || strings.Join(pathStates(s), " ") != "A B C D" {
		t.Errorf("A* cost %v path %v, want 11 via A B C D", s.Cost(), pathStates(s))
	}
	if got := s.Node(s.Path()[1]).Action; got != "B" {
		t.Errorf("first move %q, want B (actions are named after the node moved to)", got)
	}
}

func TestGraphParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		args       []string
		want       []string // substrings of the error
	}{
		{"unknown node in edge", "node A\nnode B\nedge A C 3\n", nil, []string{"line 3", `unknown node "C"`, "node C"}},
		{"zero cost", "node A\nnode B\nedge A B 0", nil, []string{"line 3", "cost 0", "> 0"}},
		{"negative cost", "node A\nnode B\n\narc B A -2", nil, []string{"line 4", "cost -2", "> 0"}},
		{"duplicate node", "node A\nnode B\nnode A 1 2", nil, []string{"line 3", "node A declared twice", "line 1"}},
		{"duplicate in nodes", "nodes A B A", nil, []string{"line 1", "declared twice"}},
		{"bad number", "node A x 2", nil, []string{"line 1", `bad number "x"`, "x coordinate"}},
		{"bad cost", "node A\nnode B\nedge A B 3km", nil, []string{"line 3", `bad number "3km"`}},
		{"nan cost", "node A\nnode B\nedge A B NaN", nil, []string{"line 3", `bad number "NaN"`}},
		{"inf h", "node A\nh A +Inf", nil, []string{"line 2", "bad number"}},
		{"negative h", "node A\nh A -1", nil, []string{"line 2", "h must be >= 0"}},
		{"h twice", "nodes A B\nh A 1\nh A 2\nh B 0", nil, []string{"line 3", "h A given twice"}},
		{"h missing", "nodes A B C\nh A 1\nstart A\ngoal B", nil, []string{"line 2", "no value for B, C"}},
		{"h unknown node", "node A\nh Z 1", nil, []string{"line 2", `unknown node "Z"`}},
		{"node after h", "node A\nh A 0\nnode B", nil, []string{"line 3", "before the h lines"}},
		{"one coordinate", "node A 1", nil, []string{"line 1", "node NAME X Y"}},
		{"edge fields", "nodes A B\nedge A B", nil, []string{"line 2", "edge FROM TO COST"}},
		{"unknown statement", "nodes A B\nedg A B 1", nil, []string{"line 2", `unknown statement "edg"`, "did you mean edge"}},
		{"duplicate edge", "nodes A B\nedge A B 1\nedge B A 2", nil, []string{"line 3", "already a road", "line 2"}},
		{"arc twice", "nodes A B\narc A B 1\narc A B 2", nil, []string{"line 3", "already a road A → B"}},
		{"loop", "nodes A\nedge A A 1", nil, []string{"line 2", "to itself"}},
		{"bad name", "node a=b", nil, []string{"line 1", "= , ; #"}},
		{"start twice", "nodes A B\nstart A\nstart B", nil, []string{"line 3", "start given twice"}},
		{"no nodes", "# nothing\n", nil, []string{"declares no nodes"}},
		{"no start", "nodes A B\ngoal B", nil, []string{"no start node", "start=NAME"}},
		{"no goal", "nodes A B\nstart A", nil, []string{"no goal node", "goal=NAME"}},
		{"unknown start arg", "nodes Arad Bucharest", []string{"start=Arda", "goal=Bucharest"}, []string{`no node "Arda"`, "did you mean Arad?", "start="}},
		{"ambiguous prefix", "nodes Ab Ac", []string{"start=a", "goal=Ab"}, []string{`"a" could be any of 2 nodes`}},
		{"bad arg", "nodes A B", []string{"from=A"}, []string{`unknown argument "from=A"`, "start=NAME and goal=NAME"}},
		{"arg twice", "nodes A B", []string{"goal=A", "goal=B"}, []string{"goal= given twice"}},
		{"file name in errors", "node A\nnode", nil, []string{"line 2", "node NAME"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseText("", tt.text, tt.args)
			if err == nil {
				t.Fatalf("no error, want one with %q", tt.want)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "stepper: ") {
				t.Errorf("error %q lacks the stepper: prefix", msg)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not contain %q", msg, w)
				}
			}
		})
	}
}

func TestParseGraphFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tiny.txt")
	if err := os.WriteFile(path, []byte(tinyGraphText), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("node A\nedge A B 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inst, err := parseProblem("graph "+path+" start=B", stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	g := inst.(*Graph)
	if g.StartName() != "B" || g.GoalName() != "D" || g.Source() != path {
		t.Errorf("start %s goal %s source %s", g.StartName(), g.GoalName(), g.Source())
	}
	if want := "graph " + path + " start=B"; g.Spec() != want {
		t.Errorf("Spec() = %q, want %q", g.Spec(), want)
	}
	// The table estimates the distance to the file's goal D: with goal=B it
	// does not apply.
	other, err := parseProblem("graph "+path+" goal=B", stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	if h := other.Heuristics(); !reflect.DeepEqual(h, []string{"zero"}) {
		t.Errorf("goal=B: heuristics %v, want [zero]", h)
	}
	if _, err := stepper.NewSearch(other, stepper.Options{Algorithm: stepper.AStar, Heuristic: "table"}); err == nil || !strings.Contains(err.Error(), "estimates the distance to D and does not apply to goal B") {
		t.Errorf("goal=B h=table: %v", err)
	}
	for _, tt := range []struct{ line, want string }{
		{"graph " + filepath.Join(dir, "missing.txt"), "cannot read"},
		{"graph " + dir, "is a directory"},
		{"graph " + bad, "bad.txt:2: edge names unknown node \"B\""},
		{"graph", "missing map"},
		{"graph goal=Arad", "comes before the map"},
	} {
		if _, err := parseProblem(tt.line, stepper.LocalFiles); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseProblem(%q, LocalFiles) = %v, want an error with %q", tt.line, err, tt.want)
		}
	}
}

// sameGraph reports how two graphs differ, or "".
func sameGraph(a, b *Graph) string {
	switch {
	case !reflect.DeepEqual(a.Nodes(), b.Nodes()):
		return "nodes differ"
	case !reflect.DeepEqual(a.Edges(), b.Edges()):
		return "edges differ"
	case a.StartName() != b.StartName() || a.GoalName() != b.GoalName():
		return "start or goal differ"
	case !reflect.DeepEqual(a.Heuristics(), b.Heuristics()):
		return "heuristics differ"
	case !reflect.DeepEqual(a.table, b.table):
		return "h tables differ"
	case !reflect.DeepEqual(a.adj, b.adj):
		return "successor order differs"
	}
	return ""
}

func TestGraphTextRoundTrip(t *testing.T) {
	g, err := ParseText("", tinyGraphText, []string{"start=C"})
	if err != nil {
		t.Fatal(err)
	}
	spec := g.Spec()
	if !strings.HasPrefix(spec, "graph text:node,A,0,0;") || !strings.HasSuffix(spec, ";start,A;goal,D start=C") {
		t.Errorf("Spec() = %q", spec)
	}
	again, err := parseProblem(spec, stepper.LocalFiles)
	if err != nil {
		t.Fatalf("ParseProblem(%q, LocalFiles): %v", spec, err)
	}
	if d := sameGraph(g, again.(*Graph)); d != "" || again.Spec() != spec {
		t.Errorf("Spec round trip: %s; %q vs %q", d, again.Spec(), spec)
	}
	fromText, err := ParseText("", g.Text(), nil)
	if err != nil {
		t.Fatalf("ParseText(Text()): %v", err)
	}
	if d := sameGraph(g, fromText); d != "" {
		t.Errorf("Text round trip: %s\n%s", d, g.Text())
	}
}

func FuzzParseGraphText(f *testing.F) {
	f.Add(tinyGraphText, "")
	f.Add("nodes A B\nedge A B 1\nstart A\ngoal B", "goal=A")
	f.Add("node A 1e308 -1e308\nnode B 0.5 2\narc A B 1e-9\nh A 0\nh B 0\nstart A\ngoal B", "start=b")
	f.Add("nodes A B\nedge A B 0x10\nstart A\ngoal A", "")
	f.Add("node\tA # x\nNODE B\nEdge A B 3\nstart A\ngoal B\n", "start=")
	f.Fuzz(func(t *testing.T, text, arg string) {
		var args []string
		if arg != "" {
			args = []string{arg}
		}
		g, err := ParseText("", text, args)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "stepper: ") {
				t.Errorf("error %q lacks the stepper: prefix", err)
			}
			return
		}
		again, err := ParseText("", g.Text(), nil)
		if err != nil {
			t.Fatalf("Text() does not parse back: %v\n%s", err, g.Text())
		}
		if d := sameGraph(g, again); d != "" {
			t.Fatalf("Text round trip: %s\n%s", d, g.Text())
		}
		inst, err := parseProblem(g.Spec(), stepper.LocalFiles)
		if err != nil {
			t.Fatalf("Spec() %q does not parse: %v", g.Spec(), err)
		}
		if d := sameGraph(g, inst.(*Graph)); d != "" {
			t.Fatalf("Spec round trip: %s", d)
		}
		s, err := stepper.NewSearch(g, stepper.Options{Algorithm: stepper.AStar})
		if err != nil {
			t.Fatalf("NewSearch: %v", err)
		}
		s.Run(1000)
	})
}

func TestGraphHeuristicWarnings(t *testing.T) {
	base := "node A 0 0\nnode B 3 4\nnode C 6 0\nedge A B 5\nedge B C 5\nstart A\ngoal C\n"
	tests := []struct {
		name, h, search string
		want            string // "" for no warning
	}{
		{"admissible and consistent", "h A 10\nh B 5\nh C 0", "astar h=table", ""},
		{"overestimates", "h A 11\nh B 5\nh C 0", "astar h=table", "heuristic table is not admissible"},
		{"inconsistent", "h A 10\nh B 2\nh C 0", "astar h=table", "admissible but not consistent (h(A) = 10 > c(A, B) + h(B) = 5 + 2)"},
		{"inconsistent, reopening", "h A 10\nh B 2\nh C 0", "astar h=table closed=reopen", ""},
		{"inconsistent, tree search", "h A 10\nh B 2\nh C 0", "astar h=table tree=true", ""},
		{"inconsistent, greedy", "h A 10\nh B 2\nh C 0", "greedy h=table", ""},
		// Euclidean over the coordinates: A-B is 5 long and costs 5.
		{"euclidean", "", "astar h=euclidean", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseText("", base+tt.h, nil)
			if err != nil {
				t.Fatal(err)
			}
			o, err := stepper.ParseOptions(tt.search)
			if err != nil {
				t.Fatal(err)
			}
			s, err := stepper.NewSearch(g, o)
			if err != nil {
				t.Fatal(err)
			}
			w := s.Warnings()
			switch {
			case tt.want == "" && len(w) != 0:
				t.Errorf("warnings %q, want none", w)
			case tt.want != "" && (len(w) != 1 || !strings.Contains(w[0], tt.want)):
				t.Errorf("warnings %q, want one with %q", w, tt.want)
			}
		})
	}
}
