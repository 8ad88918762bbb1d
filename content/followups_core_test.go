package content_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestEveryCorePointIsProbed: in a mock round, a main answer that misses
// a core point is asked about it, as a fair interviewer would probe
// before failing a candidate on it. Every core point of every free-text
// question has a follow-up that fires when it alone is missed (QA-41: 43
// of 50 had none, so a round failed a candidate on a gap it never asked
// about, and no follow-up could recover it).
func TestEveryCorePointIsProbed(t *testing.T) {
	cat := mustCatalog(t)
	for _, q := range cat.Questions.All() {
		if q.Kind != quiz.KindFreeText {
			continue
		}
		for _, p := range q.Points {
			if !p.Core {
				continue
			}
			if probe := probeOf(cat.FollowUps, q.ID, p.ID); probe == nil {
				t.Errorf("%s: core point %q (%s) has no follow-up that fires when it is missed", q.ID, p.ID, p.Label)
			}
		}
	}
}

// probeOf returns the first follow-up with a trigger that fires on
// question qid when point pid is missed and nothing else is asked of the
// answer (a trigger naming only missed points, of which pid is one).
func probeOf(fs *quiz.FollowUps, qid, pid string) *quiz.FollowUp {
	for _, f := range fs.All() {
		if f.Question != qid && f.Question != quiz.FollowUpAny {
			continue
		}
		for _, tr := range f.When {
			if len(tr.Questions) > 0 && !slices.Contains(tr.Questions, qid) {
				continue
			}
			if slices.Contains(tr.Missed, pid) && len(tr.Hit) == 0 && len(tr.Flags) == 0 && len(tr.Said) == 0 {
				return f
			}
		}
	}
	return nil
}

// TestMissedFollowUpsRecoverTheirPoint: a follow-up asked because a point
// was missed is answerable in a way that recovers it. Its model answer,
// read as an answer to the main question (as Recover reads every
// follow-up answer in a round), makes each point its trigger names.
func TestMissedFollowUpsRecoverTheirPoint(t *testing.T) {
	cat := mustCatalog(t)
	for _, f := range cat.FollowUps.All() {
		for _, tr := range f.When {
			if len(tr.Missed) == 0 {
				continue
			}
			qids := tr.Questions
			if len(qids) == 0 {
				qids = []string{f.Question}
			}
			for _, qid := range qids {
				q, ok := cat.Questions.ByID(qid)
				if !ok {
					continue // "any": the points name questions that have them
				}
				r := cat.Questions.Grade(q, quiz.Answer{Text: unwrapped(f.Probe.ModelAnswer.Markdown)})
				for _, pid := range tr.Missed {
					hit := false
					for _, p := range r.Points {
						hit = hit || p.ID == pid && p.Hit
					}
					if !hit {
						t.Errorf("follow-up %s: its model answer, graded as an answer to %s, does not make %q, the point it is asked for", f.ID, qid, pid)
					}
				}
			}
		}
	}
}

// softBreak is a line break inside a paragraph of the file.
var softBreak = regexp.MustCompile(`([^\n])\n([^\n])`)

// unwrapped joins the lines the file wraps a model answer into, as the
// candidate would type it: one line per paragraph.
func unwrapped(md string) string {
	return strings.TrimSpace(softBreak.ReplaceAllString(md, "$1 $2"))
}
