package jupyter

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"image/png"
	"slices"
	"strings"
	"testing"
)

func TestSplitPictures(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" aria-label="puzzle board 283164705"><style>.a{fill:#fff}</style><svg x="1"><rect width="3" height="3"/></svg><text>2 &amp; 8</text></svg>`
	bare := `<svg width="10" height="10"><circle r="3"/></svg>`
	for _, tc := range []struct {
		name, in, rest string
		labels         []string
	}{
		{"no svg", `<div>step 3</div>`, `<div>step 3</div>`, nil},
		{"one with a nested svg", `<div class="v"><b>a</b>` + svg + `<i>after</i></div>`, `<div class="v"><b>a</b><i>after</i></div>`, []string{"puzzle board 283164705"}},
		{"two, one without xmlns or label", `<div>` + svg + `<div>` + bare + `</div></div>`, `<div><div></div></div>`, []string{"puzzle board 283164705", "stepviz drawing"}},
		{"unbalanced", `<div>` + svg[:40], `<div>` + svg[:40], nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rest, pics := splitPictures(tc.in)
			if rest != tc.rest {
				t.Errorf("rest %q, want %q", rest, tc.rest)
			}
			if len(pics) != len(tc.labels) {
				t.Fatalf("%d pictures, want %d", len(pics), len(tc.labels))
			}
			for i, p := range pics {
				if p.label != tc.labels[i] {
					t.Errorf("picture %d label %q, want %q", i, p.label, tc.labels[i])
				}
				p.subject = "a at step 3: astar on puzzle"
				data, err := p.bundle()
				if err != nil {
					t.Fatalf("picture %d: %v", i, err)
				}
				if len(data) != 2 || data["image/png"] == "" {
					t.Errorf("picture %d keeps %v, want image/png and text/plain alone", i, keys(data))
				}
				if want := "[" + tc.labels[i] + " — a at step 3: astar on puzzle]"; data["text/plain"] != want {
					t.Errorf("picture %d text %q, want %q", i, data["text/plain"], want)
				}
				s := p.svgBundle()["image/svg+xml"]
				if !strings.HasPrefix(s, `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(s, "</svg>") {
					t.Errorf("picture %d svg %q, want a whole svg element with its namespace", i, s)
				}
				if err := xml.Unmarshal([]byte(s), new(struct{})); err != nil {
					t.Errorf("picture %d: not well-formed XML: %v", i, err)
				}
				b, err := base64.StdEncoding.DecodeString(data["image/png"])
				if err != nil {
					t.Fatalf("picture %d png: %v", i, err)
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("picture %d png does not decode: %v", i, err)
				}
				if w := []int{120, 10}[i]; img.Bounds().Dx() != w {
					t.Errorf("picture %d png %d wide, want %d", i, img.Bounds().Dx(), w)
				}
			}
		})
	}
}

func TestPictureWithoutPNG(t *testing.T) {
	p := pictureOf(`<svg width="0" height="0"></svg>`)
	data, err := p.bundle()
	if err == nil {
		t.Fatal("a drawing of no size rasterised without an error")
	}
	if data["image/svg+xml"] == "" || data["text/plain"] == "" {
		t.Errorf("without a png the picture must still travel as svg and text: %v", data)
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
