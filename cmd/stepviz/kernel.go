package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"stepviz/internal/usererr"
	"stepviz/kernel/jupyter"
)

func init() {
	register("kernel", "run as a Jupyter kernel (stepviz kernel CONNECTION_FILE), or install its kernelspec: stepviz kernel install [--user|--sys-prefix|--prefix DIR]", runKernel)
}

func runKernel(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "install" {
		return runKernelInstall(args[1:], stdout, stderr)
	}
	const usage = "usage: stepviz kernel CONNECTION_FILE (Jupyter starts this), or stepviz kernel install [--user|--sys-prefix|--prefix DIR] (stepviz kernel install -help for its flags)"
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Fprintln(stdout, usage)
		return exitOK
	}
	if len(args) != 1 || len(args[0]) > 0 && args[0][0] == '-' {
		fmt.Fprintln(stderr, usage)
		return exitUsage
	}
	ci, err := jupyter.ReadConnectionFile(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "stepviz kernel: %v\n(Jupyter starts stepviz kernel with a connection file it writes; to make Jupyter offer the kernel, run stepviz kernel install --user)\n", err)
		return exitUsage
	}
	// Jupyter interrupts through a message (interrupt_mode "message"); a
	// frontend may still send SIGINT (or a Ctrl-C reach the kernel's
	// terminal): it interrupts the running cell as the message does and
	// never kills the kernel. SIGTERM shuts it down cleanly.
	sigint := make(chan os.Signal, 1)
	signal.Notify(sigint, syscall.SIGINT)
	defer signal.Stop(sigint)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := jupyter.Serve(ctx, ci, jupyter.Options{Log: stderr, WatchParent: true, Interrupt: sigint}); err != nil {
		fmt.Fprintf(stderr, "stepviz kernel: %v\n", err)
		return 1
	}
	return 0
}

// kernelBinary is the binary kernel install copies: this one (a test
// sets a binary it built).
var kernelBinary = os.Executable

const installUsage = "stepviz kernel install [--user | --sys-prefix | --prefix DIR]"

func runKernelInstall(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kernel install", flag.ContinueOnError)
	user := fs.Bool("user", false, "install for the current user (Jupyter's user data directory; the default)")
	sysPrefix := fs.Bool("sys-prefix", false, "install into the Python environment that runs jupyter (sys.prefix/share/jupyter: a virtualenv or conda env)")
	prefix := fs.String("prefix", "", "install under `DIR`/share/jupyter (as for a virtualenv: --prefix \"$VIRTUAL_ENV\")")
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "stepviz kernel install: unexpected %q; usage: %s\n", pos[0], installUsage)
		return exitUsage
	}
	if n := btoi(*user) + btoi(*sysPrefix) + btoi(*prefix != ""); n > 1 {
		fmt.Fprintf(stderr, "stepviz kernel install: give one of --user, --sys-prefix and --prefix DIR; usage: %s\n", installUsage)
		return exitUsage
	}
	var dataDir string
	var err error
	switch {
	case *prefix != "":
		dataDir = jupyter.PrefixDataDir(*prefix)
	case *sysPrefix:
		dataDir, err = jupyter.SysPrefixDataDir()
	default:
		dataDir, err = jupyter.UserDataDir()
	}
	if err != nil {
		fmt.Fprintf(stderr, "stepviz kernel install: %v\n", usererr.Text(err))
		return 1
	}
	exe, err := kernelBinary()
	if err != nil {
		fmt.Fprintf(stderr, "stepviz kernel install: cannot find this binary: %v\n", err)
		return 1
	}
	dir, err := jupyter.Install(context.Background(), dataDir, exe)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz kernel install: %v\n", usererr.Text(err))
		return 1
	}
	fmt.Fprintf(stdout, "installed the stepviz kernel in %s (a copy of this binary, started and answering; run install again after updating stepviz)\n", dir)
	return 0
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
