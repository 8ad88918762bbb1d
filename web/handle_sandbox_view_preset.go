package web

import (
	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// presetData is what /sandbox/presets/{id} shows: the preset and its run,
// or, when a prediction is asked first, the question (with the reason a
// prediction was refused) and no run.
type presetData struct {
	Preset  sandbox.Preset
	Run     sandbox.Timeline
	Predict *quiz.Question
	Error   string
}

// buildPreset makes /sandbox/presets/{id}.
func buildPreset(cat *content.Catalog, d presetData) views.PresetView {
	p := d.Preset
	v := views.PresetView{Card: presetCard(cat, p), Actions: describeActions(p.Scenario, d.Run), Conformance: conformanceLine(p.ID)}
	if d.Predict != nil {
		v.Predict = predictView(d.Predict, "")
		v.Predict.Error = d.Error
		return v
	}
	diagram := timelineview.BuildView(d.Run, d.Run.Events.Len(), urls.Preset(p.ID))
	v.Diagram = &diagram
	return v
}

// predictQuestion returns the predict-the-outcome question qid of cat when
// it is about preset, or nil.
func predictQuestion(cat *content.Catalog, qid, preset string) *quiz.Question {
	if qid == "" || cat.Questions == nil {
		return nil
	}
	q, ok := cat.Questions.ByID(qid)
	if !ok || q.Kind != quiz.KindPredict || q.Preset != preset {
		return nil
	}
	return q
}

// predictView is q as asked, or, once chosen, with the verdict.
func predictView(q *quiz.Question, chosen string) *views.PredictView {
	v := &views.PredictView{QuestionID: q.ID, Title: q.Title, PromptHTML: q.Prompt.HTML, ExplanationHTML: q.Explanation.HTML}
	shown := q.ShownOptions()
	for _, o := range shown {
		v.Options = append(v.Options, views.PredictOption{ID: OptionValue(q.ID, o.ID), HTML: o.TextHTML})
	}
	if chosen == "" {
		return v
	}
	v.Revealed = true
	for i, o := range shown {
		v.Options[i].Correct, v.Options[i].Chosen, v.Options[i].WhyHTML = o.Correct, o.ID == chosen, o.WhyHTML
		if o.ID == chosen {
			v.Right = o.Correct
		}
	}
	return v
}
