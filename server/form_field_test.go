package server

import (
	"net/url"
	"strings"
	"testing"

	"stepviz/internal/usererr"
)

// TestFormFieldOfEachBadInput: searchFromForm's error names, through
// usererr.FieldOf, the landing form's field the mistake is in, for every
// option field and for the problem, and its text (usererr.Text) says what
// was wrong with no package prefix.
func TestFormFieldOfEachBadInput(t *testing.T) {
	puzzle := func(kv ...string) url.Values {
		v := url.Values{"source": {"puzzle"}, "puzzle": {"283164705"}, "puzzle_goal": {"123804765"}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	cases := []struct {
		name  string
		form  url.Values
		field string
		says  string
	}{
		{"unknown algorithm", puzzle("algo", "astra"), "algo", "astar"},
		{"unknown heuristic", puzzle("h", "manhatan"), "h", "manhattan"},
		{"weight below 1", puzzle("algo", "wastar", "w", "0.5"), "w", "weight"},
		{"unknown tie rule", puzzle("tie", "sideways"), "tie", "tie rule"},
		{"unknown goal test", puzzle("goaltest", "sometimes"), "goaltest", "generate or expand"},
		{"unknown open policy", puzzle("open", "sometimes"), "open", "reparent"},
		{"unknown closed policy", puzzle("closed", "sometimes"), "closed", "reopen"},
		{"tree not a boolean", puzzle("tree", "maybe"), "tree", "true or false"},
		{"negative depth", puzzle("depth", "-1"), "depth", "whole number"},
		{"unknown action in order", puzzle("order", "up,sideways"), "order", "sideways"},
		{"unknown duplicates policy", puzzle("duplicates", "sometimes"), "duplicates", "keep or drop"},
		{"unknown parent policy", puzzle("algo", "ids", "parent", "sometimes"), "parent", "path"},
		{"parent for astar", puzzle("parent", "path"), "parent", "ids, idastar and rbfs"},
		{"width for astar", puzzle("width", "3"), "width", "option of beam"},
		{"local for astar", puzzle("local", "true"), "local", "option of beam"},
		{"f for astar", puzzle("f", "h"), "f", "option of beam"},
		{"beam f unknown", puzzle("algo", "beam", "f", "g"), "f", "f=g+h"},
		{"maxnodes over the server's", puzzle("maxnodes", "5000"), "maxnodes", "limit of 1000"},
		{"maxnodes not a number", puzzle("maxnodes", "many"), "maxnodes", "whole number"},
		{"bidirectional tie rule", puzzle("algo", "bibfs", "tie", "lifo"), "tie", "leave the option out"},
		{"bidirectional goal test", puzzle("algo", "bibfs", "goaltest", "generate"), "goaltest", "leave the option out"},
		{"bidirectional duplicates", puzzle("algo", "bibfs", "duplicates", "drop"), "duplicates", "leave the option out"},
		{"bidirectional depth", puzzle("algo", "bibfs", "depth", "5"), "depth", "leave the option out"},
		{"short puzzle", url.Values{"source": {"puzzle"}, "puzzle": {"1234"}}, "problem", "puzzle"},
		{"empty grid", url.Values{"source": {"grid"}, "grid_rows": {""}}, "problem", "draw or paste a grid"},
		{"graph file", url.Values{"source": {"line"}, "line": {"graph /etc/passwd"}}, "problem", "reads no files"},
		{"unknown example", url.Values{"source": {"example"}, "example": {"nope"}}, "problem", "unknown example"},
		{"empty script", url.Values{"source": {"script"}}, "problem", "Starlark"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := searchFromForm(formValues(tc.form), 1000)
			if err == nil {
				t.Fatal("the form was accepted")
			}
			if got := usererr.FieldOf(err); got != tc.field {
				t.Errorf("field %q, want %q (%v)", got, tc.field, err)
			}
			checkUserText(t, usererr.Text(err), tc.says)
		})
	}
}

// checkUserText fails unless msg mentions says and shows no package
// prefix: at its start, nor at the start of a quoted cause or of a line.
func checkUserText(t *testing.T, msg, says string) {
	t.Helper()
	if !strings.Contains(msg, says) {
		t.Errorf("message %q, want it to mention %q", msg, says)
	}
	for _, p := range packagePrefixes {
		if strings.HasPrefix(msg, p) || strings.Contains(msg, ": "+p) || strings.Contains(msg, "\n"+p) {
			t.Errorf("message %q shows the package prefix %q", msg, p)
		}
	}
}
