package notebook

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync"
)

// store keeps saved notebooks: the newest max in memory, and each one in
// dir as ID.ipynb when dir is set. It is safe for concurrent use.
type store struct {
	mu    sync.Mutex
	docs  map[string]*Doc
	order []string // ids, oldest first
	max   int
	dir   string
}

var idPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

func newStore(max int, dir string) *store {
	return &store{docs: map[string]*Doc{}, max: max, dir: dir}
}

func newDocID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// put saves doc under id ("" makes a new id) and returns the id.
func (s *store) put(id string, doc *Doc) (string, error) {
	if id != "" && !idPattern.MatchString(id) {
		return "", fmt.Errorf("notebook: bad notebook id %q", id)
	}
	if id == "" {
		id = newDocID()
	}
	if s.dir != "" {
		var b bytes.Buffer
		if err := WriteIpynb(&b, doc); err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(s.dir, id+".ipynb"), b.Bytes(), 0o644); err != nil {
			return "", fmt.Errorf("notebook: saving: %v", err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.docs[id]; !ok {
		s.order = append(s.order, id)
	}
	s.docs[id] = doc
	for len(s.order) > s.max {
		delete(s.docs, s.order[0])
		s.order = s.order[1:]
	}
	return id, nil
}

// get returns the notebook saved under id, from memory or from dir.
func (s *store) get(id string) (*Doc, bool) {
	if !idPattern.MatchString(id) {
		return nil, false
	}
	s.mu.Lock()
	doc, ok := s.docs[id]
	s.mu.Unlock()
	if ok || s.dir == "" {
		return doc, ok
	}
	f, err := os.Open(filepath.Join(s.dir, id+".ipynb"))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	doc, err = ReadIpynb(f)
	return doc, err == nil
}
