// Package raster draws the SVG that package viz writes as a PNG, so a
// picture survives viewers that drop SVG (nbconvert's SanitizeHTML, image
// viewers, mail). It is a small rasteriser for exactly the subset viz
// emits, not a general SVG renderer:
//
//   - elements svg (the root, with width, height and viewBox), g, rect (x, y,
//     width, height, rx; lengths may be percentages of the viewport),
//     circle, line, polyline, polygon, path (M L H V C Q Z and their
//     relative forms), text; title and style are read, not drawn;
//   - transform translate(...) and scale(...);
//   - the scoped style sheets viz writes: descendant and child combinators,
//     compound selectors of a tag, classes and [attr] or [attr=value],
//     applied by specificity, then style attributes; fill, stroke,
//     stroke-width, stroke-dasharray, stroke-linecap, opacity,
//     font-size (px or em), font-weight and text-anchor, paint-order stroke
//     (a halo behind text), textLength (shrinks text to fit);
//   - text in the Go fonts (regular and bold), whatever font-family says.
//
// Joins are drawn round. Everything else SVG has is ignored.
//
// Bounds: the input is at most MaxInput bytes and MaxElements elements
// (else an error); the image is at most MaxSide pixels on either side (a
// bigger drawing is scaled down to fit). Cost is O(elements + pixels
// covered by their bounding boxes) time and O(pixels) memory.
package raster

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
)

// Bounds of one drawing.
const (
	MaxInput    = 32 << 20
	MaxElements = 400_000
	MaxSide     = 1600
)

// PNG draws svg as a PNG image onto w, scale times its own size (1 for
// its width and height in CSS pixels, 2 for high-density screens), less if
// that would pass MaxSide.
func PNG(w io.Writer, svg []byte, scale float64) error {
	img, err := Image(svg, scale)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("raster: encoding png: %w", err)
	}
	return nil
}

// PNGBytes is PNG into a byte slice.
func PNGBytes(svg []byte, scale float64) ([]byte, error) {
	var b bytes.Buffer
	if err := PNG(&b, svg, scale); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Image draws svg on a white background (see PNG for scale).
func Image(svg []byte, scale float64) (*image.RGBA, error) {
	if len(svg) > MaxInput {
		return nil, fmt.Errorf("raster: drawing of %d bytes is larger than %d: draw a smaller part", len(svg), MaxInput)
	}
	if !(scale > 0) || math.IsInf(scale, 0) || scale > 8 {
		return nil, fmt.Errorf("raster: scale %v out of range (0, 8]", scale)
	}
	root, sheet, err := parse(svg)
	if err != nil {
		return nil, err
	}
	vw, vh, vb, err := viewport(root)
	if err != nil {
		return nil, err
	}
	s := scale
	if vw*s > MaxSide {
		s = MaxSide / vw
	}
	if vh*s > MaxSide {
		s = MaxSide / vh
	}
	pw, ph := max(1, int(math.Ceil(vw*s))), max(1, int(math.Ceil(vh*s)))
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	ctm := affine{s * vw / vb[2], 0, 0, s * vh / vb[3], 0, 0}
	ctm = ctm.mul(affine{1, 0, 0, 1, -vb[0], -vb[1]})
	p := &painter{img: img, sheet: sheet, vw: vb[2], vh: vb[3]}
	p.walk(root, rootStyle(), ctm)
	return img, nil
}

// viewport reads the root's size in CSS pixels and its viewBox.
func viewport(root *node) (w, h float64, vb [4]float64, err error) {
	w, okw := length(root.attr["width"], 0)
	h, okh := length(root.attr["height"], 0)
	if v, ok := root.attr["viewBox"]; ok {
		nums := numbers(v)
		if len(nums) != 4 || !(nums[2] > 0) || !(nums[3] > 0) {
			return 0, 0, vb, fmt.Errorf("raster: viewBox %q is not four numbers with a positive width and height", v)
		}
		copy(vb[:], nums)
		if !okw {
			w = vb[2]
		}
		if !okh {
			h = vb[3]
		}
	} else {
		vb = [4]float64{0, 0, w, h}
	}
	if !(w > 0) || !(h > 0) || w > 1e6 || h > 1e6 {
		return 0, 0, vb, fmt.Errorf("raster: the svg element needs a width and height between 0 and 1e6 (or a viewBox), has %q by %q", root.attr["width"], root.attr["height"])
	}
	return w, h, vb, nil
}
