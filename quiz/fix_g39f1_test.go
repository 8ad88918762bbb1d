package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestContestDropsAStaleFullerNote: a result stored when a breadth point's
// label read otherwise carries a fuller-answer note that the points no
// longer write. A contest re-scores it with one such note, naming the
// points still missed in today's labels, not the stale one beside the new
// (QA-39 F1 #3: the note appeared twice); IsFullerNote knows both.
func TestContestDropsAStaleFullerNote(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("redis-vs-consensus")
	if !ok {
		t.Fatal("no redis-vs-consensus question")
	}
	res := b.Grade(q, quiz.Answer{Text: "Redis replicates asynchronously, so a failover can lose a lock it granted. ZooKeeper and etcd commit every grant through a majority, so it survives a node failure, and they hand out a monotonic number, the zxid or the revision, that the storage can check as a fencing token."})
	i := slices.IndexFunc(res.Notes, quiz.IsFullerNote)
	if i < 0 {
		t.Fatalf("notes %q: no fuller-answer note to make stale", res.Notes)
	}
	stale := "You made the core points. A fuller answer would also cover: a pause point in an earlier wording."
	if !quiz.IsFullerNote(stale) {
		t.Fatalf("IsFullerNote(%q) = false", stale)
	}
	res.Notes = slices.Clone(res.Notes)
	res.Notes[i] = stale
	after, _, err := quiz.Contest(q, res, "still-pauses")
	if err != nil {
		t.Fatal(err)
	}
	var fuller []string
	for _, n := range after.Notes {
		if quiz.IsFullerNote(n) {
			fuller = append(fuller, n)
		}
	}
	if len(fuller) != 1 || strings.Contains(fuller[0], "earlier wording") || !strings.Contains(fuller[0], "Redlock depends on timing") {
		t.Fatalf("fuller-answer notes after the contest: %q; want one, naming the points still missed", fuller)
	}
}
