package web

import (
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// buildNow is the clock of the builder tests.
var buildNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// loadCatalog loads the embedded content once for the builder tests,
// which only read it.
func loadCatalog(tb testing.TB) *content.Catalog {
	tb.Helper()
	cat, err := sharedCatalog()
	if err != nil {
		tb.Fatalf("load content: %v", err)
	}
	return cat
}

var sharedCatalog = sync.OnceValues(func() (*content.Catalog, error) { return content.Load(content.Embedded()) })

// dueCard is a reviewed card due days from buildNow (0: today).
func dueCard(days int) quiz.Card {
	c := quiz.Schedule(quiz.NewCard(), quiz.Good, buildNow)
	c.Due = time.Date(2026, 11, 30+days, 0, 0, 0, 0, time.UTC)
	return c
}

// TestBuildPracticeIndexFilter: the list shows what the filter asks, an
// unknown kind or topic in the address shows everything, and the due
// count leaves out cards of questions no longer in the bank.
func TestBuildPracticeIndexFilter(t *testing.T) {
	cat := loadCatalog(t)
	bank := cat.Questions
	topic := bank.All()[0].Topic
	inTopic := len(bank.ByTopic(topic))
	cards := []store.CardEntry{{Question: bank.All()[0].ID, Card: dueCard(0)}, {Question: bank.All()[1].ID, Card: dueCard(3)}, {Question: "gone", Card: dueCard(0)}}
	tests := []struct {
		name         string
		kind, topic  string
		wantShown    int
		wantFiltered bool
	}{
		{"all", "", "", len(bank.All()), false},
		{"one topic", "", topic, inTopic, true},
		{"free text", string(quiz.KindFreeText), "", len(bank.ByKind(quiz.KindFreeText)), true},
		{"unknown kind and topic", "essay", "no-such-topic", len(bank.All()), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := buildPracticeIndex(cat, practiceIndexData{Cards: cards, Kind: tc.kind, Topic: tc.topic}, buildNow)
			if v.Shown != tc.wantShown || v.Filtered != tc.wantFiltered {
				t.Fatalf("shown %d filtered %v, want %d %v", v.Shown, v.Filtered, tc.wantShown, tc.wantFiltered)
			}
			if v.DueCount != 1 {
				t.Fatalf("due = %d, want 1 (the one due today in the bank)", v.DueCount)
			}
		})
	}
}

// TestBuildFeedbackNext: once rated, the feedback sends the learner back
// to the review queue when they came from it, else to the next question
// of the bank, and after the last question to the list; unrated, it has
// no next step and no due date.
func TestBuildFeedbackNext(t *testing.T) {
	cat := loadCatalog(t)
	all := cat.Questions.All()
	first, last := all[0], all[len(all)-1]
	rated := func(q *quiz.Question) store.Attempt {
		return store.Attempt{ID: "a1", Question: q.ID, Created: buildNow, Rating: quiz.Good, Result: quiz.Result{Question: q.ID, Kind: q.Kind}}
	}
	tests := []struct {
		name       string
		d          feedbackData
		href, due  string
		ratedLabel string
	}{
		{"from practice", feedbackData{Question: first, Attempt: rated(first), Card: dueCard(3)}, urls.Question(all[1].ID), "It is due for review in 3 days (Thu 3 Dec).", "Good"},
		{"from review", feedbackData{Question: first, Attempt: rated(first), FromReview: true, Card: dueCard(1)}, urls.Review(), "It is due for review tomorrow (Tue 1 Dec).", "Good"},
		{"last question", feedbackData{Question: last, Attempt: rated(last), Card: dueCard(0)}, urls.Practice(), "It is due for review today.", "Good"},
		{"unrated", feedbackData{Question: first, Attempt: store.Attempt{ID: "a1", Question: first.ID, Created: buildNow}}, "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := buildFeedback(cat, tc.d, buildNow)
			if v.NextHref != tc.href || v.NextDue != tc.due || v.Rated != tc.ratedLabel {
				t.Fatalf("next %q due %q rated %q, want %q %q %q", v.NextHref, v.NextDue, v.Rated, tc.href, tc.due, tc.ratedLabel)
			}
		})
	}
}

