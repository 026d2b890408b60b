// Package eventtest helps tests compare search events.
package eventtest

import "stepviz/stepper"

// Resolved is ev with every text written out (stepper.TextOf), its
// slices copied: two events that say the same thing are then
// reflect.DeepEqual, whether their texts were written on demand or not.
func Resolved(ev stepper.Event) stepper.Event {
	ev.Expanded = ResolvedNode(ev.Expanded)
	ev.TieReason = ResolvedText(ev.TieReason)
	if ev.Children != nil {
		cs := make([]stepper.Child, len(ev.Children))
		for i, c := range ev.Children {
			c.NodeInfo = ResolvedNode(c.NodeInfo)
			cs[i] = c
		}
		ev.Children = cs
	}
	if ev.Beam != nil {
		b := *ev.Beam
		if len(b.Pruned) > 0 {
			b.Pruned = append([]stepper.PrunedNode(nil), b.Pruned...)
			for i := range b.Pruned {
				b.Pruned[i].State = ResolvedText(b.Pruned[i].State)
			}
		}
		ev.Beam = &b
	}
	return ev
}

// ResolvedNode is n with its state's text written out.
func ResolvedNode(n stepper.NodeInfo) stepper.NodeInfo {
	n.State = ResolvedText(n.State)
	return n
}

// ResolvedText is t written out, or t when it is zero.
func ResolvedText(t stepper.Text) stepper.Text {
	if t.IsZero() {
		return t
	}
	return stepper.TextOf(t.String())
}
