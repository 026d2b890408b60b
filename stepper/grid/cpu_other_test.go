//go:build !unix

package grid

import "time"

// processCPU is not measured on this system: benchmarks report 0.
func processCPU() time.Duration { return 0 }
