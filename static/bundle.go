package static

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"sync"
)

// bundleREs are Bundle's patterns, compiled on its first call.
var bundleREs = sync.OnceValue(func() (r struct{ imports, exports, number, decl *regexp.Regexp }) {
	r.imports = regexp.MustCompile(`(?m)^import \{([^}]*)\} from "\./([A-Za-z0-9_-]+)\.js";\s*$`)
	r.exports = regexp.MustCompile(`(?m)^export (function|class|const|let) `)
	r.number = regexp.MustCompile(`^-?[\d.]+$`)
	r.decl = regexp.MustCompile(`(?m)^export (?:function|class) ([A-Za-z_$][\w$]*)|^export (?:const|let) ([^;]*);`)
	return r
})

// Bundle joins the named page modules (names without ".js", each after
// the modules it imports) into one classic script, for a page that must be
// a single file (the standalone HTML replay). Each module runs in its own
// function scope and hands its exports to the modules after it; nothing is
// global. It understands the page modules' own forms only: `import {a, b as c}
// from "./NAME.js";` and `export function|class|const|let`. Cost: the size of
// the modules.
func Bundle(names ...string) (string, error) {
	re := bundleREs()
	var b strings.Builder
	done := map[string]bool{}
	for _, name := range names {
		src, err := fs.ReadFile(files, name+".js")
		if err != nil {
			return "", fmt.Errorf("static: bundle: no module %s: %w", name, err)
		}
		text := string(src)
		var imports []string
		text = re.imports.ReplaceAllStringFunc(text, func(line string) string {
			m := re.imports.FindStringSubmatch(line)
			if !done[m[2]] {
				imports = append(imports, m[2])
			}
			// import { a as b } names a binding b: destructured, a: b
			return "const {" + strings.ReplaceAll(m[1], " as ", ": ") + "} = __mod_" + ident(m[2]) + ";"
		})
		if len(imports) > 0 {
			return "", fmt.Errorf("static: bundle: %s imports %s, which comes later or not at all", name, strings.Join(imports, ", "))
		}
		if strings.Contains(text, "\nimport ") || strings.HasPrefix(text, "import ") {
			return "", fmt.Errorf("static: bundle: %s has an import Bundle cannot read", name)
		}
		var exports []string
		for _, m := range re.decl.FindAllStringSubmatch(text, -1) {
			if m[1] != "" {
				exports = append(exports, m[1])
				continue
			}
			// the first name, and more only in a list of numbers
			// ("export const A = 1, B = 2;")
			parts := strings.Split(m[2], ",")
			for i, decl := range parts {
				n, v, ok := strings.Cut(decl, "=")
				if i > 0 && (!ok || !re.number.MatchString(strings.TrimSpace(v))) {
					break
				}
				exports = append(exports, strings.TrimSpace(n))
			}
		}
		text = re.exports.ReplaceAllString(text, "$1 ")
		fmt.Fprintf(&b, "const __mod_%s = (() => {\n%s\nreturn { %s };\n})();\n", ident(name), text, strings.Join(exports, ", "))
		done[name] = true
	}
	return b.String(), nil
}

func ident(name string) string { return strings.NewReplacer("-", "_", ".", "_").Replace(name) }

// Style is the pages' stylesheet (style.css), for a page that must carry
// it inline.
func Style() string {
	b, _ := fs.ReadFile(files, "style.css")
	return string(b)
}
