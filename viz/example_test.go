package viz_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz"
)

// Draw the A* tree on the Romania map after two steps and list what each
// drawn node says about itself.
func ExampleTreeSVG() {
	inst, _ := problems.Parse("graph romania", nil)
	o, _ := stepper.ParseOptions("astar")
	s, _ := stepper.NewSearch(inst, o)
	s.Run(2)
	var b bytes.Buffer
	if err := viz.TreeSVG(&b, inst, s.Snapshot(), viz.TreeOptions{Algorithm: o.Algorithm, EdgeLabels: true}); err != nil {
		fmt.Println(err)
		return
	}
	node := regexp.MustCompile(`<g class="([^"]*)" data-testid="tree-node" data-id="(\d+)" data-state="([^"]*)"`)
	for _, m := range node.FindAllStringSubmatch(b.String(), -1) {
		fmt.Printf("%s %s: %s\n", m[2], m[3], m[1])
	}
	// Output:
	// 0 Arad: node closed
	// 1 Zerind: node open
	// 2 Sibiu: node current
	// 4 Arad: node discarded
	// 5 Fagaras: node open
	// 6 Oradea: node open
	// 7 Rimnicu_Vilcea: node open
	// 3 Timisoara: node open
}

// Draw the classic tutorial grid once A* has found the goal, and count the
// cells by what they show.
func ExampleProblemSVG() {
	inst, _ := problems.Parse("grid ......./...#.../...#.../...#.../....... start=1,2 goal=5,2 moves=8 cost=10-14", nil)
	o, _ := stepper.ParseOptions("astar")
	s, _ := stepper.NewSearch(inst, o)
	s.Run(0)
	var b bytes.Buffer
	if err := viz.ProblemSVG(&b, inst, s.Snapshot(), -1); err != nil {
		fmt.Println(err)
		return
	}
	svg := b.String()
	for _, class := range []string{"cell wall", "cell free", "cell open", "cell closed", "cell current", "cell path"} {
		fmt.Printf("%s: %d\n", class, strings.Count(svg, `class="`+class+`" data-state=`))
	}
	fmt.Println("path cost", stepper.FormatNumber(s.Cost()))
	// Output:
	// cell wall: 3
	// cell free: 0
	// cell open: 10
	// cell closed: 15
	// cell current: 0
	// cell path: 7
	// path cost 68
}
