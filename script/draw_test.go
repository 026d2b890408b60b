package script_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/viz"
)

// TestDrawPictures: draw(s) pictures a state as a board (rows of labels)
// or a map (labelled points), and viz.ProblemSVG draws it for the node
// selected; a bad picture is an error that names draw and its line.
func TestDrawPictures(t *testing.T) {
	s := solve(t, "script "+scriptPath(t, "puzzle8.star")+" board=283164705 goal=123804765", "astar")
	var b bytes.Buffer
	last := s.Path()[len(s.Path())-1]
	if err := viz.ProblemSVG(&b, s.Instance(), s.Snapshot(), last); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`data-state="123804765"`, `class="blank"`, ">8</text>", "node " + strconv.Itoa(last) + " (123804765)"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("the board lacks %q:\n%s", w, b.String())
		}
	}

	const points = "start = \"a\"\ndef is_goal(s):\n    return s == \"b\"\ndef successors(s):\n    return [(\"go\", \"b\")]\ndef draw(s):\n    return {\"A\": (0, 0), \"B\": (3, 4), s: (1.5, 2)}\n"
	in, err := script.New("map.star", points, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := viz.ProblemSVG(&b, in, stepper.Snapshot{}, -1); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), "<circle") != 3 || !strings.Contains(b.String(), ">B</text>") {
		t.Errorf("the map lacks its three points:\n%s", b.String())
	}

	bad := strings.Replace(points, `return {"A": (0, 0), "B": (3, 4), s: (1.5, 2)}`, "return 7", 1)
	if in, err = script.New("bad.star", bad, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := in.Draw(in.StartText()); err == nil || !strings.Contains(err.Error(), "bad.star:6:1: in draw(\"a\"): returned int 7") {
		t.Errorf("draw returning 7: %v", err)
	}
	if _, _, err := in.Draw("zzz"); err == nil || !strings.Contains(err.Error(), "was not reached") {
		t.Errorf("draw of an unknown state: %v", err)
	}
}
