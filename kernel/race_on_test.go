//go:build race

package kernel

// raceEnabled is true under the race detector, where growing a 1M-node
// search takes minutes: such tests run in the normal pass only.
const raceEnabled = true
