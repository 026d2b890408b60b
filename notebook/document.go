package notebook

import (
	"io"

	"stepviz/ipynb"
)

// The document and the store rules are package ipynb's, a leaf the
// database shares without linking the notebook's pages and kernel; these
// names let the notebook's own code say them as its own.
type (
	Doc          = ipynb.Doc
	Cell         = ipynb.Cell
	Output       = ipynb.Output
	Store        = ipynb.Store
	Saved        = ipynb.Saved
	Policy       = ipynb.Policy
	Limits       = ipynb.Limits
	EvictedError = ipynb.EvictedError
	QuotaError   = ipynb.QuotaError
)

// KernelName is the kernel every saved notebook names.
const KernelName = ipynb.KernelName

var (
	ErrNotFound = ipynb.ErrNotFound
	ErrWrongKey = ipynb.ErrWrongKey
)

// ReadIpynb is ipynb.Read.
func ReadIpynb(r io.Reader) (*Doc, error) { return ipynb.Read(r) }

// WriteIpynb is ipynb.Write.
func WriteIpynb(w io.Writer, doc *Doc) error { return ipynb.Write(w, doc) }

// Size is ipynb.Size.
func Size(n int64) string { return ipynb.Size(n) }

// ValidID is ipynb.ValidID.
func ValidID(id string) bool { return ipynb.ValidID(id) }

// NewID is ipynb.NewID.
func NewID() string { return ipynb.NewID() }

// NewKey is ipynb.NewKey.
func NewKey() string { return ipynb.NewKey() }

// KeyHash is ipynb.KeyHash.
func KeyHash(key string) string { return ipynb.KeyHash(key) }

// KeyMatches is ipynb.KeyMatches.
func KeyMatches(key, hash string) bool { return ipynb.KeyMatches(key, hash) }
