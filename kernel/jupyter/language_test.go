package jupyter_test

import (
	"os/exec"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/viz/export"
)

// TestLanguageInfoNamesModesThatExist: the codemirror_mode the kernel and
// every notebook name is a mode the classic Notebook ships (no 404 for a
// CodeMirror mode file named after stepviz), and pygments_lexer is a lexer
// Pygments has (no "No lexer found for language 'stepviz'" in nbconvert).
func TestLanguageInfoNamesModesThatExist(t *testing.T) {
	py := testenv.Python(t, "pygments", "notebook")
	li := export.LanguageInfo()
	script := `
import os, sys, notebook, pygments.lexers
mode, lexer = sys.argv[1], sys.argv[2]
pygments.lexers.get_lexer_by_name(lexer)
p = os.path.join(os.path.dirname(notebook.__file__), "static", "components", "codemirror", "mode", mode, mode + ".js")
if not os.path.isfile(p):
    sys.exit("no CodeMirror mode file " + p)
print("ok")
`
	out, err := exec.Command(py, "-c", script, li["codemirror_mode"].(string), li["pygments_lexer"].(string)).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Errorf("language_info %v: %v\n%s", li, err, out)
	}
}
