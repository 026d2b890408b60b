package viz

import "math"

// A labelBox is the rectangle a label or a city's circle covers, in
// pixels (x0 < x1, y0 < y1). Text widths are guessed at 0.6 em a
// character (0.62 for bold), a little wider than DejaVu Sans draws them.
type labelBox struct{ x0, y0, x1, y1 float64 }

// textBox is the box of a text of n characters centred on x, its baseline
// at y, in a font of size px, with a halo of 2 px around it.
func textBox(x, y float64, n int, px, em float64) labelBox {
	w := float64(n)*px*em/2 + 2
	return labelBox{x - w, y - px*0.8 - 2, x + w, y + px*0.25 + 2}
}

func (a labelBox) overlap(b labelBox) float64 {
	w := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0)
	h := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// boxIndex finds the boxes near a box: a uniform grid of buckets of
// boxCell pixels, each holding the boxes that touch it.
type boxIndex struct {
	boxes   []labelBox
	buckets map[[2]int][]int
}

const boxCell = 48.0

func (ix *boxIndex) add(b labelBox) {
	if ix.buckets == nil {
		ix.buckets = make(map[[2]int][]int)
	}
	k := len(ix.boxes)
	ix.boxes = append(ix.boxes, b)
	ix.each(b, func(c [2]int) { ix.buckets[c] = append(ix.buckets[c], k) })
}

func (ix *boxIndex) each(b labelBox, f func([2]int)) {
	for cx := int(math.Floor(b.x0 / boxCell)); cx <= int(math.Floor(b.x1/boxCell)); cx++ {
		for cy := int(math.Floor(b.y0 / boxCell)); cy <= int(math.Floor(b.y1/boxCell)); cy++ {
			f([2]int{cx, cy})
		}
	}
}

// overlap is the area of b covered by the boxes indexed (a box counted
// once). O(boxes near b).
func (ix *boxIndex) overlap(b labelBox) float64 {
	seen := map[int]bool{}
	area := 0.0
	ix.each(b, func(c [2]int) {
		for _, k := range ix.buckets[c] {
			if !seen[k] {
				seen[k] = true
				area += b.overlap(ix.boxes[k])
			}
		}
	})
	return area
}

// costAlong are the places tried for a road's cost label, as fractions of
// the road from one end: the middle first, then further out; then the
// same beside the road (1 to 3 times costBeside pixels to either side,
// the nearest first), for a short road whose ends' labels cover all of it.
var costAlong = []float64{0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74}

const costBeside = 14.0

// placeCost returns where the cost label of the road a→b (text of n
// characters, 11 px, its baseline 4 px under the point) goes: the first
// place whose label covers nothing indexed, else the one that covers
// least; the label is then indexed, so later labels avoid it.
// O(places × boxes near them).
func placeCost(ix *boxIndex, a, b [2]float64, n int) (x, y float64) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Max(math.Hypot(dx, dy), 1)
	nx, ny := -dy/l, dx/l // the road's normal
	bestArea := math.Inf(1)
	for _, side := range []float64{0, 1, -1, 2, -2, 3, -3} {
		for _, t := range costAlong {
			px := a[0] + dx*t + side*costBeside*nx
			py := a[1] + dy*t + side*costBeside*ny + 4
			area := ix.overlap(textBox(px, py, n, 11, 0.6))
			if area < bestArea {
				x, y, bestArea = px, py, area
			}
			if area == 0 {
				ix.add(textBox(x, y, n, 11, 0.6))
				return x, y
			}
		}
	}
	ix.add(textBox(x, y, n, 11, 0.6))
	return x, y
}
