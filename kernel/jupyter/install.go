package jupyter

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// BinaryName is the kernel's own copy of the stepviz binary, inside its
// kernelspec directory.
const BinaryName = "stepviz-kernel"

// probeTimeout bounds how long Install waits for the installed kernel to
// answer kernel_info.
const probeTimeout = 30 * time.Second

// Install installs the kernel in Jupyter's data directory dataDir and
// returns its kernelspec directory, DATADIR/kernels/stepviz. It holds a
// copy of binary (BinaryName), so the kernel outlives the file it was
// installed from (go run deletes its binary when it ends; a rebuilt
// binary needs install run again), kernel.json that starts the copy as
// "stepviz-kernel kernel {connection_file}", and the logos.
//
// Everything is written to a staging directory beside, and the kernel
// installed there is started and asked kernel_info (Probe) before the
// staging directory replaces an earlier install: a kernel that does not
// start is never installed, and an earlier one is left as it was.
func Install(ctx context.Context, dataDir, binary string) (string, error) {
	src, err := filepath.Abs(binary)
	if err != nil {
		return "", fmt.Errorf("jupyter: path of the binary: %v", err)
	}
	if fi, err := os.Stat(src); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("jupyter: the kernel binary %s is not a file: %v", src, err)
	}
	kernels := filepath.Join(dataDir, "kernels")
	if err := os.MkdirAll(kernels, 0o755); err != nil {
		return "", fmt.Errorf("jupyter: creating %s: %v", kernels, err)
	}
	final := filepath.Join(kernels, KernelName)
	stage, err := os.MkdirTemp(kernels, "."+KernelName+"-install-")
	if err != nil {
		return "", fmt.Errorf("jupyter: creating a directory in %s: %v", kernels, err)
	}
	defer os.RemoveAll(stage) // gone once renamed
	if err := os.Chmod(stage, 0o755); err != nil {
		return "", err
	}
	if err := copyFile(filepath.Join(stage, BinaryName), src); err != nil {
		return "", fmt.Errorf("jupyter: copying the kernel binary: %v", err)
	}
	b, err := json.MarshalIndent(NewKernelSpec(filepath.Join(final, BinaryName)), "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(stage, "kernel.json"), append(b, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("jupyter: writing the kernelspec: %v", err)
	}
	if err := writeLogos(stage); err != nil {
		return "", err
	}
	staged := NewKernelSpec(filepath.Join(stage, BinaryName))
	if err := Probe(ctx, staged.Argv, probeTimeout); err != nil {
		return "", fmt.Errorf("jupyter: the installed kernel does not start, so nothing was installed: %v", err)
	}
	if err := os.RemoveAll(final); err != nil {
		return "", fmt.Errorf("jupyter: removing the earlier install %s: %v", final, err)
	}
	if err := os.Rename(stage, final); err != nil {
		return "", fmt.Errorf("jupyter: installing %s: %v", final, err)
	}
	return final, nil
}

// writeLogos writes the logos Jupyter looks for in a kernelspec
// directory: logo-32x32.png and logo-64x64.png.
func writeLogos(dir string) error {
	for _, n := range LogoSizes {
		name := fmt.Sprintf("logo-%dx%d.png", n, n)
		if err := os.WriteFile(filepath.Join(dir, name), Logo(n), 0o644); err != nil {
			return fmt.Errorf("jupyter: writing the kernel logo %s: %v", name, err)
		}
	}
	return nil
}

// copyFile copies the regular file src to a new executable file dst.
func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