// TestBuildReviewNothingDue: with nothing due, /review names the next
// review and offers the first question of the bank never answered.
func TestBuildReviewNothingDue(t *testing.T) {
	cat := loadCatalog(t)
	all := cat.Questions.All()
	d := reviewData{
		Upcoming: []store.CardEntry{{Question: all[2].ID, Card: dueCard(2)}},
		Latest:   map[string]store.AttemptSummary{all[0].ID: {}, all[2].ID: {}},
	}
	v := buildReview(cat, d, buildNow)
	want := views.ReviewView{HasCards: true, NextTitle: all[2].Title, NextHref: urls.Question(all[2].ID), NextDue: "in 2 days (Wed 2 Dec)",
		NewHref: urls.Question(all[1].ID), NewTitle: all[1].Title}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Fatalf("review view (-want +got):\n%s", diff)
	}
}

// TestSplitDueDropsRemovedQuestions: a card of a question no longer in the
// bank is neither due nor upcoming.
func TestSplitDueDropsRemovedQuestions(t *testing.T) {
	cat := loadCatalog(t)
	all := cat.Questions.All()
	due, upcoming := splitDue(cat.Questions, []store.CardEntry{{Question: all[0].ID, Card: dueCard(0)}, {Question: "gone", Card: dueCard(0)}, {Question: all[1].ID, Card: dueCard(5)}}, buildNow)
	if len(due) != 1 || due[0].Question != all[0].ID || len(upcoming) != 1 || upcoming[0].Question != all[1].ID {
		t.Fatalf("due %v upcoming %v, want %s due and %s upcoming", due, upcoming, all[0].ID, all[1].ID)
	}
}

// TestBuildPlanCapsTheDailyTarget: a plan with more to do than
// maxDailyTarget a day asks for that many and says how many questions it
// leaves uncovered; its due list is capped at planDueList.
func TestBuildPlanCapsTheDailyTarget(t *testing.T) {
	cat := loadCatalog(t)
	qs := planQuestions(cat.Questions, nil, nil) // nothing answered: every question unseen
	d := planData{HasLearner: true, Set: true, Day: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Questions: qs}
	v := buildPlan(cat, d, urls.Progress(), buildNow)
	if !v.Set || v.Back != urls.Progress() || v.DateText != "Tuesday 1 December 2026" {
		t.Fatalf("plan %+v, want set for Tuesday 1 December 2026 with back %s", v, urls.Progress())
	}
	p := quiz.NewPlan(qs, d.Day, buildNow)
	if p.DailyTarget <= maxDailyTarget {
		t.Fatalf("fixture: the bank of %d questions does not exceed %d a day over %d days", len(qs), maxDailyTarget, p.StudyDays)
	}
	if v.DailyTarget != maxDailyTarget || v.Uncovered != v.DueCount+v.UnseenCount-maxDailyTarget*v.StudyDays || v.Uncovered <= 0 {
		t.Fatalf("target %d uncovered %d (due %d unseen %d days %d), want %d a day and the rest counted", v.DailyTarget, v.Uncovered, v.DueCount, v.UnseenCount, v.StudyDays, maxDailyTarget)
	}
	if len(v.DueBefore) > planDueList {
		t.Fatalf("due list of %d, want at most %d", len(v.DueBefore), planDueList)
	}
	if unset := buildPlan(cat, planData{}, urls.Review(), buildNow); unset.Set || unset.HasLearner || unset.MinDate != "2026-11-30" {
		t.Fatalf("no plan: %+v, want unset with today as the earliest date", unset)
	}
}

