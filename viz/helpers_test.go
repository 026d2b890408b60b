package viz

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// elem is a parsed XML element.
type elem struct {
	Name     string
	Attrs    map[string]string
	Children []*elem
	Text     string
}

// parseXML parses an SVG document with encoding/xml, failing the test if it
// is not well-formed XML.
func parseXML(t testing.TB, data []byte) *elem {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	var stack []*elem
	var root *elem
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("SVG is not valid XML: %v\n%s", err, head(data))
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			e := &elem{Name: tk.Name.Local, Attrs: map[string]string{}}
			for _, a := range tk.Attr {
				e.Attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, e)
			} else if root == nil {
				root = e
			} else {
				t.Fatalf("SVG has two root elements")
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].Text += string(tk)
			}
		}
	}
	if root == nil || root.Name != "svg" {
		t.Fatalf("root element is not <svg>")
	}
	return root
}

func head(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// all returns every element under e (e included) for which keep is true,
// in document order.
func (e *elem) all(keep func(*elem) bool) []*elem {
	var out []*elem
	var walk func(*elem)
	walk = func(x *elem) {
		if keep(x) {
			out = append(out, x)
		}
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(e)
	return out
}

// text returns all the character data under e.
func (e *elem) text() string {
	var b strings.Builder
	for _, x := range e.all(func(*elem) bool { return true }) {
		b.WriteString(x.Text)
	}
	return b.String()
}

func (e *elem) hasClass(c string) bool {
	for _, f := range strings.Fields(e.Attrs["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

func withAttr(name, value string) func(*elem) bool {
	return func(e *elem) bool { return e.Attrs[name] == value }
}

func hasAttr(name string) func(*elem) bool {
	return func(e *elem) bool { _, ok := e.Attrs[name]; return ok }
}

// search runs a search on a problem line with options for steps steps (<= 0:
// to the end).
func search(t testing.TB, problem, options string, steps int) (*stepper.Search, stepper.Options) {
	t.Helper()
	if strings.Contains(problem, "{data}") {
		problem = strings.ReplaceAll(problem, "{data}", testenv.Data(t))
	}
	s, err := problems.New(problem, options)
	if err != nil {
		t.Fatalf("problems.New(%q, %q): %v", problem, options, err)
	}
	if steps != 0 {
		s.Run(steps)
	}
	return s, s.Options()
}

// render calls f into a buffer and parses the result.
func render(t testing.TB, f func(*bytes.Buffer) error) (*elem, []byte) {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b); err != nil {
		t.Fatal(err)
	}
	return parseXML(t, b.Bytes()), b.Bytes()
}
