package room

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRoomCodeEntropy: a room's id carries at least 64 bits (uniform
// characters of the alphabet) and its short code is its first
// persist.ShortCodeLen characters.
func TestRoomCodeEntropy(t *testing.T) {
	if bits := float64(CodeLen) * math.Log2(float64(len(roomAlphabet))); bits < 64 {
		t.Fatalf("a room id carries %.1f bits; want at least 64", bits)
	}
	const codes = 10_000
	seen := make(map[string]bool, codes)
	counts := map[rune]int{}
	for range codes {
		c, err := newRoomCode()
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != CodeLen || strings.Trim(c, roomAlphabet) != "" || seen[c] {
			t.Fatalf("room code %q (len %d, repeated %v)", c, len(c), seen[c])
		}
		seen[c] = true
		for _, r := range c {
			counts[r]++
		}
	}
	// Pearson's chi-squared over the alphabet's letters, 30 degrees of
	// freedom: a fair draw exceeds 100 with probability about 2e-9, while
	// a byte taken modulo 31 (8 letters at 9/256, 23 at 8/256) gives
	// about 390 on these 140,000 letters.
	n := float64(codes * CodeLen)
	want := n / float64(len(roomAlphabet))
	chi2 := 0.0
	for _, r := range roomAlphabet {
		d := float64(counts[r]) - want
		chi2 += d * d / want
	}
	if len(counts) != len(roomAlphabet) || chi2 > 100 {
		t.Errorf("letters drawn %v: chi-squared %.1f over %d letters; want at most 100 (a uniform draw)", counts, chi2, len(counts))
	}
}

// TestGuessLimiterBounded: the throttle remembers at most guessAddrs
// addresses however many miss.
func TestGuessLimiterBounded(t *testing.T) {
	var g guessLimiter
	now := time.Unix(1_800_000_000, 0)
	for i := range guessAddrs + 500 {
		g.miss("10.9."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250), now)
	}
	if n := len(g.by); n > guessAddrs {
		t.Fatalf("remembers %d addresses; want at most %d", n, guessAddrs)
	}
	g.miss("10.8.0.1", now)
	for range GuessBurst {
		g.miss("10.8.0.1", now)
	}
	if w := g.wait("10.8.0.1", now); w <= 0 || w > GuessRefill {
		t.Fatalf("wait %v after %d misses; want (0, %v]", w, GuessBurst+1, GuessRefill)
	}
	if w := g.wait("10.8.0.1", now.Add(GuessRefill)); w != 0 {
		t.Fatalf("wait %v a refill later; want 0", w)
	}
}
