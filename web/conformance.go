package web

import (
	"lockdrill/sandbox/conformance/results"
	"lockdrill/web/views"
)

// conformanceLine is what the conformance suite recorded for preset id,
// for its page; nil when it recorded nothing.
func conformanceLine(id string) *views.ConformanceLine {
	v, ok := results.ForPreset(id)
	if !ok {
		return nil
	}
	return &views.ConformanceLine{Status: v.Status, Server: v.Server, Why: v.Why}
}
