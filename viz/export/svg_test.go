package export

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"stepviz/viz"
)

// xmlNode is a parsed XML element, enough to walk a drawing.
type xmlNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Kids    []xmlNode  `xml:",any"`
}

func (n *xmlNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *xmlNode) walk(fn func(*xmlNode)) {
	fn(n)
	for i := range n.Kids {
		n.Kids[i].walk(fn)
	}
}

func parseSVG(t *testing.T, data []byte) *xmlNode {
	t.Helper()
	validXML(t, data)
	var root xmlNode
	if err := xml.NewDecoder(bytes.NewReader(data)).Decode(&root); err != nil && err != io.EOF {
		t.Fatalf("decoding SVG: %v", err)
	}
	if root.XMLName.Local != "svg" {
		t.Fatalf("root element <%s>, want <svg>", root.XMLName.Local)
	}
	return &root
}

func TestSVGFormats(t *testing.T) {
	letters := map[string]string{}
	for _, e := range viz.StatusLegend {
		if other, dup := letters[e.Letter]; dup {
			t.Fatalf("statuses %s and %s share the letter %s: not legible in black and white", other, e.Status, e.Letter)
		}
		letters[e.Letter] = string(e.Status)
	}
	// a cut-off, forgotten or pruned node wears its family style's letter
	for _, e := range viz.FamilyStyles {
		if e.Letter == "" {
			continue
		}
		if other, dup := letters[e.Letter]; dup {
			t.Fatalf("%s and %s share the letter %s: not legible in black and white", other, e.Class, e.Letter)
		}
		letters[e.Letter] = e.Class
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			ref := newSearch(t, c.problem, c.opts)
			if c.steps >= 0 {
				ref.Seek(c.steps)
			} else {
				ref.Run(0)
			}
			sn := ref.Snapshot()
			for _, format := range []string{"svg", "tree-svg", "problem-svg"} {
				data := export(t, s, format, c.steps)
				root := parseSVG(t, data)
				if format == "problem-svg" {
					continue
				}
				// Every tree node carries its status's (or family
				// style's) letter, so the drawing does not rely on
				// colour alone.
				nodes := 0
				root.walk(func(n *xmlNode) {
					if n.attr("data-testid") != "tree-node" {
						return
					}
					nodes++
					found := false
					n.walk(func(k *xmlNode) {
						if k.XMLName.Local == "text" && letters[strings.TrimSpace(k.Text)] != "" {
							found = true
						}
					})
					if !found {
						t.Errorf("%s: tree node %s has no status letter", format, n.attr("data-id"))
					}
				})
				if nodes != len(sn.Tree) {
					t.Errorf("%s: %d tree nodes drawn, the tree has %d", format, nodes, len(sn.Tree))
				}
				if format == "svg" {
					nested := 0
					for _, k := range root.Kids {
						if k.XMLName.Local == "svg" {
							nested++
						}
					}
					if nested != 2 {
						t.Errorf("svg: %d nested drawings, want the problem and the tree", nested)
					}
					if !bytes.Contains(data, []byte(xmlText(s.Options().String()))) {
						t.Errorf("svg does not record the options")
					}
					if c.name == "puzzle-astar" || c.name == "grid-astar" {
						artifact(t, "export-"+c.name+".svg", data)
					}
				}
			}
		})
	}
}
