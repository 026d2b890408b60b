package viz

import (
	"fmt"
	"math"
)

// Cell classes of the run-length drawing: 0 free (the background), 1 wall,
// 2-9 terrain cost, then runBase + the status's index in StatusLegend.
const runBase = 10

// drawRuns draws a big map a few pixels a cell, each row as runs of equal
// cells: one rect per run, so a 512×512 maze costs its runs, not its
// 262,144 cells.
func (s *gridScene) drawRuns(sw *svgWriter) {
	c := max(1, min(8, math.Floor(1024/float64(max(s.w, s.h, 1)))))
	width := max(float64(s.w)*c+2*margin, 620)
	top := margin + 24 + s.legendHeight(width) + 8
	s.c, s.top = c, top
	height := top + float64(s.h)*c + margin
	name := fmt.Sprintf("Grid %d×%d", s.w, s.h)
	svgOpen(sw, width, height, sceneLabel(name, s.snap), fmt.Sprintf(`data-cell="%g" data-origin="%g %g" data-width="%d" data-height="%d"`, c, margin, top, s.w, s.h))
	sw.textEl(margin, margin+14, `class="capb"`, sceneCaption(name, s.snap))
	s.legend(sw, width)

	statusIndex := make(map[Status]int, len(StatusLegend))
	for k, e := range StatusLegend {
		statusIndex[e.Status] = k
	}
	row := make([]uint8, s.w)
	sw.s(`<rect class="free"`)
	s.rectAttrs(sw, margin, top, float64(s.w)*c, float64(s.h)*c)
	sw.s("/>\n")
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			cost := s.g.CellCost(x, y)
			switch id := s.node[y*s.w+x]; {
			case cost <= 0:
				row[x] = 1
			case id >= 0:
				row[x] = uint8(runBase + statusIndex[s.status[id]])
			case cost > 1:
				row[x] = uint8(min(cost, 9))
			default:
				row[x] = 0
			}
		}
		for x := 0; x < s.w; {
			k := row[x]
			end := x + 1
			for end < s.w && row[end] == k {
				end++
			}
			if k != 0 {
				sw.s(`<rect class="run `, runClass(k), `" data-state="`)
				sw.i(x)
				sw.s(",")
				sw.i(y)
				sw.s(`" data-run="`)
				sw.i(end - x)
				sw.s(`"`)
				s.rectAttrs(sw, margin+float64(x)*c, top+float64(y)*c, float64(end-x)*c, c)
				sw.s("/>")
			}
			x = end
		}
		sw.s("\n")
	}
	s.drawLines(sw, max(3, c*1.2))
	s.drawStartGoal(sw, max(12, 3*c))
	sw.s("</svg>\n")
}

func runClass(k uint8) string {
	switch {
	case k == 1:
		return "wall"
	case k < runBase:
		return fmt.Sprintf("t%d", k)
	case int(k-runBase) < len(StatusLegend):
		return string(StatusLegend[k-runBase].Status)
	}
	return "free"
}
