// Command ci runs every check and test of stepviz, as README.md and .ci/run
// both call it: `go run ./tools/ci` from the module root.
//
// Steps, in order, each stopping the run at its first failure:
//
//	checks  gofmt, go vet, `templ generate` leaving the generated files as
//	        committed, no comment or doc naming a Go, JavaScript or Markdown file that
//	        does not exist, and the one-way arrows of docs/architecture.md
//	test    go test of every package
//	race    the packages with goroutines of their own again under -race
//
// `go run ./tools/ci checks` (or test, or race) runs one step. Outside CI
// (CI unset) the tests that need an outside tool skip when it is missing;
// with CI=true they fail.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// racePackages run a second time under the race detector: they start
// goroutines of their own.
var racePackages = []string{"./kernel/", "./kernel/jupyter/", "./notebook/", "./server/..."}

// raceSkip are tests the race step leaves to the test step: they drive
// outside programs (nbconvert on every example, kernel install, a second
// build of the module) and start no goroutines the plain run does not.
const raceSkip = "TestExamplesConvert|TestKernelInstall|TestPureGo"

var steps = []struct {
	name string
	run  func() error
}{
	{"checks", checks},
	{"test", func() error { return run("go", "test", "-count=1", "-timeout", "60m", "./...") }},
	{"race", func() error {
		return run("go", append([]string{"test", "-race", "-count=1", "-timeout", "40m", "-skip", raceSkip}, racePackages...)...)
	}},
}

func main() {
	want := os.Args[1:]
	ran := 0
	for _, s := range steps {
		if len(want) > 0 && !contains(want, s.name) {
			continue
		}
		ran++
		fmt.Printf("== %s\n", s.name)
		if err := s.run(); err != nil {
			fmt.Fprintf(os.Stderr, "ci: %s failed: %v\n", s.name, err)
			os.Exit(1)
		}
	}
	if ran == 0 {
		fmt.Fprintf(os.Stderr, "ci: no step named %s; the steps are checks, test and race\n", strings.Join(want, ", "))
		os.Exit(2)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// run runs a command with this process's output.
func run(name string, args ...string) error {
	fmt.Println("$", name, strings.Join(args, " "))
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}

// output runs a command and returns what it printed.
func output(name string, args ...string) (string, error) {
	var out bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	err := cmd.Run()
	return out.String(), err
}

// checks is the static step: formatting, vet, generated files, and the
// names of files in comments and docs.
func checks() error {
	listed, err := output("git", "ls-files")
	if err != nil {
		return fmt.Errorf("git ls-files: %w", err)
	}
	files := strings.Fields(listed)
	var goFiles []string
	for _, f := range files {
		if strings.HasSuffix(f, ".go") {
			goFiles = append(goFiles, f)
		}
	}
	unformatted, err := output("gofmt", append([]string{"-l"}, goFiles...)...)
	if err != nil {
		return fmt.Errorf("gofmt: %w", err)
	}
	if unformatted != "" {
		return fmt.Errorf("gofmt would change:\n%s", unformatted)
	}
	if err := run("go", "vet", "./..."); err != nil {
		return err
	}
	if err := run("go", "tool", "templ", "generate"); err != nil {
		return err
	}
	changed, err := output("git", "status", "--porcelain", "--", "*_templ.go")
	if err != nil {
		return fmt.Errorf("git status: %w", err)
	}
	if changed != "" {
		return fmt.Errorf("templ generate changed generated files (run `go tool templ generate` and commit them):\n%s", changed)
	}
	if err := checkLayers(); err != nil {
		return err
	}
	var ours []string
	for _, f := range files {
		if !strings.HasPrefix(f, "third_party/") && !strings.Contains(f, "/testdata/") && !strings.HasPrefix(f, "testdata/") {
			ours = append(ours, f)
		}
	}
	dangling, err := danglingRefs(".", ours, files)
	if err != nil {
		return err
	}
	if len(dangling) > 0 {
		var b strings.Builder
		for _, d := range dangling {
			fmt.Fprintln(&b, d)
		}
		return fmt.Errorf("comments or docs name files that do not exist (fix the name or drop the reference):\n%s", b.String())
	}
	return nil
}
