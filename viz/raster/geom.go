package raster

import (
	"math"
	"strconv"
	"strings"
)

// affine is the matrix [a c e; b d f; 0 0 1] as SVG writes it.
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) mul(n affine) affine {
	return affine{
		m.a*n.a + m.c*n.b, m.b*n.a + m.d*n.b,
		m.a*n.c + m.c*n.d, m.b*n.c + m.d*n.d,
		m.a*n.e + m.c*n.f + m.e, m.b*n.e + m.d*n.f + m.f,
	}
}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// scale is the mean length a unit becomes (for stroke widths and fonts).
func (m affine) scale() float64 {
	return math.Sqrt(math.Abs(m.a*m.d - m.b*m.c))
}

// transform reads translate(...) and scale(...) lists; others are ignored.
func transform(s string) affine {
	m := affine{1, 0, 0, 1, 0, 0}
	for {
		name, rest, ok := strings.Cut(s, "(")
		if !ok {
			return m
		}
		args, after, ok := strings.Cut(rest, ")")
		if !ok {
			return m
		}
		v := numbers(args)
		switch strings.TrimSpace(strings.Trim(name, ", ")) {
		case "translate":
			if len(v) == 1 {
				v = append(v, 0)
			}
			if len(v) == 2 {
				m = m.mul(affine{1, 0, 0, 1, v[0], v[1]})
			}
		case "scale":
			if len(v) == 1 {
				v = append(v, v[0])
			}
			if len(v) == 2 {
				m = m.mul(affine{v[0], 0, 0, v[1], 0, 0})
			}
		}
		s = after
	}
}

// pt is a point in pixels.
type pt struct{ x, y float64 }

// subpath is a polyline, closed or not.
type subpath struct {
	pts    []pt
	closed bool
}

// shape builds subpaths in user units, mapped to pixels by m.
type shape struct {
	m    affine
	subs []subpath
	tol  float64 // flattening steps per pixel of length
}

func (s *shape) move(x, y float64) {
	px, py := s.m.apply(x, y)
	s.subs = append(s.subs, subpath{pts: []pt{{px, py}}})
}

func (s *shape) line(x, y float64) {
	if len(s.subs) == 0 {
		s.move(x, y)
		return
	}
	px, py := s.m.apply(x, y)
	last := &s.subs[len(s.subs)-1]
	last.pts = append(last.pts, pt{px, py})
}

func (s *shape) close() {
	if len(s.subs) > 0 {
		s.subs[len(s.subs)-1].closed = true
	}
}

// cubic flattens a cubic Bézier from (x0,y0), in user units.
func (s *shape) cubic(x0, y0, x1, y1, x2, y2, x3, y3 float64) {
	l := math.Hypot(x1-x0, y1-y0) + math.Hypot(x2-x1, y2-y1) + math.Hypot(x3-x2, y3-y2)
	n := min(64, max(2, int(l*s.m.scale()/3)))
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		x := u*u*u*x0 + 3*u*u*t*x1 + 3*u*t*t*x2 + t*t*t*x3
		y := u*u*u*y0 + 3*u*u*t*y1 + 3*u*t*t*y2 + t*t*t*y3
		s.line(x, y)
	}
}

// arc adds a circular arc around (cx, cy) from angle a0 to a1 (radians).
func (s *shape) arc(cx, cy, rx, ry, a0, a1 float64) {
	n := min(128, max(4, int(math.Abs(a1-a0)*max(rx, ry)*s.m.scale()/2)))
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		x, y := cx+rx*math.Cos(a), cy+ry*math.Sin(a)
		if i == 0 && (len(s.subs) == 0 || s.subs[len(s.subs)-1].closed) {
			s.move(x, y)
		} else {
			s.line(x, y)
		}
	}
}

// rect adds a rectangle with corner radius r.
func (s *shape) rect(x, y, w, h, r float64) {
	r = min(r, w/2, h/2)
	if r <= 0 {
		s.move(x, y)
		s.line(x+w, y)
		s.line(x+w, y+h)
		s.line(x, y+h)
		s.close()
		return
	}
	s.subs = append(s.subs, subpath{closed: true})
	last := len(s.subs) - 1
	s.subs[last].closed = false
	s.arc(x+w-r, y+r, r, r, -math.Pi/2, 0)
	s.arc(x+w-r, y+h-r, r, r, 0, math.Pi/2)
	s.arc(x+r, y+h-r, r, r, math.Pi/2, math.Pi)
	s.arc(x+r, y+r, r, r, math.Pi, 3*math.Pi/2)
	s.close()
}

