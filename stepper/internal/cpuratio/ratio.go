// Package cpuratio measures two ways of doing one job against each other
// in a benchmark, by process CPU time, for the ratio figures of
// docs/benchmarks.md. Benchmarks only: it reads the process's rusage.
package cpuratio

import (
	"slices"
	"testing"
	"time"
)

// PairedCPU runs two ways of doing one job in turns, once each per
// iteration of b.Loop, and returns the median CPU time of each (process
// CPU: user and system, every thread, GC included). Turns and medians make
// the ratio of the two stand when the machine is shared: the neighbours'
// load falls on both alike and the outliers drop out.
func PairedCPU(b *testing.B, x, y func()) (mx, my time.Duration) {
	b.Helper()
	var xs, ys []time.Duration
	for b.Loop() {
		c0 := ProcessCPU()
		x()
		c1 := ProcessCPU()
		y()
		c2 := ProcessCPU()
		xs, ys = append(xs, c1-c0), append(ys, c2-c1)
	}
	return median(xs), median(ys)
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[len(d)/2]
}

// ReportRatio reports the medians of x and y, in ms, and x's ratio to y.
func ReportRatio(b *testing.B, xName, yName string, x, y time.Duration) {
	b.Helper()
	b.ReportMetric(float64(x.Microseconds())/1000, xName+"-cpu-ms")
	b.ReportMetric(float64(y.Microseconds())/1000, yName+"-cpu-ms")
	if y > 0 {
		b.ReportMetric(float64(x)/float64(y), "ratio")
	}
}
