package stepper

import (
	"reflect"
	"strconv"
	"testing"
	"unsafe"
)

// decimalAppender writes a state as its decimal number.
type decimalAppender struct{}

func (decimalAppender) AppendState(dst []byte, s uint64) []byte {
	return strconv.AppendUint(dst, s, 10)
}

// checkCells checks that the i-th of texts writes state first+i, that its
// cell finds the block it lies in, and that the cells fill blocks in turn.
func checkCells(t *testing.T, cells []*stateCell[uint64], texts []Text, first uint64) {
	t.Helper()
	blocks := map[*stateBlock[uint64]]bool{}
	for i, c := range cells {
		if got, want := texts[i].String(), strconv.FormatUint(first+uint64(i), 10); got != want {
			t.Fatalf("text %d writes %q, want %q", i, got, want)
		}
		b := c.block()
		if &b.cells[c.idx] != c {
			t.Fatalf("cell %d (index %d) does not lie in the block it finds", i, c.idx)
		}
		if int(c.idx) != i%stateBlockLen {
			t.Fatalf("cell %d has index %d, want %d", i, c.idx, i%stateBlockLen)
		}
		blocks[b] = true
	}
	if want := (len(cells) + stateBlockLen - 1) / stateBlockLen; len(blocks) != want {
		t.Fatalf("%d cells in %d blocks, want %d", len(cells), len(blocks), want)
	}
}

// TestStateCellsFindTheirBlock: a state text's cell holds no pointer and
// finds its block (and so the appender) from its address and index, for
// the first and last cell of a block and across blocks; the texts stay
// right after later cells are handed out.
func TestStateCellsFindTheirBlock(t *testing.T) {
	for _, n := range []int{1, 2, stateBlockLen - 1, stateBlockLen, stateBlockLen + 1, 3*stateBlockLen + 7} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			var st stateTexts[uint64]
			cells, texts := make([]*stateCell[uint64], n), make([]Text, n)
			for i := range cells {
				cells[i] = st.cell(decimalAppender{}, uint64(1000+i))
				texts[i] = Text{src: cells[i]}
			}
			checkCells(t, cells, texts, 1000)
		})
	}
}

// TestStateCellHoldsNoPointer: the cell of a state without pointers holds
// none, so writing it pays no write barrier, and a block of 8-byte states
// fits an 8 KiB size class with the runtime's 8-byte header.
func TestStateCellHoldsNoPointer(t *testing.T) {
	ct := reflect.TypeFor[stateCell[uint64]]()
	for i := range ct.NumField() {
		switch f := ct.Field(i); f.Type.Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map, reflect.String, reflect.Func, reflect.Chan, reflect.UnsafePointer:
			t.Fatalf("a cell's field %s is a %s, which holds a pointer", f.Name, f.Type.Kind())
		}
	}
	const mallocHeader, sizeClass = 8, 8192
	if got := unsafe.Sizeof(stateBlock[uint64]{}); got+mallocHeader > sizeClass {
		t.Fatalf("a block of uint64 states takes %d bytes, more than the %d-byte size class holds with the runtime's header", got, sizeClass)
	}
}
