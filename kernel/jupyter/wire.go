package jupyter

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"time"
)

// ProtocolVersion is the messaging protocol version the kernel speaks.
const ProtocolVersion = "5.3"

// delimiter separates the routing identities from the message frames.
var delimiter = []byte("<IDS|MSG>")

// Header is a message header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Username string `json:"username"`
	Session  string `json:"session"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is a decoded message. ParentHeader, Metadata and Content stay raw
// JSON so a parent header is echoed back byte for byte.
type Message struct {
	Identities   [][]byte
	Header       Header
	ParentHeader json.RawMessage
	Metadata     json.RawMessage
	Content      json.RawMessage
	Buffers      [][]byte
	// rawHeader is the header as received, to be the parent of replies.
	rawHeader json.RawMessage
}

// errBadSignature is returned by decode for a message whose HMAC does not
// verify.
var errBadSignature = errors.New("jupyter: bad message signature")

// signer signs and verifies messages. A nil key turns signing off, as the
// protocol allows for an empty key.
type signer struct {
	key []byte
}

func (s signer) mac() hash.Hash { return hmac.New(sha256.New, s.key) }

// sign returns the hex HMAC of the four signed frames, or "" with no key.
func (s signer) sign(frames ...[]byte) []byte {
	if len(s.key) == 0 {
		return []byte{}
	}
	m := s.mac()
	for _, f := range frames {
		m.Write(f)
	}
	return []byte(hex.EncodeToString(m.Sum(nil)))
}

// verify checks a received signature in constant time.
func (s signer) verify(sig []byte, frames ...[]byte) bool {
	if len(s.key) == 0 {
		return true
	}
	want := s.sign(frames...)
	return hmac.Equal(bytes.ToLower(sig), want)
}

// decode parses the frames of a received message and verifies its
// signature.
func (s signer) decode(frames [][]byte) (*Message, error) {
	i := 0
	for i < len(frames) && !bytes.Equal(frames[i], delimiter) {
		i++
	}
	if i == len(frames) {
		return nil, errors.New("jupyter: message without the <IDS|MSG> delimiter")
	}
	if len(frames)-i-1 < 5 {
		return nil, fmt.Errorf("jupyter: message with %d frames after the delimiter, want at least 5", len(frames)-i-1)
	}
	m := &Message{Identities: frames[:i]}
	sig, parts := frames[i+1], frames[i+2:i+6]
	if !s.verify(sig, parts...) {
		return m, errBadSignature
	}
	if err := json.Unmarshal(parts[0], &m.Header); err != nil {
		return m, fmt.Errorf("jupyter: bad header: %v", err)
	}
	m.rawHeader = parts[0]
	m.ParentHeader, m.Metadata, m.Content = parts[1], parts[2], parts[3]
	m.Buffers = frames[i+6:]
	return m, nil
}

// newID returns a random UUID-like id.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// encode builds the frames of a message of type msgType in session, the
// reply to parent (nil for none), routed to idents.
func (s signer) encode(session, msgType string, parent *Message, idents [][]byte, content any) ([][]byte, error) {
	h := Header{
		MsgID: newID(), Username: "stepviz", Session: session, MsgType: msgType, Version: ProtocolVersion,
		Date: time.Now().UTC().Format("2006-01-02T15:04:05.000000Z07:00"),
	}
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	pb := []byte("{}")
	if parent != nil && len(parent.rawHeader) > 0 {
		pb = parent.rawHeader
	}
	cb, err := json.Marshal(content)
	if err != nil {
		return nil, fmt.Errorf("jupyter: encoding %s: %v", msgType, err)
	}
	mb := []byte("{}")
	frames := make([][]byte, 0, len(idents)+6)
	frames = append(frames, idents...)
	frames = append(frames, delimiter, s.sign(hb, pb, mb, cb), hb, pb, mb, cb)
	return frames, nil
}