// TestBuildAccountImportProblems: an import problem naming a field shows
// the field apart; a sentence about the whole file stays whole.
func TestBuildAccountImportProblems(t *testing.T) {
	v := buildAccount(true, true, accountForm{ImportProblems: []string{
		"answers[2].question: no question \"x\" in this lockdrill",
		"The form was empty: choose the export file, or paste its contents.",
	}})
	want := []views.ImportProblem{
		{Field: "answers[2].question", Msg: "no question \"x\" in this lockdrill"},
		{Msg: "The form was empty: choose the export file, or paste its contents."},
	}
	if diff := cmp.Diff(want, v.ImportProblems); diff != "" {
		t.Fatalf("import problems (-want +got):\n%s", diff)
	}
	if !v.HasData || v.CodeMinutes != int(store.TransferCodeTTL/time.Minute) {
		t.Fatalf("account %+v", v)
	}
}

// TestBuildHomeContinues: the start page offers the first section not yet
// read.
func TestBuildHomeContinues(t *testing.T) {
	cat := loadCatalog(t)
	v := buildHome(cat, map[string]time.Time{cat.Guide[0].Slug: buildNow})
	if v.ReadCount != 1 || v.ContinueSlug != cat.Guide[1].Slug || v.FirstSlug != cat.Guide[0].Slug {
		t.Fatalf("home %+v, want 1 read and %s next", v, cat.Guide[1].Slug)
	}
	if fresh := buildHome(cat, nil); fresh.ReadCount != 0 || fresh.ContinueSlug != cat.Guide[0].Slug {
		t.Fatalf("fresh home %+v, want to start at %s", fresh, cat.Guide[0].Slug)
	}
}

// TestBuildProgressDueList: /progress lists what is due before what is
// coming up, at most dueListLength questions, and counts only the due.
func TestBuildProgressDueList(t *testing.T) {
	cat := loadCatalog(t)
	all := cat.Questions.All()
	var cards []store.CardEntry
	for i := 0; i < dueListLength+2; i++ { // upcoming first in the input
		cards = append(cards, store.CardEntry{Question: all[i].ID, Card: dueCard(i + 1)})
	}
	cards = append(cards, store.CardEntry{Question: all[dueListLength+2].ID, Card: dueCard(0)})
	v := buildProgress(cat, progressData{Cards: cards}, buildNow)
	if v.DueCount != 1 || len(v.DueNext) != dueListLength {
		t.Fatalf("due %d, listed %d, want 1 and %d", v.DueCount, len(v.DueNext), dueListLength)
	}
	if first := v.DueNext[0]; !first.Due || first.Href != urls.Question(all[dueListLength+2].ID) || first.When != "Today" {
		t.Fatalf("first row %+v, want the question due today", first)
	}
	if second := v.DueNext[1]; second.Due || second.When != "Tomorrow (Tue 1 Dec)" {
		t.Fatalf("second row %+v, want the one due tomorrow", second)
	}
}

// TestBuildLearnSectionNeighbours: a guide section links the sections
// before and after it; the first has no previous, the last no next.
func TestBuildLearnSectionNeighbours(t *testing.T) {
	cat := loadCatalog(t)
	n := len(cat.Guide)
	first := buildLearnSection(cat, cat.Guide[0], related{}, false, "", "")
	last := buildLearnSection(cat, cat.Guide[n-1], related{}, true, "", "")
	if first.Prev != nil || first.Next == nil || first.Next.Href != urls.LearnSection(cat.Guide[1].Slug) || first.Order != 1 {
		t.Fatalf("first section: prev %v next %v order %d", first.Prev, first.Next, first.Order)
	}
	if last.Next != nil || last.Prev == nil || last.Prev.Href != urls.LearnSection(cat.Guide[n-2].Slug) || last.Order != n || !last.Read {
		t.Fatalf("last section: prev %v next %v order %d read %v", last.Prev, last.Next, last.Order, last.Read)
	}
}
