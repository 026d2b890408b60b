package server

import (
	_ "embed"
	"strings"
	"sync"

	"stepviz/internal/usererr"
)

//go:embed maps/arena2.map
var arena2Map string

// embeddedMap is a Moving AI map built into the binary, offered by the
// landing form's map picker: the server reads no file named by a user.
type embeddedMap struct {
	Name, Title string
	Start, Goal string // default cells "x,y" (a long benchmark route)
	text        string
}

// embeddedMaps are the maps the landing form offers, smallest first.
var embeddedMaps = []embeddedMap{
	{Name: "lecture-hall", Title: "lecture hall (40×24, drawn for stepviz)", Start: "2,2", Goal: "37,21", text: lectureHallMap},
	// arena2.map.scen's bucket 90 route 11,107 → 273,207 (length 363.9)
	{Name: "arena2", Title: "arena2 (281×209, Dragon Age: Origins)", Start: "11,107", Goal: "273,207", text: arena2Map},
}

var mapRows = struct {
	sync.Mutex
	rows map[string][]string
}{rows: map[string][]string{}}

// embeddedMapRows returns the rows of an embedded map as grid rows, parsed
// once; an unknown name is an error that lists the maps.
func embeddedMapRows(name string) (embeddedMap, []string, error) {
	for _, m := range embeddedMaps {
		if m.Name != name {
			continue
		}
		mapRows.Lock()
		defer mapRows.Unlock()
		if r, ok := mapRows.rows[name]; ok {
			return m, r, nil
		}
		r, err := movingAIRows(m.text)
		if err != nil {
			return m, nil, usererr.Errorf("server", "embedded map %s: %w", name, err)
		}
		mapRows.rows[name] = r
		return m, r, nil
	}
	names := make([]string, len(embeddedMaps))
	for i, m := range embeddedMaps {
		names[i] = m.Name
	}
	return embeddedMap{}, nil, usererr.Errorf("server", "no map %q in this server: pick one of %s, or paste the rows", name, strings.Join(names, ", "))
}
