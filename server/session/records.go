package session

import (
	"stepviz/internal/usererr"
	"stepviz/stepper"
	codec "stepviz/wire"
)

// Packed node records are package wire's (wire/encode.go; docs/protocol.md,
// "Node records"): one codec for the live page and the HTML replay. These
// are the server's short names for it.

const recordsHeader = codec.FrameHeader // a binary frame starts with the JSON header's length

type (
	recordSource = codec.RecordSource
	recEncoder   = codec.Encoder
	recFormat    = codec.Format
)

func newRecEncoder(src recordSource, f recFormat) *recEncoder { return codec.NewEncoder(src, f) }

// formatOf is the record format of a session's problem.
func formatOf(info problemInfo) recFormat { return codec.FormatOf(info) }

// extRecords reports whether a search's records need the ext byte
// (codec.ExtRecords).
func extRecords(o stepper.Options) bool { return codec.ExtRecords(o) }

// frame is a binary message (codec.Frame); a header that cannot be
// written as JSON becomes an error message.
func frame(header any, recs []byte) []byte {
	f, err := codec.Frame(header, recs)
	if err != nil {
		f, _ = codec.Frame(ErrorMessage("", "cannot encode message: "+usererr.Text(err)), nil)
	}
	return f
}

// hasCells reports whether records of a problem kind carry a cell.
func hasCells(kind string) bool { return codec.HasCells(kind) }
