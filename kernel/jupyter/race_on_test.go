//go:build race

package jupyter_test

// raceEnabled is true under the race detector: tests that only drive
// outside tools (nbconvert, xelatex) run in the normal pass only.
const raceEnabled = true
