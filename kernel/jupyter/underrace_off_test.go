//go:build !race

package jupyter

// underRace is true under the race detector (see underrace_on_test.go).
const underRace = false
