package wire

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"stepviz/stepper"
)

// AppendStep appends step message m to dst exactly as encoding/json's
// Marshal writes it (the same fields in the same order, the same escapes,
// the same numbers), without reflection: a live step writes one to every
// follower. ok is false when Marshal would refuse m (a float that is NaN
// or infinite where JSON has no null for it); dst then holds part of the
// message, and the caller encodes m with Marshal to report it. The
// event's deepening, bidirectional and beam parts, set by a few searches
// only, are written by Marshal. O(the message's length): the children,
// ties, path and head, never the open list.
func AppendStep(dst []byte, m *StepMsg) (out []byte, ok bool) {
	w := jsonWriter{b: dst}
	w.raw(`{"type":`)
	w.str(m.Type)
	w.raw(`,"event":`)
	w.event(&m.Event)
	w.raw(`,"narration":`)
	w.str(m.Narration)
	w.raw(`,"keys":`)
	if m.Keys == nil {
		w.raw("null")
	} else {
		w.b = append(w.b, '[')
		for i, k := range m.Keys {
			w.comma(i)
			if k == nil {
				w.raw("null")
			} else {
				w.key(k)
			}
		}
		w.b = append(w.b, ']')
	}
	w.raw(`,"playing":`)
	w.boolean(m.Playing)
	w.raw(`,"recs":`)
	w.str(m.Recs)
	w.raw(`,"costs":`)
	w.floats(m.Costs)
	if m.Held {
		w.raw(`,"held":true`)
	}
	if len(m.Earlier) > 0 {
		w.raw(`,"earlier":[`)
		for i, e := range m.Earlier {
			w.comma(i)
			w.raw(`{"iteration":`)
			w.int(e.Iteration)
			w.raw(`,"nodes":`)
			w.int(e.Nodes)
			w.raw(`,"lastStep":`)
			w.int(e.LastStep)
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	w.raw(`,"nodeEnd":`)
	w.int(m.NodeEnd)
	w.raw(`,"head":`)
	w.ints(m.Head)
	if len(m.HeadKeys) > 0 {
		w.raw(`,"headKeys":`)
		w.headKeys(m.HeadKeys)
	}
	w.raw(`,"iterStart":`)
	w.int(m.IterStart)
	w.b = append(w.b, '}')
	return w.b, !w.bad
}

// jsonWriter appends JSON to b as encoding/json writes it; bad records
// that a value was one Marshal refuses.
type jsonWriter struct {
	b   []byte
	bad bool
}

func (w *jsonWriter) raw(s string) { w.b = append(w.b, s...) }

func (w *jsonWriter) comma(i int) {
	if i > 0 {
		w.b = append(w.b, ',')
	}
}

func (w *jsonWriter) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

func (w *jsonWriter) boolean(v bool) { w.b = strconv.AppendBool(w.b, v) }

// float writes f as Marshal does: like ES6's number to string, the
// exponent unpadded; NaN and ±∞ make the message one Marshal refuses.
func (w *jsonWriter) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		w.bad = true
		w.raw("null")
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	w.b = strconv.AppendFloat(w.b, f, format, -1, 64)
	if n := len(w.b); format == 'e' && n >= 4 && w.b[n-4] == 'e' && w.b[n-3] == '-' && w.b[n-2] == '0' {
		w.b[n-2] = w.b[n-1]
		w.b = w.b[:n-1]
	}
}

// bound writes b as stepper.Bound's MarshalJSON does: +∞ as null.
func (w *jsonWriter) bound(b stepper.Bound) {
	if math.IsInf(float64(b), 1) {
		w.raw("null")
		return
	}
	w.float(float64(b))
}

func (w *jsonWriter) ints(v []int) {
	if v == nil {
		w.raw("null")
		return
	}
	w.b = append(w.b, '[')
	for i, n := range v {
		w.comma(i)
		w.int(n)
	}
	w.b = append(w.b, ']')
}

func (w *jsonWriter) floats(v []float64) {
	if v == nil {
		w.raw("null")
		return
	}
	w.b = append(w.b, '[')
	for i, f := range v {
		w.comma(i)
		w.float(f)
	}
	w.b = append(w.b, ']')
}

// str writes s quoted as Marshal does, with its HTML escaping: <, > and &
// as \u003c, \u003e and \u0026, control characters as \n, \t, ... or
// \u00XX, U+2028 and U+2029 escaped, and each byte of invalid UTF-8 as
// \ufffd.
func (w *jsonWriter) str(s string) { w.b = appendQuoted(w.b, s) }

// text writes t as its MarshalText and Marshal's quoting do: the text is
// written after the quote, and escaped again only when it needs escapes.
func (w *jsonWriter) text(t stepper.Text) {
	at := len(w.b)
	w.b = t.AppendTo(append(w.b, '"'))
	if plain(w.b[at+1:]) {
		w.b = append(w.b, '"')
		return
	}
	w.b = appendQuoted(w.b[:at], string(w.b[at+1:]))
}

// plain reports whether s needs no escape inside a JSON string.
func plain(s []byte) bool {
	for _, c := range s {
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

const hexDigits = "0123456789abcdef"

func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

func (w *jsonWriter) key(k *stepper.Key) {
	w.raw(`{"priority":`)
	w.float(k.Priority)
	w.raw(`,"tie":`)
	w.float(k.Tie)
	w.raw(`,"seq":`)
	w.int(k.Seq)
	w.b = append(w.b, '}')
}

// node writes n's fields without the braces, so that a child can go on
// with its own.
func (w *jsonWriter) node(n *stepper.NodeInfo) {
	w.raw(`"id":`)
	w.int(n.ID)
	w.raw(`,"state":`)
	w.text(n.State)
	w.raw(`,"parent":`)
	w.int(n.Parent)
	if n.Action != "" {
		w.raw(`,"action":`)
		w.str(n.Action)
	}
	w.raw(`,"g":`)
	w.float(n.G)
	w.raw(`,"h":`)
	w.float(n.H)
	w.raw(`,"f":`)
	w.float(n.F)
	w.raw(`,"depth":`)
	w.int(n.Depth)
	w.raw(`,"status":`)
	w.str(n.Status.String())
	if n.Dir != 0 {
		w.raw(`,"dir":`)
		w.str(n.Dir.String())
	}
	if n.HFailed {
		w.raw(`,"hFailed":true`)
	}
	if n.Order != 0 {
		w.raw(`,"order":`)
		w.int(n.Order)
	}
	w.raw(`,"seq":`)
	w.int(n.Seq)
	w.raw(`,"step":`)
	w.int(n.Step)
}

func (w *jsonWriter) event(ev *stepper.Event) {
	w.raw(`{"step":`)
	w.int(ev.Step)
	w.raw(`,"expanded":{`)
	w.node(&ev.Expanded)
	w.raw(`},"key":`)
	w.key(&ev.Key)
	if len(ev.Ties) > 0 {
		w.raw(`,"ties":`)
		w.ints(ev.Ties)
	}
	if ev.TieCount != 0 {
		w.raw(`,"tieCount":`)
		w.int(ev.TieCount)
	}
	if !ev.TieReason.IsZero() {
		w.raw(`,"tieReason":`)
		w.text(ev.TieReason)
	}
	w.raw(`,"children":`)
	if ev.Children == nil {
		w.raw("null")
	} else {
		w.b = append(w.b, '[')
		for i := range ev.Children {
			c := &ev.Children[i]
			w.comma(i)
			w.b = append(w.b, '{')
			w.node(&c.NodeInfo)
			w.raw(`,"fate":`)
			w.str(c.Fate.String())
			if c.OldG != 0 {
				w.raw(`,"oldG":`)
				w.float(c.OldG)
			}
			w.raw(`,"oldParent":`)
			w.int(c.OldParent)
			w.raw(`,"existing":`)
			w.int(c.ExistingID)
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	w.raw(`,"status":`)
	w.str(string(ev.Status))
	w.raw(`,"counters":`)
	w.counters(&ev.Counters)
	if len(ev.Path) > 0 {
		w.raw(`,"path":`)
		w.ints(ev.Path)
	}
	if ev.Deepening != nil {
		w.raw(`,"deepening":`)
		w.marshal(ev.Deepening)
	}
	if ev.Bidirectional != nil {
		w.raw(`,"bidirectional":`)
		w.marshal(ev.Bidirectional)
	}
	if ev.Beam != nil {
		w.raw(`,"beam":`)
		w.marshal(ev.Beam)
	}
	w.b = append(w.b, '}')
}

func (w *jsonWriter) counters(c *stepper.Counters) {
	w.raw(`{"steps":`)
	w.int(c.Steps)
	w.raw(`,"expanded":`)
	w.int(c.Expanded)
	w.raw(`,"generated":`)
	w.int(c.Generated)
	w.raw(`,"duplicates":`)
	w.int(c.Duplicates)
	w.raw(`,"reparented":`)
	w.int(c.Reparented)
	w.raw(`,"maxOpen":`)
	w.int(c.MaxOpen)
	w.raw(`,"open":`)
	w.int(c.Open)
	w.raw(`,"closed":`)
	w.int(c.Closed)
	w.raw(`,"nodes":`)
	w.int(c.Nodes)
	if c.Cutoffs != 0 {
		w.raw(`,"cutoffs":`)
		w.int(c.Cutoffs)
	}
	if c.Pruned != 0 {
		w.raw(`,"pruned":`)
		w.int(c.Pruned)
	}
	w.b = append(w.b, '}')
}

// headKeys writes keys as Marshal writes a map with int keys: in the
// order of the keys' decimal strings.
func (w *jsonWriter) headKeys(keys map[int]HeadKey) {
	type entry struct {
		name string
		k    HeadKey
	}
	var stack [HeadSize]entry
	es := stack[:0]
	for id, k := range keys {
		es = append(es, entry{strconv.Itoa(id), k})
	}
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	w.b = append(w.b, '{')
	for i, e := range es {
		w.comma(i)
		w.b = append(w.b, '"')
		w.raw(e.name)
		w.raw(`":[`)
		w.bound(e.k[0])
		w.b = append(w.b, ',')
		w.bound(e.k[1])
		w.b = append(w.b, ']')
	}
	w.b = append(w.b, '}')
}

// marshal writes v with encoding/json.
func (w *jsonWriter) marshal(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		w.bad = true
		w.raw("null")
		return
	}
	w.b = append(w.b, b...)
}
