package stepper

import (
	"encoding/json"
	"unsafe"
)

// Text is a piece of an event's text that the search writes only when
// asked: a node's state ([NodeInfo].State) and the reason a tie was broken
// ([Event].TieReason). A step records the values the text is made from (a
// state, a tie's numbers) and String, AppendTo or the JSON encoder write
// the text from them, so a step whose event is never printed does no
// string work.
//
// Compare Texts with Equal: == does not compile, and neither does == on
// the structs that hold one (NodeInfo, Child, PrunedNode); those have an
// Equal method of their own.
//
// A Text is a value: it stays valid for as long as it is held, whatever the
// search does next (Step, Seek, Reset, Run), since it keeps its own copy
// of what it is made from, never a reference into the search's node store.
// The text it writes is the same every time. It is safe to read from
// several goroutines at once, and from another than the one stepping the
// search. Its zero value is the empty text.
//
// Cost: a Text is one interface word (16 bytes on a 64-bit machine; a
// test pins it), so the events and snapshots that hold one per node stay
// small. String allocates the text each time it is called, except for a
// Text that holds its string (from [TextOf], or decoded from JSON);
// AppendTo and the JSON encoder write into the caller's buffer.
//
// JSON writes a Text exactly as it writes a string of its text, and reads
// one from a string (null leaves it empty).
type Text struct {
	// Texts are compared by Equal, never by ==: two Texts that write the
	// same text may hold different values (one written on demand, one
	// read from JSON), so this field makes == a compile error.
	_   [0]func()
	src texter // nil: the empty text
}

// texter writes a text from the values it holds: appendText appends it to
// dst. It must be safe for concurrent use and write the same bytes every
// time; its values are never written again once a Text refers to it.
type texter interface {
	appendText(dst []byte) []byte
}

// textString is a text held as its string: the texter of [TextOf] and of
// a Text decoded from JSON.
type textString string

func (s textString) appendText(dst []byte) []byte { return append(dst, s...) }

// TextOf is the Text whose text is s. O(1); one allocation of a string
// header unless s is empty (the zero Text).
func TextOf(s string) Text {
	if s == "" {
		return Text{}
	}
	return Text{src: textString(s)}
}

// String writes the text. O(length), one allocation for a text written on
// demand, none for one that holds its string.
func (t Text) String() string {
	switch src := t.src.(type) {
	case nil:
		return ""
	case textString:
		return string(src)
	}
	b := t.src.appendText(nil)
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// AppendTo appends the text to dst and returns the extended slice: no
// allocation beyond dst's growth.
func (t Text) AppendTo(dst []byte) []byte {
	if t.src == nil {
		return dst
	}
	return t.src.appendText(dst)
}

// Equal reports whether t and u write the same text. O(length); no
// allocation when both hold their strings.
func (t Text) Equal(u Text) bool {
	a, aok := t.held()
	b, bok := u.held()
	if aok && bok {
		return a == b
	}
	return t.String() == u.String()
}

// held is the string t holds, if it holds one (ok: t is empty or from
// TextOf or JSON), with no allocation.
func (t Text) held() (s string, ok bool) {
	switch src := t.src.(type) {
	case nil:
		return "", true
	case textString:
		return string(src), true
	}
	return "", false
}

// IsZero reports whether the text is empty and written by no one, as
// encoding/json's omitzero asks: a text written on demand is never empty.
func (t Text) IsZero() bool { return t.src == nil }

// MarshalText writes the text: encoding/json then quotes and escapes it
// as it does a string.
func (t Text) MarshalText() ([]byte, error) { return t.AppendTo(nil), nil }

// UnmarshalJSON reads a JSON string; null leaves t as it is, as it leaves
// a string.
func (t *Text) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*t = TextOf(s)
	return nil
}

// textChunkLen is how many values a chunk of lazily written texts holds:
// one allocation every textChunkLen texts.
const textChunkLen = 512

// stateBlockLen is how many states a stateBlock holds: with a state of 8
// bytes a block is 8 KiB with the runtime's header, a size the allocator
// has a class for, so nothing is lost to rounding up.
const stateBlockLen = 510

// stateBlock is one allocation of the states of lazily written state
// texts, with what writes them. A cell is written only before a Text
// refers to it, so a reader on another goroutine never races with the
// search. A Text refers to a cell, which keeps the whole block alive.
type stateBlock[S comparable] struct {
	appender StateAppender[S]
	cells    [stateBlockLen]stateCell[S]
}

// stateCell is one state of a block and its index there. It holds no
// pointer: writing it costs no write barrier while the collector marks,
// and the collector does not scan the block's cells. The block is found
// from the cell's address and index (block).
type stateCell[S comparable] struct {
	state S
	idx   uint32
}

// block is the block c is a cell of: the cells are an array at a fixed
// offset of the block, so the block begins idx cells and that offset
// before c, inside the same allocation (a valid unsafe.Add).
func (c *stateCell[S]) block() *stateBlock[S] {
	var b stateBlock[S]
	back := unsafe.Offsetof(b.cells) + uintptr(c.idx)*unsafe.Sizeof(b.cells[0])
	return (*stateBlock[S])(unsafe.Add(unsafe.Pointer(c), -int(back)))
}

func (c *stateCell[S]) appendText(dst []byte) []byte {
	return c.block().appender.AppendState(dst, c.state)
}

// stateTexts hands out the cells of state texts, filling blocks in turn.
type stateTexts[S comparable] struct {
	block *stateBlock[S]
	n     int // cells used in block
}

// cell records state s, to be written by a on demand, and returns what a
// Text refers to. a must be the same at every call. O(1): a copy of s,
// no pointer written; one allocation every stateBlockLen states.
func (st *stateTexts[S]) cell(a StateAppender[S], s S) *stateCell[S] {
	if st.block == nil || st.n == stateBlockLen {
		st.block, st.n = &stateBlock[S]{appender: a}, 0
	}
	c := &st.block.cells[st.n]
	c.state, c.idx = s, uint32(st.n)
	st.n++
	return c
}
