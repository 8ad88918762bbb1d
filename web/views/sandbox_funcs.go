package views

import (
	"strconv"

	"github.com/a-h/templ"
)

func sbJoinInts(xs []int) string {
	b := make([]byte, 0, len(xs)*5)
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return string(b)
}

func sbOddClass(odd bool) string {
	if odd {
		return " tl-odd"
	}
	return ""
}

// sbFutureClass fades what happens after the shown step.
func sbFutureClass(step, shown int) string {
	if step > shown {
		return " tl-future"
	}
	return ""
}

func sbTrianglePath(x, y int) string {
	return "M " + itoa(x) + " " + itoa(y-10) + " L " + itoa(x+10) + " " + itoa(y+8) + " L " + itoa(x-10) + " " + itoa(y+8) + " Z"
}

func sbCrossPath(x, y int) string {
	return "M " + itoa(x-7) + " " + itoa(y-7) + " L " + itoa(x+7) + " " + itoa(y+7) + " M " + itoa(x+7) + " " + itoa(y-7) + " L " + itoa(x-7) + " " + itoa(y+7)
}

func sbPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func sbCurrentAttr(cur bool) string {
	if cur {
		return "step"
	}
	return "false"
}

// heartbeatNote is the standing note beside a heartbeat field, in the
// blank form and in the fork form alike (QA-33 #1, QA-34 #1).
const heartbeatNote = "A heartbeat as long as the TTL or longer lets the lease lapse between renewals: the renewal arrives when the lease has already expired and is refused, and another client may take the lock in the gap. The guide renews at about a third of the TTL."

// blankHintAttrs are blankFieldAttrs for a field of the blank form that
// has a standing note beside it ("hint-" + name), which describes it too.
func blankHintAttrs(errs map[string]string, name string) templ.Attributes {
	a := blankFieldAttrs(errs, name)
	if a == nil {
		a = templ.Attributes{}
	}
	d := "hint-" + name
	if e, ok := a["aria-describedby"].(string); ok {
		d = e + " " + d
	}
	a["aria-describedby"] = d
	return a
}
