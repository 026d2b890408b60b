package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// runCmd runs stepviz in-process and returns its exit code and output.
func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestHelpAndDispatch(t *testing.T) {
	code, out, _ := runCmd(t, "help")
	if code != exitOK || !strings.Contains(out, "solve ") || !strings.Contains(out, "scen ") {
		t.Errorf("help: code %d, output %q; want 0 and a list with solve and scen", code, out)
	}
	code, out, _ = runCmd(t, "help", "solve")
	if code != exitOK || !strings.Contains(out, "-goaltest") || !strings.Contains(out, "-json") {
		t.Errorf("help solve: code %d, output %q", code, out)
	}
	code, out, _ = runCmd(t, "solve", "-help")
	if code != exitOK || !strings.Contains(out, "-problem") {
		t.Errorf("solve -help: code %d, output %q", code, out)
	}
	code, _, errOut := runCmd(t)
	if code != exitUsage || !strings.Contains(errOut, "usage: stepviz") {
		t.Errorf("no arguments: code %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCmd(t, "solv")
	if code != exitUsage || !strings.Contains(errOut, `unknown command "solv" (did you mean solve?)`) {
		t.Errorf("solv: code %d, stderr %q", code, errOut)
	}
}

// TestBinary builds stepviz and runs it as a user would.
func TestBinary(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "stepviz")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	build := exec.Command("go", "build", "-o", exe, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(exe, "solve", "-json", "-algo", "ucs", "-problem", "graph romania").Output()
	if err != nil {
		t.Fatalf("stepviz solve: %v", err)
	}
	var res solveResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if !res.Solved || res.Cost != 418 || strings.Join(res.Path, " ") != "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest" {
		t.Errorf("result %+v, want 418 via Sibiu, Rimnicu_Vilcea, Pitesti", res)
	}
	cmd := exec.Command(exe, "solve", "-problem", "puzzle 12345678")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitUsage || !strings.Contains(stderr.String(), "9 digits") {
		t.Errorf("bad puzzle: %v, stderr %q; want exit %d naming the tile count", err, stderr.String(), exitUsage)
	}
}
