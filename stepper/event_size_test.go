package stepper

import (
	"testing"
	"unsafe"
)

// TestEventRecordSizes pins the sizes the doc comments of Text, NodeInfo
// and Child state: an event holds one Child per child generated and a
// snapshot one NodeInfo per node, so a field that grows them grows every
// step's memory and its collection.
func TestEventRecordSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the sizes are stated for a 64-bit machine")
	}
	for _, c := range []struct {
		name      string
		got, most uintptr
	}{
		{"Text", unsafe.Sizeof(Text{}), 16},
		{"NodeInfo", unsafe.Sizeof(NodeInfo{}), 112},
		{"Child", unsafe.Sizeof(Child{}), 144},
		{"OpenEntry", unsafe.Sizeof(OpenEntry{}), 136},
	} {
		if c.got > c.most {
			t.Errorf("a %s is %d bytes, more than the %d its doc comment promises: put a small field beside another small one, or make the case for the growth and change the doc comment and this test", c.name, c.got, c.most)
		}
	}
}
