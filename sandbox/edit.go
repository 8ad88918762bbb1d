package sandbox

import (
	"fmt"
	"slices"
	"strconv"
)

// LastActionAt is the time of s's latest action (0 if none): where a
// learner's next action goes, at the earliest.
func (s Scenario) LastActionAt() int64 {
	var n int64
	for _, a := range s.Actions {
		n = max(n, a.AtMS)
	}
	return n
}

// Append returns s with a added at the end, or a *ValidationError when the
// result would break a limit: more than MaxActions actions, a pause or
// delay that ends after MaxTimeMS, any other Validate failure, or a run
// longer than MaxEvents events. s itself is never changed. Every editor of
// scenarios (the browser, an import, the CLI) goes through the same limits.
func (s Scenario) Append(a Action) (Scenario, error) { return s.AppendWith(a, Run) }

// AppendWith is Append that makes its run with run (Run, or a cache of
// Run's results), so that a caller about to show the run makes it once.
func (s Scenario) AppendWith(a Action, run func(Scenario) Timeline) (Scenario, error) {
	if len(s.Actions) >= MaxActions {
		return s, &ValidationError{Field: "actions", Msg: fmt.Sprintf("already %d actions, the most a scenario may have", MaxActions)}
	}
	out := s
	out.Actions = append(slices.Clone(s.Actions), a)
	if err := out.Validate(); err != nil {
		return s, err
	}
	if err := checkEvents(run(out)); err != nil {
		return s, err
	}
	return out, nil
}

// ValidateRun is Validate plus the one limit only a run can tell: the
// timeline must stay within MaxEvents. Use it on a scenario from outside
// (an import) before keeping it.
func (s Scenario) ValidateRun() error { return s.ValidateRunWith(Run) }

// ValidateRunWith is ValidateRun that makes its run with run (see
// AppendWith).
func (s Scenario) ValidateRunWith(run func(Scenario) Timeline) error {
	if err := s.Validate(); err != nil {
		return err
	}
	return checkEvents(run(s))
}

// checkEvents refuses a run that reached the events budget.
func checkEvents(tl Timeline) error {
	if tl.Summary.Stopped == StoppedEventBudget {
		return &ValidationError{Field: "actions", Msg: fmt.Sprintf("the run would reach the events budget of %d events (heartbeats count), the most a timeline may hold: use fewer actions, fewer clients with a heartbeat or a longer heartbeat period", MaxEvents)}
	}
	return nil
}

// Settings is a change of a scenario's configuration: a nil pointer or an
// empty or zero field keeps what the scenario has.
type Settings struct {
	TokenSource  TokenSource
	CheckFencing *bool
	TTLMS        int64
	Acquire      AcquireMode
	Release      ReleaseMode
	// LagMS (redis) is the replica's lag; 0 is synchronous (WAIT 1).
	LagMS           *int64
	Persistence     Persistence
	ResourceKind    ResourceKind
	IdempotencyKeys *bool
	// Retries (nil: keep) is how often a refused acquire is retried; Seed
	// (0: keep) draws the random delays.
	Retries      *int
	RetryDelayMS int64
	Seed         uint64
}

// WithSettings returns s with the set fields of c applied and a short
// description of each setting that changed ("fencing tokens off", "TTL
// 5000 ms"), or a *ValidationError naming the field if the result is
// invalid (fencing tokens on redlock, say). s itself is never changed.
func (s Scenario) WithSettings(c Settings) (Scenario, []string, error) {
	out := s
	var changed []string
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	if c.TokenSource != "" && c.TokenSource != s.Lock.TokenSource {
		out.Lock.TokenSource = c.TokenSource
		out.Lock.FencingTokens = nil
		changed = append(changed, "token source "+c.TokenSource.String())
	}
	if c.CheckFencing != nil && (s.Resource.CheckFencing == nil || *s.Resource.CheckFencing != *c.CheckFencing) {
		v := *c.CheckFencing
		out.Resource.CheckFencing = &v
		changed = append(changed, "fencing check at the resource "+onOff(v))
	}
	if c.TTLMS != 0 && c.TTLMS != s.Lock.TTLMS {
		out.Lock.TTLMS = c.TTLMS
		changed = append(changed, "TTL "+ms(c.TTLMS))
	}
	if c.Release != "" && c.Release != s.Lock.Release {
		out.Lock.Release = c.Release
		changed = append(changed, "release "+c.Release.String())
	}
	if c.Acquire != "" && c.Acquire != s.Lock.Acquire {
		out.Lock.Acquire = c.Acquire
		changed = append(changed, "acquire "+c.Acquire.String())
	}
	if c.LagMS != nil && (s.Lock.LagMS == nil || *s.Lock.LagMS != *c.LagMS) {
		v := *c.LagMS
		out.Lock.LagMS = &v
		if v == 0 {
			changed = append(changed, "every write acknowledged by the replica (as with WAIT 1)")
		} else {
			changed = append(changed, "replication lag "+ms(v))
		}
	}
	if c.Persistence != "" && c.Persistence != s.Lock.Persistence {
		out.Lock.Persistence = c.Persistence
		changed = append(changed, "persistence "+c.Persistence.String())
	}
	if c.ResourceKind != "" && c.ResourceKind != s.Resource.Kind {
		out.Resource.Kind = c.ResourceKind
		changed = append(changed, "resource "+c.ResourceKind.String())
	}
	if c.IdempotencyKeys != nil && *c.IdempotencyKeys != s.Resource.IdempotencyKeys {
		out.Resource.IdempotencyKeys = *c.IdempotencyKeys
		changed = append(changed, "idempotency keys "+onOff(*c.IdempotencyKeys))
	}
	if c.Retries != nil && *c.Retries != s.Lock.Retries {
		out.Lock.Retries = *c.Retries
		changed = append(changed, "retries "+strconv.Itoa(*c.Retries))
	}
	if c.RetryDelayMS != 0 && c.RetryDelayMS != s.Lock.RetryDelayMS {
		out.Lock.RetryDelayMS = c.RetryDelayMS
		changed = append(changed, "retry delay up to "+ms(c.RetryDelayMS))
	}
	if c.Seed != 0 && c.Seed != s.Lock.Seed {
		out.Lock.Seed = c.Seed
		changed = append(changed, "seed "+strconv.FormatUint(c.Seed, 10))
	}
	out = out.WithDefaults()
	if err := out.Validate(); err != nil {
		return s, nil, err
	}
	return out, changed, nil
}

// RequireClients returns a *ValidationError naming "clients" when s has
// no client, and nil otherwise. Validate lets such a scenario pass (a
// run of it only plays the service's faults); a scenario from outside (an
// import, a file for lockdrill sim) is refused, as the blank form refuses
// 0 clients: a timeline nobody can act in exports "clients": null, which
// is not the export format (QA-32 #4).
func (s Scenario) RequireClients() error {
	if len(s.Clients) == 0 {
		return &ValidationError{Field: "clients", Msg: fmt.Sprintf("no clients: a scenario needs 1 to %d, such as [{\"id\": \"A\"}, {\"id\": \"B\"}]", MaxClients)}
	}
	return nil
}
