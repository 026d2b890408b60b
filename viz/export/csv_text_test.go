package export

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
)

// readsAsValueByParsing is readsAsValue without its first-byte and comma
// shortcut: pandas' missing values and booleans, or anything
// strconv.ParseFloat reads or finds out of range.
func readsAsValueByParsing(s string) bool {
	t := strings.TrimSpace(s)
	if pandasNA()[t] {
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
	for s := range pandasNA() {
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

// checkRowAsEncodingCSV checks that csvRow writes fields (text cells
// through text and textBytes, the rest through plain) as encoding/csv
// writes the same record with the text cells passed through csvText.
func checkRowAsEncodingCSV(t *testing.T, fields []string, isText []bool) {
	t.Helper()
	var want bytes.Buffer
	cw := csv.NewWriter(&want)
	rec := make([]string, len(fields))
	var r, rb csvRow
	for i, f := range fields {
		rec[i] = f
		if isText[i] {
			rec[i] = csvText(f)
			r.text(f)
			rb.textBytes([]byte(f))
		} else {
			r.plain(f)
			rb.plain(f)
		}
	}
	if err := cw.Write(rec); err != nil {
		t.Fatal(err)
	}
	cw.Flush()
	if got := string(r.end()); got != want.String() {
		t.Errorf("csvRow of %q = %q, encoding/csv writes %q", fields, got, want.String())
	}
	if got := string(rb.end()); got != want.String() {
		t.Errorf("csvRow (textBytes) of %q = %q, encoding/csv writes %q", fields, got, want.String())
	}
}

var csvRowSeeds = []string{
	"", "a", "a,b", `say "hi"`, "two\nlines", "cr\rhere", " lead", "\tlead", "\u00a0nbsp", `\.`, "=1+1", "-3", "12",
	"NA", "8,6,7,2,5,4,3,0,1", `"`, `""`, "x\r\ny", "none", "'quoted",
}

func TestCSVRowAsEncodingCSV(t *testing.T) {
	for _, a := range csvRowSeeds {
		for _, b := range csvRowSeeds {
			checkRowAsEncodingCSV(t, []string{a, b, a}, []bool{false, true, true})
		}
	}
}

// FuzzCSVRow: a row is written as encoding/csv writes it.
func FuzzCSVRow(f *testing.F) {
	for _, s := range csvRowSeeds {
		f.Add(s, s+",x")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > 512 {
			return
		}
		checkRowAsEncodingCSV(t, []string{a, b, a, b}, []bool{true, true, false, false})
	})
}
