package export_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz/export"
)

func romania() *stepper.Search {
	inst, _ := problems.Parse("graph romania", nil)
	o, _ := stepper.ParseOptions("astar")
	s, _ := stepper.NewSearch(inst, o)
	return s
}

// Write exports the first steps of a search; here as CSV, one row per
// expansion (the problem and options are in the "csv-metadata" sidecar).
func ExampleWrite() {
	if err := export.Write(os.Stdout, "csv", romania(), 2); err != nil {
		fmt.Println(err)
	}
	// Output:
	// step,node,state,action,g,h,f,parent,depth,status,open,closed,generated,children,direction,iteration,bound
	// 1,0,Arad,none,0,366,366,-1,0,closed,3,1,3,1 Zerind added g=75 h=374 f=449; 2 Sibiu added g=140 h=253 f=393; 3 Timisoara added g=118 h=329 f=447,none,1,-1
	// 2,2,Sibiu,Sibiu,140,253,393,0,1,closed,5,2,4,4 Arad ignored-closed g=280 h=366 f=646; 5 Fagaras added g=239 h=176 f=415; 6 Oradea added g=291 h=380 f=671; 7 Rimnicu_Vilcea added g=220 h=193 f=413,none,1,-1
}

// ReadTrace and Replay reopen an exported trace as the session it came
// from.
func ExampleReadTrace() {
	var file bytes.Buffer
	if err := export.Write(&file, "json", romania(), export.ToEnd); err != nil {
		fmt.Println(err)
		return
	}
	t, err := export.ReadTrace(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := t.Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Problem, "/", t.Options)
	fmt.Println(s.StepCount(), "steps,", s.Status(), "with cost", s.Cost())
	// Output:
	// graph romania / astar h=sld tie=fifo goaltest=expand open=reparent closed=ignore order=natural
	// 6 steps, solved with cost 418
}

// Check grades a hand trace and names the first step that differs.
func ExampleCheck() {
	sheet := "step,node,f\n1,Arad,366\n2,Sibiu,393\n3,Fagaras,415\n"
	a, err := export.ParseAnswer(strings.NewReader(sheet), "answer.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := export.Check(romania(), a)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("correct=%v step=%d line=%d\n%s\n", g.Correct, g.Step, g.Line, g.Reason)
	// Output:
	// correct=false step=3 line=4
	// at step 3 you expanded Fagaras (f=415) but Rimnicu_Vilcea (f=413) was open
}
