package web

import (
	"regexp"
	"strings"
)

// sandboxFieldWords name the scenario's fields as the sandbox forms label
// them. The engine's errors locate a problem in the scenario file
// ("actions[8].node", "lock.persistence"); a learner who used a form never
// saw that file, so the form's words replace the path.
var sandboxFieldWords = map[string]string{
	"at_ms": "time", "client": "client", "ms": "duration", "op": "action", "value": "value",
	"key": "idempotency key", "node": "node", "nodes": "nodes",
	"lock.model": "model", "lock.ttl_ms": "TTL", "lock.nodes": "nodes", "lock.fencing_tokens": "fencing tokens",
	"lock.token_source": "fencing token source", "lock.acquire": "acquire", "lock.release": "release",
	"lock.lag_ms": "replica lag", "lock.persistence": "a restarted node keeps", "lock.retries": "retries",
	"lock.retry_delay_ms": "retry delay", "resource.kind": "resource", "resource.check_fencing": "check fencing tokens",
	"resource.idempotency_keys": "idempotency keys", "network.latency_ms": "network latency",
}

// sandboxFieldPath matches a scenario path at the start of an error or of
// one of its "; "-joined parts.
var sandboxFieldPath = regexp.MustCompile(`(^|; )(actions\[\d+\]\.([a-z_]+)(?:\[\d+\])?|(?:lock|resource|network)\.[a-z_]+): `)

// sandboxFormError rewrites an engine error about a change made through a
// form so that it names the form's field rather than the scenario path.
func sandboxFormError(err error) string {
	return sandboxFieldPath.ReplaceAllStringFunc(err.Error(), func(m string) string {
		sub := sandboxFieldPath.FindStringSubmatch(m)
		path := sub[2]
		if sub[3] != "" {
			path = sub[3]
		}
		words, ok := sandboxFieldWords[path]
		if !ok {
			words = strings.ReplaceAll(path[strings.LastIndex(path, ".")+1:], "_", " ")
		}
		return sub[1] + words + ": "
	})
}
