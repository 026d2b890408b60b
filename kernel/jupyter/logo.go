package jupyter

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

// LogoSizes are the kernel logos a kernelspec carries (logo-32x32.png and
// logo-64x64.png), which Jupyter shows in its launcher and kernel menus.
var LogoSizes = []int{32, 64}

// Logo draws the kernel's logo at size×size pixels as a PNG: a small
// search tree (a root, two children, one grandchild on the path) in white
// on a blue rounded square, the path's nodes filled. Drawn from geometry
// in unit coordinates, so every size is sharp; O(size²).
func Logo(size int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	blue := color.NRGBA{0x1f, 0x5f, 0xa8, 0xff}
	white := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	type pt struct{ x, y float64 }
	root, left, right, leaf := pt{0.5, 0.24}, pt{0.27, 0.52}, pt{0.73, 0.52}, pt{0.73, 0.79}
	edges := [][2]pt{{root, left}, {root, right}, {right, leaf}}
	const r, line, corner = 0.1, 0.045, 0.18
	segDist := func(p, a, b pt) float64 {
		dx, dy := b.x-a.x, b.y-a.y
		t := max(0, min(1, ((p.x-a.x)*dx+(p.y-a.y)*dy)/(dx*dx+dy*dy)))
		return math.Hypot(p.x-(a.x+t*dx), p.y-(a.y+t*dy))
	}
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			p := pt{(float64(px) + 0.5) / float64(size), (float64(py) + 0.5) / float64(size)}
			// Rounded square: outside the corners' circles is transparent.
			cx, cy := min(max(p.x, corner), 1-corner), min(max(p.y, corner), 1-corner)
			if math.Hypot(p.x-cx, p.y-cy) > corner {
				continue
			}
			c := blue
			for _, e := range edges {
				if segDist(p, e[0], e[1]) < line/2 {
					c = white
				}
			}
			for i, n := range []pt{root, left, right, leaf} {
				d := math.Hypot(p.x-n.x, p.y-n.y)
				switch {
				case d < r && (i == 1): // off the path: a ring
					if d > r-line {
						c = white
					} else {
						c = blue
					}
				case d < r:
					c = white
				}
			}
			img.SetNRGBA(px, py, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // encoding an in-memory image cannot fail
	}
	return b.Bytes()
}
