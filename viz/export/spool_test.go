package export

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

// TestSpooledExportSameBytes: a csv, json or jsonl export under a size
// ceiling, made in memory and measured, is the export made without one.
func TestSpooledExportSameBytes(t *testing.T) {
	for _, f := range []string{"csv", "json", "jsonl"} {
		t.Run(f, func(t *testing.T) {
			s := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=manhattan")
			want := export(t, s, f, 400)
			var got bytes.Buffer
			if err := WriteOptions(context.Background(), &got, f, s, 400, Options{MaxBytes: 1 << 30}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("with a ceiling: %d bytes, differing from the %d written without", got.Len(), len(want))
			}
		})
	}
}

// TestSpoolOverflowRefusedBeforeWriting: an export larger than its
// ceiling fills the spool and is then refused by its estimate, with
// nothing written.
func TestSpoolOverflowRefusedBeforeWriting(t *testing.T) {
	s := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=manhattan")
	var b bytes.Buffer
	err := WriteOptions(context.Background(), &b, "csv", s, 400, Options{MaxBytes: 2000})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Steps != 400 {
		t.Fatalf("a 400-step csv under a 2000-byte ceiling: %v, want a TooLargeError of 400 steps", err)
	}
	if b.Len() > 0 {
		t.Fatalf("refused, yet %d bytes written", b.Len())
	}
}

func TestSpool(t *testing.T) {
	sp := &spool{max: 3*spoolChunk + 10}
	var want bytes.Buffer
	part := bytes.Repeat([]byte("0123456789abcdef"), 1000) // 16,000 bytes: chunk boundaries fall inside writes
	for sp.n+int64(len(part)) <= sp.max {
		if n, err := sp.Write(part); err != nil || n != len(part) {
			t.Fatalf("Write = %d, %v with %d of %d bytes held", n, err, sp.n, sp.max)
		}
		want.Write(part)
	}
	if _, err := sp.Write(part); !errors.Is(err, errSpoolFull) || !sp.full {
		t.Fatalf("the write past max: %v, full %v; want errSpoolFull", err, sp.full)
	}
	if _, err := sp.Write([]byte("x")); !errors.Is(err, errSpoolFull) {
		t.Fatalf("a write after the spool filled: %v, want errSpoolFull", err)
	}
	var got bytes.Buffer
	if n, err := sp.WriteTo(&got); err != nil || n != int64(want.Len()) || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("WriteTo: %d bytes, %v; want the %d bytes written", n, err, want.Len())
	}
	for _, c := range sp.chunks {
		if cap(c) != spoolChunk {
			t.Fatalf("a chunk of capacity %d, want %d (a chunk never grows)", cap(c), spoolChunk)
		}
	}
}
