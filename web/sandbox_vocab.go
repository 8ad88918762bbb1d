package web

import (
	"strconv"
	"strings"

	"lockdrill/sandbox"
	"lockdrill/web/views"
)

// The sandbox forms' choices come from the sandbox's own vocabulary
// (sandbox/vocab.go): the options, their labels, the defaults and the
// limits. Nothing here names a model, a mode or a limit itself.

// options lists xs as a select's options, each with its own label.
func options[T interface {
	~string
	Label() string
}](xs []T) []views.Option {
	out := make([]views.Option, len(xs))
	for i, x := range xs {
		out[i] = views.Option{Value: string(x), Label: x.Label()}
	}
	return out
}

// blankClients and blankHeartbeat are the client count and heartbeat the
// "start blank" form proposes; the rest of its defaults are the scenario's.
const (
	blankClients   = 2
	blankHeartbeat = 0
)

// blankDefaults is the "start blank" form as first shown.
func blankDefaults() views.BlankForm {
	return withBlankOptions(views.BlankForm{
		Model: sandbox.DefaultModel.String(), TTL: strconv.Itoa(sandbox.DefaultTTLMS),
		Clients: strconv.Itoa(blankClients), Heartbeat: strconv.Itoa(blankHeartbeat),
		Acquire: sandbox.DefaultAcquire.String(), Release: sandbox.DefaultRelease.String(), ResourceKind: sandbox.DefaultResource.String(),
	})
}

// withBlankOptions fills f's option lists and limits.
func withBlankOptions(f views.BlankForm) views.BlankForm {
	f.Models = options(sandbox.Models())
	f.Acquires = options(sandbox.AcquireModes())
	f.Releases = options(sandbox.ReleaseModes())
	f.ResourceKinds = options(sandbox.ResourceKinds())
	// "" keeps each model's own source; a named source says whose it is.
	f.TokenSources = []views.Option{{Value: "", Label: "the model's own (" + defaultSources() + ")"}}
	for _, t := range sandbox.TokenSources() {
		o := views.Option{Value: t.String(), Label: t.Label()}
		if m := t.Model(); m != "" {
			o.Label += " (" + m.String() + ")"
		}
		f.TokenSources = append(f.TokenSources, o)
	}
	f.MaxClients = sandbox.MaxClients
	f.MinHeartbeat = int(formMinHeartbeat())
	return f
}

// defaultSources says each model's default token source, models with the
// same one together: "redis, redlock: none; consensus: revision; ...".
func defaultSources() string {
	var parts []string
	var names []string
	ms := sandbox.Models()
	for i, m := range ms {
		names = append(names, m.String())
		if i+1 == len(ms) || ms[i+1].DefaultTokenSource() != m.DefaultTokenSource() {
			parts = append(parts, strings.Join(names, ", ")+": "+m.DefaultTokenSource().String())
			names = nil
		}
	}
	return strings.Join(parts, "; ")
}

// settingsForm is the "change a setting" form of sc, with the options its
// model offers.
func settingsForm(sc sandbox.Scenario) views.SettingsForm {
	l := sc.Lock
	f := views.SettingsForm{
		Model: l.Model.String(), TokenSource: l.TokenSource.String(), CheckFencing: sc.Resource.Fenced(),
		Acquire: l.Acquire.String(), Release: l.Release.String(), TTL: strconv.FormatInt(l.TTLMS, 10),
		Persistence: l.Persistence.String(), ResourceKind: sc.Resource.Kind.String(), IdempotencyKeys: sc.Resource.IdempotencyKeys,
		Retries:      strconv.Itoa(l.Retries),
		TokenSources: options(l.Model.TokenSources()), Releases: options(sandbox.ReleaseModes()),
		ResourceKinds: options(sandbox.ResourceKinds()), Lagged: l.Model.HasReplicaLag(), MaxRetries: sandbox.MaxRetries,
	}
	if ms := l.Model.AcquireModes(); len(ms) > 1 {
		f.Acquires = options(ms)
	}
	if l.Model.HasPersistence() {
		f.Persistences = options(sandbox.Persistences())
	}
	if l.LagMS != nil {
		f.Lag = strconv.FormatInt(*l.LagMS, 10)
	}
	if l.RetryDelayMS > 0 {
		f.RetryDelay = strconv.FormatInt(l.RetryDelayMS, 10)
	}
	if l.Seed > 0 {
		f.Seed = strconv.FormatUint(l.Seed, 10)
	}
	for _, c := range sc.Clients {
		f.Heartbeats = append(f.Heartbeats, views.HeartbeatSetting{Client: c.ID, Value: strconv.FormatInt(c.HeartbeatMS, 10)})
	}
	f.MinHeartbeat = int(formMinHeartbeat())
	return f
}

// maxTimeWords is the longest a run lasts, for messages: "10 virtual
// minutes".
func maxTimeWords() string {
	return strconv.Itoa(sandbox.MaxTimeMinutes) + " virtual minutes"
}
