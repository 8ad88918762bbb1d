package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// setAsideLongAnswer is a long strong answer of our own to fencing-token
// (over 170 words), for a sentence that names a mistake to be appended,
// followed by setAsideFix.
const setAsideLongAnswer = "A fencing token is a number that grows by one with every grant of the lock, so whoever holds the lock later always carries a bigger number than whoever held it before. " +
	"Each write the holder sends to the protected store carries that number along with it. " +
	"The store remembers the biggest number it has accepted so far and refuses any write whose number is smaller, in the same atomic step as the write. " +
	"What this protects against is a holder that stalls: a long collector pause or a frozen virtual machine lets its lease run out, another process is granted the lock, and then the stalled one resumes believing it still owns it. " +
	"Without the number its delayed write would overwrite the newer holder's data; with it, the store sees a stale number and rejects the write. " +
	"The check has to live in the store, because only the store sees every write in the order they arrive. " +
	"A lease alone cannot give this guarantee, since no timeout can bound how long a process might be paused."

// setAsideFix follows the named mistake: what catches the late write.
const setAsideFix = "The store turns the late write away, because its number is lower than one it has already accepted."

// Sentences that name the failure a token guards against in the words of
// one known mistake, or of two.
const (
	namesOneMistake  = "Renewal failing while the holder keeps on writing regardless is the situation the token is built for."
	namesTwoMistakes = "Renewal failing while the holder keeps on writing regardless, and checking ownership right before each write, is the situation the token is built for."
)

func flagLabel(t *testing.T, b *quiz.Bank, id string) string {
	t.Helper()
	f, ok := b.Flag(id)
	if !ok {
		t.Fatalf("no red flag %q", id)
	}
	return f.Label
}

func vetoNotes(r quiz.Result) []string {
	var out []string
	for _, n := range r.Notes {
		if strings.HasPrefix(n, "Not counted as a red flag") {
			out = append(out, n)
		}
	}
	return out
}

// TestSetAsideIsOnTheResult: an answer that passes because the second
// reader set a pattern's match aside says so on the result, not only in
// the text of a note: the flag's id and label, the sentence, and the
// note, which is also among the notes. A page can then say "no red flag
// counted" rather than "no red flag found".
func TestSetAsideIsOnTheResult(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	text := setAsideLongAnswer + " " + namesOneMistake + " " + setAsideFix
	r := b.Grade(q, quiz.Answer{Text: text})
	if !r.Passed || len(r.FlagIDs()) > 0 {
		t.Fatalf("passed=%v flags %v, want passed with no flag (else this test shows nothing)", r.Passed, r.FlagIDs())
	}
	if len(r.SetAside) != 1 {
		t.Fatalf("SetAside = %+v, want one sentence", r.SetAside)
	}
	sa := r.SetAside[0]
	if !slices.Equal(sa.IDs, []string{"work-after-lost-lease"}) || len(sa.Labels) != 1 || sa.Labels[0] != flagLabel(t, b, "work-after-lost-lease") {
		t.Errorf("IDs=%v Labels=%v, want work-after-lost-lease and its label", sa.IDs, sa.Labels)
	}
	if got := text[sa.Span.Start:sa.Span.End]; got != strings.TrimSuffix(namesOneMistake, ".") {
		t.Errorf("Span covers %q, want the sentence %q", got, namesOneMistake)
	}
	if notes := vetoNotes(r); len(notes) != 1 || notes[0] != sa.Note {
		t.Errorf("veto notes %q, want exactly the set-aside note %q", notes, sa.Note)
	}
	if clean := b.Grade(q, quiz.Answer{Text: setAsideLongAnswer}); len(clean.SetAside) != 0 {
		t.Errorf("an answer with nothing set aside has SetAside %+v", clean.SetAside)
	}
}

// TestOneNotePerSetAsideSentence: a sentence matched by two mistakes'
// patterns, both set aside, gets one note that names both mistakes, not
// two near-identical notes.
func TestOneNotePerSetAsideSentence(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	text := setAsideLongAnswer + " " + namesTwoMistakes + " " + setAsideFix
	before := b.PatternsOnly().Grade(q, quiz.Answer{Text: text})
	if len(before.FlagIDs()) != 2 {
		t.Fatalf("without the veto: flags %v, want two flags on one sentence (else this test shows nothing)", before.FlagIDs())
	}
	r := b.Grade(q, quiz.Answer{Text: text})
	if !r.Passed || len(r.FlagIDs()) > 0 {
		t.Fatalf("passed=%v flags %v, want passed with no flag (else this test shows nothing)", r.Passed, r.FlagIDs())
	}
	if len(r.SetAside) != 1 || len(r.SetAside[0].IDs) != 2 {
		t.Fatalf("SetAside = %+v, want one sentence with both flags", r.SetAside)
	}
	notes := vetoNotes(r)
	if len(notes) != 1 {
		t.Fatalf("%d notes say a flag was not counted, want one for the sentence: %q", len(notes), notes)
	}
	for _, id := range before.FlagIDs() {
		if label := strings.TrimRight(flagLabel(t, b, id), "."); !strings.Contains(notes[0], label) {
			t.Errorf("the note does not name %q: %q", label, notes[0])
		}
	}
	if !strings.Contains(notes[0], "two known mistakes") || strings.Count(notes[0], namesTwoMistakes[:40]) != 1 {
		t.Errorf("note %q, want it to quote the sentence once and speak of two known mistakes", notes[0])
	}
}