// circle adds an ellipse.
func (s *shape) ellipse(cx, cy, rx, ry float64) {
	s.subs = append(s.subs, subpath{})
	s.arc(cx, cy, rx, ry, 0, 2*math.Pi)
	s.close()
}

// path reads SVG path data: M L H V C S Q T Z, absolute and relative
// (S and T without their reflection: drawn as C and Q with the current
// point as first control). Arcs are drawn as lines.
func (s *shape) path(d string) {
	toks := pathTokens(d)
	var cx, cy, sx, sy float64
	cmd := byte(0)
	i := 0
	num := func() (float64, bool) {
		if i >= len(toks) || toks[i].cmd != 0 {
			return 0, false
		}
		i++
		return toks[i-1].v, true
	}
	for i < len(toks) {
		if toks[i].cmd != 0 {
			cmd = toks[i].cmd
			i++
			if cmd == 'Z' || cmd == 'z' {
				s.close()
				cx, cy = sx, sy
				continue
			}
		} else if cmd == 0 {
			return
		}
		rel := cmd >= 'a'
		ox, oy := 0.0, 0.0
		if rel {
			ox, oy = cx, cy
		}
		need := map[byte]int{'M': 2, 'L': 2, 'H': 1, 'V': 1, 'C': 6, 'S': 4, 'Q': 4, 'T': 2, 'A': 7}[cmd&^0x20]
		if need == 0 {
			return
		}
		v := make([]float64, need)
		for k := range v {
			x, ok := num()
			if !ok {
				return
			}
			v[k] = x
		}
		switch cmd &^ 0x20 {
		case 'M':
			cx, cy = ox+v[0], oy+v[1]
			s.move(cx, cy)
			sx, sy = cx, cy
			if rel {
				cmd = 'l'
			} else {
				cmd = 'L'
			}
		case 'L', 'T':
			cx, cy = ox+v[0], oy+v[1]
			s.line(cx, cy)
		case 'H':
			cx = ox + v[0]
			s.line(cx, cy)
		case 'V':
			cy = oy + v[0]
			s.line(cx, cy)
		case 'C':
			s.cubic(cx, cy, ox+v[0], oy+v[1], ox+v[2], oy+v[3], ox+v[4], oy+v[5])
			cx, cy = ox+v[4], oy+v[5]
		case 'S':
			s.cubic(cx, cy, cx, cy, ox+v[0], oy+v[1], ox+v[2], oy+v[3])
			cx, cy = ox+v[2], oy+v[3]
		case 'Q':
			qx, qy := ox+v[0], oy+v[1]
			ex, ey := ox+v[2], oy+v[3]
			s.cubic(cx, cy, cx+2.0/3*(qx-cx), cy+2.0/3*(qy-cy), ex+2.0/3*(qx-ex), ey+2.0/3*(qy-ey), ex, ey)
			cx, cy = ex, ey
		case 'A':
			cx, cy = ox+v[5], oy+v[6]
			s.line(cx, cy)
		}
	}
}

type pathTok struct {
	cmd byte
	v   float64
}

func pathTokens(d string) []pathTok {
	var out []pathTok
	i := 0
	for i < len(d) {
		c := d[i]
		switch {
		case c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r':
			i++
		case strings.IndexByte("MmLlHhVvCcSsQqTtAaZz", c) >= 0:
			out = append(out, pathTok{cmd: c})
			i++
		default:
			j := i
			if d[j] == '-' || d[j] == '+' {
				j++
			}
			dot := false
			for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' && !dot) {
				if d[j] == '.' {
					dot = true
				}
				j++
			}
			if j < len(d) && (d[j] == 'e' || d[j] == 'E') {
				j++
				if j < len(d) && (d[j] == '-' || d[j] == '+') {
					j++
				}
				for j < len(d) && d[j] >= '0' && d[j] <= '9' {
					j++
				}
			}
			v, err := strconv.ParseFloat(d[i:j], 64)
			if err != nil || isBad(v) || j == i {
				return out
			}
			out = append(out, pathTok{v: v})
			i = j
		}
	}
	return out
}
