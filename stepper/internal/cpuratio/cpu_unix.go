//go:build unix

package cpuratio

import (
	"syscall"
	"time"
)

// ProcessCPU is the CPU time (user + system, all threads, GC included) the
// test process has used. Benchmarks report it per op beside wall time,
// because on a shared machine wall time mostly measures the neighbours.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
