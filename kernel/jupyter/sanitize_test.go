package jupyter_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestSanitizedHTMLKeepsPictures executes the handed-out example, renders
// it with nbconvert's HTML exporter through its SanitizeHTML preprocessor
// with the defaults (bleach's tags, no svg output), and counts the
// pictures in the page: every picture of the notebook must be there as a
// PNG, none lost and none turned into words.
func TestSanitizedHTMLKeepsPictures(t *testing.T) {
	python := testenv.Python(t, "nbconvert", "nbclient", "jupyter_client", "nbformat", "bleach")
	_, env := installKernel(t)
	dir, nb := executeExample(t, env, handedOut)
	_, pictures := pictureCells(t, nb)
	want := 0
	for _, n := range pictures {
		want += n
	}
	if want < 2 {
		t.Fatalf("the executed notebook has %d pictures, want the example's boards and trees", want)
	}
	out := filepath.Join(dir, "sanitized.html")
	cmd := exec.Command(python, filepath.Join("testdata", "sanitize.py"), filepath.Join(dir, handedOut), out)
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sanitize.py: %v\n%s", err, b)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(testenv.Artifact(t, "sanitized-notebook.html"), page, 0o644)
	got := len(regexp.MustCompile(`<img src="data:image/png;base64,[A-Za-z0-9+/=\s]{100,}"`).FindAll(page, -1))
	if got != want {
		t.Errorf("the sanitised HTML shows %d PNG pictures; the notebook has %d", got, want)
	}
	// The page's own style sheet has SVG icons; the cells are in its body.
	_, body, _ := strings.Cut(string(page), "<body")
	for _, lost := range []string{"data:image/svg+xml", "&lt;svg", "Board of the", "stroke-width", "[picture: "} {
		if strings.Contains(body, lost) {
			t.Errorf("the sanitised HTML holds %q: a picture was lost or turned into text", lost)
		}
	}
	t.Logf("nbconvert HTML through SanitizeHTML: %d of %d pictures as PNG", got, want)
}
