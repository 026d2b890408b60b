package raster

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// node is one element of the drawing.
type node struct {
	name     string
	attr     map[string]string
	classes  []string
	children []*node
	parent   *node
	text     strings.Builder // character data of a text element
}

// parse reads the svg document: its root element and the rules of every
// style element in it. At most MaxElements elements.
func parse(svg []byte) (*node, []rule, error) {
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = true
	var root, cur *node
	var sheet []rule
	var style strings.Builder
	inStyle := 0
	count := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("raster: reading the svg: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			count++
			if count > MaxElements {
				return nil, nil, fmt.Errorf("raster: more than %d elements: draw a smaller part", MaxElements)
			}
			n := &node{name: t.Name.Local, attr: make(map[string]string, len(t.Attr)), parent: cur}
			for _, a := range t.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			n.classes = strings.Fields(n.attr["class"])
			if cur == nil {
				if root != nil {
					return nil, nil, errors.New("raster: more than one root element")
				}
				if n.name != "svg" {
					return nil, nil, fmt.Errorf("raster: the root element is <%s>, want <svg>", n.name)
				}
				root = n
			} else {
				cur.children = append(cur.children, n)
			}
			cur = n
			if n.name == "style" {
				inStyle++
			}
		case xml.EndElement:
			if cur.name == "style" {
				inStyle--
				sheet = append(sheet, parseSheet(style.String(), len(sheet))...)
				style.Reset()
			}
			cur = cur.parent
		case xml.CharData:
			switch {
			case inStyle > 0:
				style.Write(t)
			case cur != nil && cur.name == "text":
				cur.text.Write(t)
			}
		}
	}
	if root == nil {
		return nil, nil, errors.New("raster: no svg element")
	}
	return root, sheet, nil
}

// numbers reads the numbers of a list separated by spaces or commas.
func numbers(s string) []float64 {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' || r == '\t' || r == '\r' })
	out := make([]float64, 0, len(f))
	for _, x := range f {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil || isBad(v) {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// length reads a length in px (or unitless); a percentage is of ref.
func length(s string, ref float64) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	k := 1.0
	switch {
	case strings.HasSuffix(s, "%"):
		s, k = s[:len(s)-1], ref/100
	case strings.HasSuffix(s, "px"):
		s = s[:len(s)-2]
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || isBad(v) {
		return 0, false
	}
	return v * k, true
}

// isBad reports NaN, infinities and numbers too large to draw.
func isBad(v float64) bool { return v != v || v > 1e9 || v < -1e9 }
