package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// interruptible runs fn with a context that SIGINT or SIGTERM cancels, so
// that an export stops between two writes and removes its temporary file;
// it returns the signal that came (nil: none). While fn runs neither
// signal ends the process: fn must honour ctx.
func interruptible(fn func(ctx context.Context)) os.Signal {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sigs)
	var got os.Signal
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		select {
		case got = <-sigs:
			cancel()
		case <-stop:
		}
	}()
	fn(ctx)
	close(stop)
	<-done
	return got
}

// exitSignal is the exit status of a command a signal interrupted, as
// shells report it: 128 + the signal's number (130 for SIGINT, 143 for
// SIGTERM).
func exitSignal(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 128 + int(syscall.SIGINT)
}

// signalName names a signal as users know it: SIGINT (Ctrl-C), SIGTERM.
func signalName(s os.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT (Ctrl-C)"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
