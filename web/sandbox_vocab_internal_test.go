package web

import (
	"slices"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/web/views"
)

// TestSettingsFormOffersWhatTheModelAccepts: every choice the settings
// form offers for a model forks a valid timeline, and a token source or an
// acquire mode it does not offer is refused, so the form and the
// scenario's rules cannot drift apart.
func TestSettingsFormOffersWhatTheModelAccepts(t *testing.T) {
	for _, m := range sandbox.Models() {
		t.Run(m.String(), func(t *testing.T) {
			sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: m}, Clients: []sandbox.Client{{ID: "A"}}}.WithDefaults()
			f := settingsForm(sc)
			for _, src := range sandbox.TokenSources() {
				offered := slices.ContainsFunc(f.TokenSources, func(o views.Option) bool { return o.Value == src.String() })
				_, _, err := sc.WithSettings(sandbox.Settings{TokenSource: src})
				if offered != (err == nil) {
					t.Errorf("token source %s: offered %v, accepted %v (%v)", src, offered, err == nil, err)
				}
			}
			for _, a := range sandbox.AcquireModes() {
				offered := len(f.Acquires) == 0 && a == sc.Lock.Acquire ||
					slices.ContainsFunc(f.Acquires, func(o views.Option) bool { return o.Value == a.String() })
				_, _, err := sc.WithSettings(sandbox.Settings{Acquire: a})
				if offered != (err == nil) {
					t.Errorf("acquire %s: offered %v, accepted %v (%v)", a, offered, err == nil, err)
				}
			}
			if len(f.Persistences) > 0 != m.HasPersistence() {
				t.Errorf("persistence offered %v, the model keeps writes across restarts %v", len(f.Persistences) > 0, !m.HasPersistence())
			}
		})
	}
}

// TestBlankFormDefaultsStartAValidTimeline: the blank form as first shown
// starts a timeline with the scenario's own defaults.
func TestBlankFormDefaultsStartAValidTimeline(t *testing.T) {
	f := blankDefaults()
	form := map[string][]string{"model": {f.Model}, "ttl_ms": {f.TTL}, "clients": {f.Clients}, "heartbeat_ms": {f.Heartbeat},
		"acquire": {f.Acquire}, "release": {f.Release}, "resource_kind": {f.ResourceKind}, "token_source": {f.TokenSource}}
	sc, got := blankScenario(form)
	if len(got.Errors) > 0 {
		t.Fatalf("the blank form's defaults are refused: %v", got.Errors)
	}
	want := sandbox.Scenario{}.WithDefaults()
	if sc.Lock.Model != want.Lock.Model || sc.Lock.TTLMS != want.Lock.TTLMS || sc.Lock.Acquire != want.Lock.Acquire ||
		sc.Lock.Release != want.Lock.Release || sc.Resource.Kind != want.Resource.Kind || len(sc.Clients) != blankClients {
		t.Fatalf("blank defaults %+v %+v, want the scenario's %+v %+v", sc.Lock, sc.Resource, want.Lock, want.Resource)
	}
	for _, m := range sandbox.Models() {
		if !slices.ContainsFunc(f.Models, func(o views.Option) bool { return o.Value == m.String() && o.Label == m.Label() }) {
			t.Errorf("the blank form does not offer model %s as %q", m, m.Label())
		}
	}
}
