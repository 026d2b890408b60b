package graph_test

import (
	"fmt"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/graph"
)

// A* with the straight-line distances on AIMA's Romania map, one expansion
// at a time, as figure 3.24 of the textbook draws it.
func ExampleRomania() {
	s, err := stepper.NewSearch(graph.Romania(), stepper.Options{Algorithm: stepper.AStar})
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		fmt.Printf("%d. %s f=%s\n", ev.Step, ev.Expanded.State, stepper.FormatNumber(ev.Expanded.F))
	}
	var path []string
	for _, id := range s.Path() {
		path = append(path, s.Node(id).State.String())
	}
	fmt.Println(strings.Join(path, " → "), s.Cost())
	// Output:
	// 1. Arad f=366
	// 2. Sibiu f=393
	// 3. Rimnicu_Vilcea f=413
	// 4. Fagaras f=415
	// 5. Pitesti f=417
	// 6. Bucharest f=418
	// Arad → Sibiu → Rimnicu_Vilcea → Pitesti → Bucharest 418
}

// A graph in the text format, with a one-way road and an h table.
func ExampleParseText() {
	g, err := graph.ParseText("", `
node A 0 0
node B 3 4
node C 6 0
edge A B 5
edge B C 5
arc A C 12   # one way: A to C only
h A 9
h B 5
h C 0
start A
goal C`, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Heuristics())
	s, _ := stepper.NewSearch(g, stepper.Options{Algorithm: stepper.UCS})
	s.Run(0)
	fmt.Println(s.Status(), s.Cost())
	fmt.Println(g.Spec())
	// Output:
	// [table euclidean zero]
	// solved 10
	// graph text:node,A,0,0;node,B,3,4;node,C,6,0;edge,A,B,5;edge,B,C,5;arc,A,C,12;h,A,9;h,B,5;h,C,0;start,A;goal,C
}

// A file-format error names the line and the fix.
func ExampleParseText_error() {
	_, err := graph.ParseText("roads.txt", "node A\nnode B\nedge A C 4\n", nil)
	fmt.Println(err)
	// Output:
	// stepper: graph roads.txt:3: edge names unknown node "C"; declare it first with "node C"
}
