package session

import codec "stepviz/wire"

// keptStepBuf caps the buffer a hub keeps between step messages: a
// bounded search's messages carry every node it holds, and one long
// message must not pin its size for the session's life.
const keptStepBuf = 64 << 10

// encodeStep is Encode(*m), the same bytes, written without reflection
// (codec.AppendStep) into the hub's buffer and copied out at its length:
// one allocation a step for the frame every follower is sent. A message
// encoding/json refuses goes through Encode, which reports it. O(the
// message's length).
func (h *hub) encodeStep(m *stepMsg) []byte {
	b, ok := codec.AppendStep(h.stepBuf[:0], m)
	h.stepBuf = b[:0]
	if cap(b) > keptStepBuf {
		h.stepBuf = nil
	}
	if !ok {
		return Encode(*m)
	}
	return append([]byte(nil), b...)
}
