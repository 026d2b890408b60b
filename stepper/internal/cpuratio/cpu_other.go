//go:build !unix

package cpuratio

import "time"

// ProcessCPU is not measured on this system: benchmarks report 0.
func ProcessCPU() time.Duration { return 0 }
