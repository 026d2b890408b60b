package jupyter

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

func TestEncodeDecode(t *testing.T) {
	s := signer{key: []byte("secret")}
	parent := &Message{rawHeader: json.RawMessage(`{"msg_id":"p1","msg_type":"execute_request"}`)}
	frames, err := s.encode("sess", "execute_reply", parent, [][]byte{[]byte("id1")}, map[string]any{"status": "ok"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(frames[0], []byte("id1")) || !bytes.Equal(frames[1], delimiter) {
		t.Fatalf("frames start %q %q", frames[0], frames[1])
	}
	m, err := s.decode(frames)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if m.Header.MsgType != "execute_reply" || m.Header.Version != ProtocolVersion || m.Header.Session != "sess" {
		t.Errorf("header %+v", m.Header)
	}
	if string(m.ParentHeader) != string(parent.rawHeader) {
		t.Errorf("parent %s, want the request's header byte for byte", m.ParentHeader)
	}
	if len(m.Identities) != 1 || string(m.Identities[0]) != "id1" {
		t.Errorf("identities %q", m.Identities)
	}

	tamper := func(i int, b []byte) [][]byte {
		out := append([][]byte(nil), frames...)
		out[i] = b
		return out
	}
	for name, fr := range map[string][][]byte{
		"content changed":  tamper(6, []byte(`{"status":"error"}`)),
		"signature forged": tamper(2, bytes.Repeat([]byte("0"), 64)),
		"no signature":     tamper(2, nil),
	} {
		if _, err := s.decode(fr); !errors.Is(err, errBadSignature) {
			t.Errorf("%s: error %v, want errBadSignature", name, err)
		}
	}
	if _, err := (signer{key: []byte("other")}).decode(frames); !errors.Is(err, errBadSignature) {
		t.Errorf("another key verified: %v", err)
	}
	if _, err := (signer{}).decode(frames); err != nil {
		t.Errorf("no key must not verify signatures: %v", err)
	}
	if _, err := s.decode(frames[:5]); err == nil {
		t.Errorf("a short message decoded")
	}
	if _, err := s.decode([][]byte{[]byte("a"), []byte("b")}); err == nil {
		t.Errorf("a message without a delimiter decoded")
	}
}

func FuzzDecode(f *testing.F) {
	s := signer{key: []byte("k")}
	good, _ := s.encode("s", "kernel_info_request", nil, [][]byte{[]byte("x")}, map[string]any{})
	f.Add(bytes.Join(good, []byte{0}))
	f.Add([]byte("<IDS|MSG>\x00\x00{}\x00{}\x00{}\x00{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		frames := bytes.Split(data, []byte{0})
		m, err := s.decode(frames)
		if err == nil && m.Header.MsgType == "" && len(m.rawHeader) == 0 {
			t.Fatalf("decoded a message without a header")
		}
		_, _ = (signer{}).decode(frames)
	})
}
