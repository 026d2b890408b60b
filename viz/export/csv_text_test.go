package export

import (
	"strconv"
	"strings"
	"testing"
)

// readsAsValueByParsing is readsAsValue without its first-byte and comma
// shortcut: pandas' missing values and booleans, or anything
// strconv.ParseFloat reads or finds out of range.
func readsAsValueByParsing(s string) bool {
	t := strings.TrimSpace(s)
	if pandasNA[t] {
		return true
	}
	_, err := strconv.ParseFloat(t, 64)
	if err == nil {
		return true
	}
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// readsAsValueSeeds are cells on both sides of the line: numbers in every
// form strconv reads, pandas' missing values and booleans, and text.
var readsAsValueSeeds = []string{
	"", " ", "0", "12", "-3", "+4", ".5", "1e9", "1e999", "-1e999", "0x1p-2", "0x_1p0", "1_000", "inf", "+Inf",
	"-infinity", "INFINITY", "nan", "NaN", " 7 ", "\t8", "#N/A", "#N/A N/A", "-1.#IND", "<NA>", "N/A", "n/a",
	"NULL", "null", "None", "True", "false", "FALSE", "Arad", "none", "closed", "goal", "forward", "1,2,3",
	"8,6,7,2,5,4,3,0,1", "12 8,6,7 open g=1 h=2 f=3", "Infinite", "nano", "Trueish", "#1", "<b>", "inf,",
}

func TestReadsAsValueAsParsing(t *testing.T) {
	for _, s := range readsAsValueSeeds {
		if got, want := readsAsValue(s), readsAsValueByParsing(s); got != want {
			t.Errorf("readsAsValue(%q) = %v, parsing says %v", s, got, want)
		}
	}
	for s := range pandasNA {
		if !readsAsValue(s) {
			t.Errorf("readsAsValue(%q) = false, want true (pandas reads it as a value)", s)
		}
	}
}

// FuzzReadsAsValue: the shortcut never changes the answer.
func FuzzReadsAsValue(f *testing.F) {
	for _, s := range readsAsValueSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return
		}
		if got, want := readsAsValue(s), readsAsValueByParsing(s); got != want {
			t.Errorf("readsAsValue(%q) = %v, parsing says %v", s, got, want)
		}
	})
}
