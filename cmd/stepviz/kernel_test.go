package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestKernelInstall installs the kernel from a binary built into a
// directory of its own, as go run does, with --prefix, --user, the default
// and --sys-prefix (a jupyter on PATH whose Python names a prefix), then
// deletes that binary, as go run does when it ends: the installed kernel
// must still run a notebook in Jupyter. A binary that is no kernel is
// refused and leaves the earlier install as it was.
func TestKernelInstall(t *testing.T) {
	buildDir := t.TempDir()
	bin := filepath.Join(buildDir, "stepviz")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	defer func(f func() (string, error)) { kernelBinary = f }(kernelBinary)
	kernelBinary = func() (string, error) { return bin, nil }

	prefix := t.TempDir()
	user := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", user)
	sysPrefix := t.TempDir()
	fakeBin := t.TempDir()
	fakePython := filepath.Join(fakeBin, "python3")
	writeScript(t, fakePython, "#!/bin/sh\necho "+sysPrefix+"\n")
	writeScript(t, filepath.Join(fakeBin, "jupyter"), "#!"+fakePython+"\n")
	realPath := os.Getenv("PATH")
	for _, tc := range []struct {
		args []string
		dir  string
		path string
	}{
		{[]string{"install", "--prefix", prefix}, filepath.Join(prefix, "share", "jupyter", "kernels", "stepviz"), realPath},
		{[]string{"install", "--user"}, filepath.Join(user, "kernels", "stepviz"), realPath},
		{[]string{"install"}, filepath.Join(user, "kernels", "stepviz"), realPath},
		{[]string{"install", "--sys-prefix"}, filepath.Join(sysPrefix, "share", "jupyter", "kernels", "stepviz"), fakeBin + string(os.PathListSeparator) + realPath},
	} {
		t.Setenv("PATH", tc.path)
		var out, errb bytes.Buffer
		if code := runKernel(tc.args, &out, &errb); code != 0 {
			t.Fatalf("stepviz kernel %v: exit %d: %s", tc.args, code, errb.String())
		}
		spec := readSpec(t, tc.dir)
		if len(spec.Argv) != 3 || spec.Argv[0] != filepath.Join(tc.dir, "stepviz-kernel") || spec.Argv[1] != "kernel" || spec.Argv[2] != "{connection_file}" || spec.InterruptMode != "message" || spec.DisplayName == "" {
			t.Errorf("kernel.json: %+v", spec)
		}
		if fi, err := os.Stat(spec.Argv[0]); err != nil || fi.Mode()&0o111 == 0 {
			t.Errorf("the kernel's binary %s: %v", spec.Argv[0], err)
		}
		if !strings.Contains(out.String(), tc.dir) {
			t.Errorf("output %q does not name %s", out.String(), tc.dir)
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(tc.dir), ".stepviz-install-*")); len(left) > 0 {
			t.Errorf("staging directories left: %v", left)
		}
	}
	t.Setenv("PATH", realPath)

	// A binary that is not a kernel: refused, the earlier install kept.
	notKernel := filepath.Join(t.TempDir(), "stepviz")
	writeScript(t, notKernel, "#!/bin/sh\necho 'not a kernel' >&2\nexit 3\n")
	kernelBinary = func() (string, error) { return notKernel, nil }
	var out, errb bytes.Buffer
	if code := runKernel([]string{"install", "--prefix", prefix}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "does not start, so nothing was installed") || !strings.Contains(errb.String(), "not a kernel") {
		t.Errorf("installing a binary that is no kernel: exit %d, %q", code, errb.String())
	}
	installed := filepath.Join(prefix, "share", "jupyter", "kernels", "stepviz")
	if b, err := os.ReadFile(filepath.Join(installed, "stepviz-kernel")); err != nil || bytes.HasPrefix(b, []byte("#!")) {
		t.Errorf("the refused install replaced the earlier one: %v", err)
	}

	// go run's binary is gone; the installed kernel runs a notebook.
	if err := os.RemoveAll(buildDir); err != nil {
		t.Fatal(err)
	}
	testenv.Python(t, "nbconvert", "nbclient", "jupyter_client")
	jupyterBin := testenv.Tool(t, "jupyter", "jupyter-nbconvert")
	dir := t.TempDir()
	book := filepath.Join(dir, "check.ipynb")
	nb := `{"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "stepviz", "display_name": "stepviz", "language": "stepviz"}},
	 "cells": [{"cell_type": "code", "id": "a1", "metadata": {}, "execution_count": null, "outputs": [], "source": "graph romania\nsearch astar\nrun to goal"}]}`
	if err := os.WriteFile(book, []byte(nb), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(jupyterBin, "nbconvert", "--to", "notebook", "--execute", "--inplace", book)
	cmd.Env = append(os.Environ(), "JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"), "JUPYTER_DATA_DIR="+filepath.Join(dir, "data"),
		"JUPYTER_RUNTIME_DIR="+filepath.Join(dir, "runtime"), "JUPYTER_CONFIG_DIR="+filepath.Join(dir, "config"), "JUPYTER_PLATFORM_DIRS=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert --execute with the installed kernel after its source binary was deleted: %v\n%s", err, b)
	}
	if b, _ := os.ReadFile(book); !bytes.Contains(b, []byte("cost 418")) {
		t.Errorf("the executed notebook does not hold the search's result")
	}
}

// TestKernelInstallUsage: wrong arguments exit 2 with a message.
func TestKernelInstallUsage(t *testing.T) {
	prefix := t.TempDir()
	for _, args := range [][]string{
		{"install", "--user", "--prefix", prefix},
		{"install", "--user", "--sys-prefix"},
		{"install", "--sys-prefix", "--prefix", prefix},
		{"install", "extra"},
		{"install", "--prefx", prefix},
		{},
		{"a", "b"},
		{filepath.Join(t.TempDir(), "missing.json")},
	} {
		var out, errb bytes.Buffer
		if code := runKernel(args, &out, &errb); code != exitUsage {
			t.Errorf("stepviz kernel %v: exit %d, want %d (%s)", args, code, exitUsage, errb.String())
		}
		if errb.Len() == 0 {
			t.Errorf("stepviz kernel %v: no message", args)
		}
	}
}

type kernelSpec struct {
	Argv          []string `json:"argv"`
	InterruptMode string   `json:"interrupt_mode"`
	DisplayName   string   `json:"display_name"`
}

func readSpec(t *testing.T, dir string) kernelSpec {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec kernelSpec
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	return spec
}

func writeScript(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
}
