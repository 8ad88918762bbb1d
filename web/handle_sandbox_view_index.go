package web

import (
	"time"

	"lockdrill/content"
	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// sandboxIndexData is what /sandbox shows: the preset library, the
// learner's own timelines, and the "start blank" form as entered (with
// its errors) or as first shown.
type sandboxIndexData struct {
	Presets []sandbox.Preset
	Mine    []store.TimelineSummary
	Blank   views.BlankForm
	// Now is when the page is shown: "today" and "yesterday" are relative
	// to it.
	Now time.Time
}

// buildSandboxIndex makes /sandbox.
func buildSandboxIndex(cat *content.Catalog, d sandboxIndexData) views.SandboxIndexView {
	v := views.SandboxIndexView{Blank: d.Blank}
	for _, p := range d.Presets {
		v.Presets = append(v.Presets, presetCard(cat, p))
	}
	for _, t := range d.Mine {
		v.Mine = append(v.Mine, views.TimelineLink{Href: urls.Timeline(t.ID), Title: t.Title, Updated: "changed " + formatWhen(t.Updated, d.Now), UpdatedISO: t.Updated.UTC().Format(time.RFC3339), Forked: t.ParentID != ""})
	}
	return v
}

// presetCard is preset p as the library and its pages show it.
func presetCard(cat *content.Catalog, p sandbox.Preset) views.PresetCard {
	m := p.Scenario.Lock.Model
	c := views.PresetCard{ID: p.ID, Title: p.Title, Lesson: p.Lesson, Model: m.String(),
		Fencing: p.Scenario.Resource.Fenced(), ByHolder: m.GuardsByHolder(),
		ByEpoch: p.Scenario.Lock.TokenSource == sandbox.TokenEpoch, GuideSlug: p.Guide}
	if sec, ok := cat.Section(p.Guide); ok {
		c.GuideTitle = sec.Title
	}
	return c
}
