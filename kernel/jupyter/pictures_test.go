package jupyter

import (
	"encoding/base64"
	"encoding/xml"
	"regexp"
	"strings"
	"testing"
)

func TestSVGAsImg(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" aria-label="puzzle board 283164705"><style>.a{fill:#fff}</style><svg x="1"><rect/></svg><text>2 &amp; 8</text></svg>`
	bare := `<svg width="10" height="10"><circle r="3"/></svg>`
	for _, tc := range []struct {
		name, in string
		imgs     int
		alt      []string
	}{
		{"no svg", `<div>step 3</div>`, 0, nil},
		{"one with a nested svg", `<div class="v"><b>a</b>` + svg + `<i>after</i></div>`, 1, []string{"puzzle board 283164705"}},
		{"two, one without xmlns or label", `<div>` + svg + `<div>` + bare + `</div></div>`, 2, []string{"puzzle board 283164705", "stepviz drawing"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := svgAsImg(tc.in)
			if tc.imgs == 0 {
				if out != tc.in {
					t.Errorf("changed HTML without svg: %q", out)
				}
				return
			}
			if strings.Contains(out, "<svg") || strings.Contains(out, "<style") {
				t.Errorf("an svg or style element is left inline: %s", out)
			}
			imgs := regexp.MustCompile(`<img [^>]*alt="([^"]*)" src="data:image/svg\+xml;base64,([^"]*)"/>`).FindAllStringSubmatch(out, -1)
			if len(imgs) != tc.imgs {
				t.Fatalf("%d img elements, want %d: %s", len(imgs), tc.imgs, out)
			}
			for i, m := range imgs {
				if m[1] != tc.alt[i] {
					t.Errorf("img %d alt %q, want %q", i, m[1], tc.alt[i])
				}
				data, err := base64.StdEncoding.DecodeString(m[2])
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(string(data), `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(string(data), "</svg>") {
					t.Errorf("img %d holds %q, want a whole svg element with its namespace", i, data)
				}
				if err := xml.Unmarshal(data, new(struct{})); err != nil {
					t.Errorf("img %d: not well-formed XML: %v", i, err)
				}
			}
			if !strings.Contains(out, `<i>after</i>`) && tc.name == "one with a nested svg" {
				t.Errorf("text after the svg lost: %s", out)
			}
		})
	}
}
