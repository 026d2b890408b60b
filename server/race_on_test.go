//go:build race

package server

// raceEnabled is true under the race detector, which slows every goroutine
// and multiplies memory: the combined load's latency and memory bounds are
// asserted in the normal pass only.
const raceEnabled = true
