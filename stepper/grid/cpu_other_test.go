//go:build !unix

package stepper

import "time"

// processCPU is not measured on this system: benchmarks report 0.
func processCPU() time.Duration { return 0 }
