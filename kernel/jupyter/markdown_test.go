package jupyter

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestToMarkdown(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		plain          bool
	}{
		{"plain text", `<pre class="stepviz-text">step 1: a &lt; b</pre>`, "```\nstep 1: a < b\n```", true},
		{"a fence longer than the text's backticks", "<pre>x ``` y</pre>", "````\nx ``` y\n````", true},
		{"view", `<div class="stepviz-view"><div style="font-family:monospace;font-weight:bold">a: astar h=sld</div>` +
			`<div style="font-family:monospace">step 2 · running</div><div style="margin:4px 0">Step 2: expanded Rimnicu_Vilcea (f 413 = g 220 + h 193).</div></div>`,
			"**a: astar h=sld**\n\nstep 2 · running\n\nStep 2: expanded Rimnicu\\_Vilcea (f 413 = g 220 + h 193).", false},
		{"table with a note", `<div><div style="font-weight:bold">open</div><table><thead><tr><th>state</th><th>f</th></tr></thead>` +
			`<tbody><tr><td>a|b</td><td>*3*</td></tr><tr><td>&lt;x&gt; &amp; y</td><td></td></tr></tbody></table><div>... and 4 more</div></div>`,
			"**open**\n\n| state | f |\n| --- | --- |\n| a\\|b | \\*3\\* |\n| &lt;x&gt; &amp; y |  |\n\n... and 4 more", false},
		{"link", `<div><a download="x.csv" href="data:text/csv;base64,YQ==">download x.csv (1 bytes)</a></div><pre>a</pre>`,
			"[download x.csv (1 bytes)](data:text/csv;base64,YQ==)\n\n```\na\n```", false},
		{"what reads as a list or heading", `<div>- a</div><div>12. b</div><div># c</div>`, "\\- a\n\n12\\. b\n\n\\# c", false},
		{"no svg text", `<div>x<svg><text>label</text></svg></div>`, "x", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			md, plain := toMarkdown(tc.in)
			if md != tc.want || plain != tc.plain {
				t.Errorf("toMarkdown:\n%s\n(plain %v), want\n%s\n(plain %v)", md, plain, tc.want, tc.plain)
			}
		})
	}
}

// FuzzToMarkdown: whatever the HTML, the Markdown holds no tag (bleach
// would escape it) and no raw < or > outside a fenced block; and where the
// strict parser accepts the HTML, the Markdown is what the one converter
// makes of the HTML5 parser's tree.
func FuzzToMarkdown(f *testing.F) {
	f.Add(`<div><table><tr><td>a</td></tr></table></div>`)
	f.Add(`<pre>x</pre><div><b>y</b><a href="z">w</a></div>`)
	f.Add(`<div>&lt;script&gt;</div><script>x</script>`)
	f.Add("<pre>\n\nx &amp; y</pre><p>a<br>b</p><ul><li>- c</li></ul>")
	f.Add(`<div style="font-weight:bold"><span>1.</span> <i>x</i><!-- y --><strong>z</strong></div>`)
	f.Add(`<table><thead><tr><th>a</th></tr></thead><tbody><tr><td><a href='x y'>|</a></td></tr></tbody></table>`)
	f.Add(`<div><svg><g><title>t</title><text x=1>&#x25B6;</text><rect/></g></svg>x</div>`)
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) {
			return
		}
		if _, err := parseKernelHTML(in); err == nil {
			checkSameMarkdown(t, in)
		}
		md, _ := toMarkdown(in)
		fence := ""
		for _, line := range strings.Split(md, "\n") {
			switch {
			case fence == "" && strings.HasPrefix(line, "```") && strings.Trim(line, "`") == "":
				fence = line
				continue
			case fence != "" && line == fence:
				fence = ""
				continue
			}
			if fence == "" && strings.ContainsAny(line, "<>") {
				t.Fatalf("a raw < or > outside a fence: %q in %q", line, md)
			}
		}
	})
}
