package server

import (
	"net/http"

	"rsc.io/qr"

	"stepviz/internal/usererr"
	"stepviz/static"
	"stepviz/templates"
)

// writeQR serves a QR code of link, for the projector. Its address depends
// on the host asked for and the machine's network (reachFor), so it is
// never cached: a cached code could send students to yesterday's address.
func writeQR(w http.ResponseWriter, link string) {
	code, err := qr.Encode(link, qr.M)
	if err != nil {
		httpError(w, "cannot make the QR code: "+usererr.Text(err), http.StatusInternalServerError)
		return
	}
	code.Scale = 8
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(code.PNG())
}

// qrPage shows the QR code of the followers' link at path (path + "/qr.png")
// as large as the screen allows, with the link and label under it; when
// no student can reach the server, the command that serves the class.
func (s *Server) qrPage(w http.ResponseWriter, r *http.Request, path, label string) {
	to := s.reachFor(r)
	d := templates.QRData{Label: label, PNG: path + "/qr.png", FollowerURL: to.Base + path, Static: static.Version()}
	if to.LoopbackOnly {
		d.LoopbackOnly = s.classroomCommand()
	}
	render(w, r, http.StatusOK, templates.QRPage(d))
}

// routeSessionQR adds a session's QR code and its projector page.
func (s *Server) routeSessionQR() {
	s.mux.HandleFunc("GET /s/{id}/qr.png", func(w http.ResponseWriter, r *http.Request) {
		if sess, _, ok := s.lookup(w, r); ok {
			writeQR(w, s.reachFor(r).Base+followerPath(sess))
		}
	})
	s.mux.HandleFunc("GET /s/{id}/qr", func(w http.ResponseWriter, r *http.Request) {
		if sess, _, ok := s.lookup(w, r); ok {
			s.qrPage(w, r, followerPath(sess), "Session "+sess.ID)
		}
	})
}
