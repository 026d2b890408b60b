//go:build !race

package jupyter_test

const raceEnabled = false
