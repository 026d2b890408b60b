package server

import (
	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/templates"
)

// reserveScript reserves, while the landing form's Starlark script is
// loaded and its search built, what one call of the script may grow the
// heap by (script.CallHeap); fv without a script reserves nothing. The
// caller releases it when the form is answered.
func (s *Server) reserveScript(fv templates.FormValues) (*membudget.Reservation, error) {
	if fv.Source != "script" && !formHeuristics(fv) {
		return nil, nil
	}
	mem, err := s.cfg.Memory.Reserve("scripts", script.CallHeap)
	if err != nil {
		return nil, usererr.Errorf("server", "%w", err)
	}
	return mem, nil
}
