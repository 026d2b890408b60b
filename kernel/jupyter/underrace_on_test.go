//go:build race

package jupyter

// underRace is true under the race detector, which keeps shadow memory for
// every allocation: a bound on the process's resident memory is checked in
// the normal pass only.
const underRace = true
