package views

import (
	"fmt"
	"strconv"

	"github.com/a-h/templ"
)

func statusText(code int) string { return strconv.Itoa(code) }

func itoa(n int) string { return strconv.Itoa(n) }

func minutes(n int) string {
	if n == 1 {
		return "1 min read"
	}
	return fmt.Sprintf("%d min read", n)
}

// blankFields are the blank form's fields in the order the page shows them.
var blankFields = []string{"model", "ttl_ms", "clients", "heartbeat_ms", "acquire", "release", "token_source", "resource_kind", "check_fencing"}

// blankFieldAttrs ties a blank-form field to its error message for
// assistive technology (Q8-17): aria-invalid and aria-describedby, or
// nothing when the field is fine. The first bad field in the form's order
// also takes the focus when the page loads, so a keyboard or screen-reader
// user lands on what to fix.
func blankFieldAttrs(errs map[string]string, name string) templ.Attributes {
	if _, ok := errs[name]; !ok {
		return nil
	}
	a := templ.Attributes{"aria-invalid": "true", "aria-describedby": "error-" + name}
	for _, f := range blankFields {
		if _, bad := errs[f]; bad {
			if f == name {
				a["autofocus"] = true
			}
			break
		}
	}
	return a
}

// swimlaneRegionLabel names the scrolling box of the swimlane with id
// (Q8-12); the compare page has two, which need different names.
func swimlaneRegionLabel(id string) string {
	const scroll = ": scroll sideways to see all of it"
	switch id {
	case "cmp-left":
		return "The original's picture" + scroll
	case "cmp-right":
		return "The fork's picture" + scroll
	}
	return "The run's picture" + scroll
}

// peerUnprobed says, on the peer interviewer's panel when no catalog
// follow-up fires, how many rubric points the answers so far have not
// made, for the interviewer to ask about in their own words; "" when every
// point is made (QA-51b M4: the panel said the answer "leaves nothing the
// catalog probes" beside a ✗ on the token's source).
func peerUnprobed(ps []PeerPoint) string {
	n := 0
	for _, p := range ps {
		if !p.Hit && !p.Earlier {
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return "No follow-up in the catalog probes what is still missing. Ask about the point marked ✗ in the rubric in your own words below."
	}
	return "No follow-up in the catalog probes what is still missing. Ask about the " + itoa(n) + " points marked ✗ in the rubric in your own words below."
}
