package jupyter

import (
	"context"
	"testing"

	"stepviz/kernel"
	"stepviz/viz/raster"
)

// BenchmarkPublishFrameAt1M measures what the kernel does with one live
// frame of a million-node search before the next step can run: the
// frame's pictures split out and each made a MIME bundle, as publishOutput
// sends them: with a PNG rasterised from the SVG for a run's last frame,
// SVG only for a passing one.
func BenchmarkPublishFrameAt1M(b *testing.B) {
	s := kernel.NewSession(kernel.Config{MaxNodes: 3_000_000, NodeCeiling: 3_000_000, NodeBudget: 3_000_000})
	outs, err := s.Run(context.Background(), "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\nbig = search bfs maxnodes=3000000\nrun big 470000")
	if err != nil {
		b.Fatal(err)
	}
	frame := outs[len(outs)-1]
	for i := len(outs) - 1; i >= 0; i-- {
		if outs[i].DisplayID != "" {
			frame = outs[i]
			break
		}
	}
	for _, passing := range []bool{false, true} {
		name := "last" // a run's last frame: SVG and PNG
		if passing {
			name = "passing" // a frame a newer one follows: SVG only
		}
		b.Run(name, func(b *testing.B) {
			var n int
			for b.Loop() {
				_, pics := splitPictures(frame.HTML)
				n = 0
				for _, p := range pics {
					d := p.svgBundle()
					if !passing {
						d, _ = p.bundle()
					}
					n += len(d["image/png"]) + len(d["image/svg+xml"])
				}
			}
			b.ReportMetric(float64(n), "bytes/frame")
		})
	}
}

// BenchmarkPictureRomania measures the picture a cell keeps of A* on the
// Romania map after five steps (the map and the tree): the paletted PNG a
// saved notebook holds against the full-colour PNG raster writes.
func BenchmarkPictureRomania(b *testing.B) {
	s := kernel.NewSession(kernel.Config{StepPictures: true})
	outs, err := s.Run(context.Background(), "graph romania\na = search astar h=sld\nstep a 5")
	if err != nil {
		b.Fatal(err)
	}
	_, pics := splitPictures(outs[len(outs)-1].HTML)
	for _, kind := range []string{"paletted", "full-colour"} {
		b.Run(kind, func(b *testing.B) {
			var n int
			for b.Loop() {
				n = 0
				for _, p := range pics {
					var png []byte
					var err error
					if kind == "paletted" {
						png, err = compactPNG(p.svg)
					} else {
						png, err = raster.PNGBytes([]byte(p.svg), 1)
					}
					if err != nil {
						b.Fatal(err)
					}
					n += len(png)
				}
			}
			b.ReportMetric(float64(n), "png-bytes")
		})
	}
}
