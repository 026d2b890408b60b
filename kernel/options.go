package kernel

import (
	"strings"
	"sync"

	"stepviz/stepper"
)

// optionAliases are the long spellings stepper.Options.Set also accepts.
var optionAliases = sync.OnceValue(func() map[string]string {
	return map[string]string{"algorithm": "algo", "heuristic": "h", "weight": "w", "goal-test": "goaltest"}
})

// optionValues lists the values of the options that take a word.
func optionValues(name string) []string {
	switch name {
	case "algo":
		return names(stepper.Algorithms)
	case "tie":
		return names(stepper.TieRules)
	case "goaltest":
		return []string{string(stepper.OnGenerate), string(stepper.OnExpand)}
	case "open":
		return []string{string(stepper.Reparent), string(stepper.IgnoreOpen)}
	case "closed":
		return []string{string(stepper.IgnoreClosed), string(stepper.Reopen)}
	case "tree":
		return []string{"true", "false"}
	case "order":
		return []string{"natural", "reverse", "alpha"}
	case "parent":
		return []string{string(stepper.PathParent), string(stepper.SkipParent), string(stepper.KeepParent)}
	case "ontie":
		return []string{string(stepper.TieSideForward), string(stepper.TieSideBackward)}
	case "depth", "limit":
		return []string{"none"}
	}
	return nil
}

func names[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = string(x)
	}
	return out
}

// parseOptions parses the words of a search line, "astar h=manhattan
// tie=high-g", with the engine's option names, and normalizes them. Unknown
// names and values get a "did you mean" message. The heuristic is checked
// later, against the problem.
func parseOptions(words []string) (stepper.Options, error) {
	var o stepper.Options
	for i, w := range words {
		name, value, ok := strings.Cut(w, "=")
		if !ok {
			if i > 0 {
				return o, errorf("'%s' is not an option: write name=value, such as h=manhattan (options are %s)", w, strings.Join(stepper.OptionNames(), ", "))
			}
			name, value = "algo", w
		}
		name = strings.ToLower(name)
		if a, ok := optionAliases()[name]; ok {
			name = a
		}
		if !contains(stepper.OptionNames(), name) {
			all := stepper.OptionNames()
			for a := range optionAliases() {
				all = append(all, a)
			}
			if sug := stepper.Suggest(name, all); sug != "" {
				return o, errorf("unknown option '%s': did you mean %s?", name, sug)
			}
			return o, unknown("option", name, stepper.OptionNames())
		}
		if value == "" {
			return o, errorf("option %s has no value: write %s=VALUE%s", name, name, valueHint(name))
		}
		if vals := optionValues(name); vals != nil && name != "order" && !contains(vals, strings.ToLower(value)) {
			what := map[string]string{"algo": "algorithm", "tie": "tie rule", "goaltest": "goal test", "open": "open policy", "closed": "closed policy", "tree": "tree value"}[name]
			return o, unknown(what, value, vals)
		}
		if err := o.Set(name, value); err != nil {
			return o, err
		}
	}
	return o.Normalize()
}

func valueHint(name string) string {
	if vals := optionValues(name); vals != nil {
		return " (" + strings.Join(vals, ", ") + ")"
	}
	return ""
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

// checkHeuristic checks o's heuristic against the problem's, before the
// engine does, for the kernel's own "did you mean" message.
func checkHeuristic(inst stepper.Instance, o stepper.Options) error {
	if o.Heuristic == "" {
		return nil
	}
	hs := inst.Heuristics()
	if len(hs) == 0 || contains(hs, o.Heuristic) {
		return nil
	}
	return unknown("heuristic", o.Heuristic, hs)
}
