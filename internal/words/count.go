// Package words writes counts as English does in the sentences users read.
package words

import "strconv"

// Count writes n and the noun that agrees with it: "1 node", "0 nodes",
// "3 leaves". one and many are the noun's singular and plural.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
