package game

import "fmt"

// UnmarshalText reads a turn's name, as MarshalText writes it.
func (t *Turn) UnmarshalText(b []byte) error {
	for _, c := range []Turn{Max, Min, Chance} {
		if c.String() == string(b) {
			*t = c
			return nil
		}
	}
	return fmt.Errorf("%q is not a turn: write MAX, MIN or CHANCE", b)
}
