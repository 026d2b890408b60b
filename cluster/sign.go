package cluster

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"time"
)

// Every event on the bus and every record in the bucket is signed with
// HMAC-SHA256 under a key derived from the cluster secret, which only
// instances hold. A NATS user who can publish (a leaked password, a
// too-wide permission) but lacks the secret can neither forge an event
// nor a record, and a copy of a genuine event put back on the stream is
// refused (see replayGuard).
//
// An event on the wire is
//
//	version (1 byte) | sent (8 bytes, Unix ns) | nonce (16) | mac (32) | payload
//
// with mac = HMAC(eventKey, subject 0x00 sent nonce payload). A record in
// the bucket is hex(mac) ' ' payload with mac = HMAC(recordKey, key 0x00
// payload), so a record is bound to the key it is stored under.

const (
	envelopeVersion = 1
	nonceBytes      = 16
	macBytes        = sha256.Size
	headerBytes     = 1 + 8 + nonceBytes + macBytes
	// ReplayWindow is how far apart an event's signed send time and the
	// time NATS stored it may be: it covers clock skew between an instance
	// and the NATS servers. Within it, a repeated nonce is refused.
	ReplayWindow = 2 * time.Minute
)

// errUnsigned is the error for an event or record that fails verification.
var errUnsigned = errors.New("not signed with this cluster's secret (forged, altered or from another cluster)")

// signer holds the keys derived from the cluster secret.
type signer struct {
	eventKey, recordKey []byte
}

func newSigner(secret []byte) *signer {
	derive := func(label string) []byte {
		m := hmac.New(sha256.New, secret)
		m.Write([]byte(label))
		return m.Sum(nil)
	}
	return &signer{eventKey: derive("stepviz cluster event v1"), recordKey: derive("stepviz cluster record v1")}
}

func (s *signer) eventMAC(subject string, head []byte, payload []byte) []byte {
	m := hmac.New(sha256.New, s.eventKey)
	m.Write([]byte(subject))
	m.Write([]byte{0})
	m.Write(head)
	m.Write(payload)
	return m.Sum(nil)
}

// seal wraps payload for subject, stamped with now and a fresh nonce.
func (s *signer) seal(subject string, payload []byte, now time.Time) []byte {
	out := make([]byte, headerBytes, headerBytes+len(payload))
	out[0] = envelopeVersion
	binary.BigEndian.PutUint64(out[1:9], uint64(now.UnixNano()))
	_, _ = rand.Read(out[9 : 9+nonceBytes])
	copy(out[9+nonceBytes:], s.eventMAC(subject, out[1:9+nonceBytes], payload))
	return append(out, payload...)
}

// sealed is a verified event.
type sealed struct {
	sent    time.Time
	nonce   [nonceBytes]byte
	payload []byte
}

// open verifies an event received on subject; it never returns the
// payload of an event it cannot verify. Cost: O(len(msg)).
func (s *signer) open(subject string, msg []byte) (sealed, error) {
	if len(msg) < headerBytes || msg[0] != envelopeVersion {
		return sealed{}, errUnsigned
	}
	head, mac, payload := msg[1:9+nonceBytes], msg[9+nonceBytes:headerBytes], msg[headerBytes:]
	if !hmac.Equal(mac, s.eventMAC(subject, head, payload)) {
		return sealed{}, errUnsigned
	}
	e := sealed{sent: time.Unix(0, int64(binary.BigEndian.Uint64(head[:8]))), payload: payload}
	copy(e.nonce[:], head[8:])
	return e, nil
}

func (s *signer) recordMAC(key string, payload []byte) []byte {
	m := hmac.New(sha256.New, s.recordKey)
	m.Write([]byte(key))
	m.Write([]byte{0})
	m.Write(payload)
	return m.Sum(nil)
}

// signRecord is the bucket value of payload stored under key.
func (s *signer) signRecord(key string, payload []byte) []byte {
	out := make([]byte, 0, 2*macBytes+1+len(payload))
	out = hex.AppendEncode(out, s.recordMAC(key, payload))
	out = append(out, ' ')
	return append(out, payload...)
}

// openRecord verifies a bucket value read under key and returns its payload.
func (s *signer) openRecord(key string, v []byte) ([]byte, error) {
	if len(v) < 2*macBytes+1 || v[2*macBytes] != ' ' {
		return nil, errUnsigned
	}
	mac := make([]byte, macBytes)
	if _, err := hex.Decode(mac, v[:2*macBytes]); err != nil {
		return nil, errUnsigned
	}
	payload := v[2*macBytes+1:]
	if !hmac.Equal(mac, s.recordMAC(key, payload)) {
		return nil, errUnsigned
	}
	return payload, nil
}

// replayGuard refuses a genuine event stored a second time: one whose
// signed send time is more than ReplayWindow from the time NATS stored
// it, or whose nonce was already seen within the window. It remembers
// the nonces of the last 2×ReplayWindow of stored time, so its memory is
// bounded by the events a room has in that span. Not safe for concurrent
// use: one guard per followed room, fed in stream order.
type replayGuard struct {
	seen   map[[nonceBytes]byte]time.Time
	pruned time.Time
}

func newReplayGuard() *replayGuard {
	return &replayGuard{seen: map[[nonceBytes]byte]time.Time{}}
}

// admit reports why e, stored by NATS at stored, is a replay, or nil.
func (g *replayGuard) admit(e sealed, stored time.Time) error {
	if d := stored.Sub(e.sent); d > ReplayWindow || d < -ReplayWindow {
		return errors.New("its signed time is " + d.Round(time.Second).String() + " from when it was stored: a replayed event")
	}
	if _, dup := g.seen[e.nonce]; dup {
		return errors.New("its nonce was seen before: a replayed event")
	}
	g.seen[e.nonce] = stored
	if stored.Sub(g.pruned) > ReplayWindow {
		for n, t := range g.seen {
			if stored.Sub(t) > 2*ReplayWindow {
				delete(g.seen, n)
			}
		}
		g.pruned = stored
	}
	return nil
}
