package quiz_test

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// augG19 runs TestAugmentedReaderG19.
var augG19 = flag.Bool("aug.g19", false, "measure the second reader trained with synthetic mixed answers (a losing-claim sentence of one writer put into a passing answer of another)")

// augWeight is how many synthetic answers are made per losing claim.
var augPer = flag.Int("aug.per", 1, "synthetic answers per losing-claim sentence")

// claimSentence is the sentence of text around span, cut at . ! ? or a
// line break.
func claimSentence(text string, sp quiz.Span) string {
	start := sp.Start
	for start > 0 {
		c := text[start-1]
		if c == '\n' || (start >= 2 && (text[start-2] == '.' || text[start-2] == '!' || text[start-2] == '?') && c == ' ') {
			break
		}
		start--
	}
	end := sp.End
	for end < len(text) {
		c := text[end]
		end++
		if c == '\n' || ((c == '.' || c == '!' || c == '?') && (end == len(text) || text[end] == ' ' || text[end] == '\n')) {
			break
		}
	}
	return strings.TrimSpace(text[start:end])
}

// splitSents splits text at . ! ? followed by a space, or a line break.
func splitSents(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\n' || ((c == '.' || c == '!' || c == '?') && i+1 < len(text) && text[i+1] == ' ') {
			if s := strings.TrimSpace(text[start : i+1]); s != "" {
				out = append(out, s)
			}
			start = i + 1
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// augClaim is one losing-claim sentence of a should-flag tuning answer.
type augClaim struct {
	writer, question, sentence string
}

// augClaims takes, from every tuning answer labelled should-flag, the
// sentence of its first pattern flag.
func augClaims(b *quiz.Bank, tun []blindAnswer) []augClaim {
	var out []augClaim
	for _, a := range tun {
		if !a.ShouldFlag {
			continue
		}
		q, _ := b.ByID(a.Question)
		r := b.WithVetoG18(nil, quiz.VetoRuleG18{}).Grade(q, quiz.Answer{Text: a.Text})
		for _, f := range r.Flags {
			if f.ID == quiz.ReaderFlagID {
				continue
			}
			s := claimSentence(a.Text, f.Span)
			if n := len(strings.Fields(s)); n >= 4 && n <= 45 {
				out = append(out, augClaim{a.Writer, a.Question, s})
			}
			break
		}
	}
	return out
}

// augExamples makes synthetic answers of claims put into passing answers
// (strong kinds) of the same question by other writers, both writers
// allowed by keep; each is labelled fail and should-flag.
func augExamples(v *quiz.ReaderVocab, claims []augClaim, tun []blindAnswer, keep func(w string) bool, grow bool) []quiz.ReaderExample {
	hosts := map[string][]blindAnswer{}
	for _, a := range tun {
		if a.Label == "pass" && keep(a.Writer) && len(strings.Fields(a.Text)) >= 50 {
			hosts[a.Question] = append(hosts[a.Question], a)
		}
	}
	var out []quiz.ReaderExample
	for i, c := range claims {
		if !keep(c.writer) {
			continue
		}
		hs := hosts[c.question]
		for k := 0; k < *augPer && len(hs) > 0; k++ {
			h := hs[(i*7+k*13)%len(hs)]
			if h.Writer == c.writer {
				h = hs[(i*7+k*13+1)%len(hs)]
			}
			s := splitSents(h.Text)
			at := (i + k) % (len(s) + 1)
			text := strings.Join(slices.Concat(s[:at], []string{c.sentence}, s[at:]), " ")
			fs, x := quiz.ReaderFeatures(text, c.question)
			out = append(out, quiz.ReaderExample{Feats: v.Encode(fs, grow), X: x, Pass: false, Flag: true})
		}
	}
	return out
}

// TestAugmentedReaderG19 trains fold readers and a full reader with the
// synthetic mixed answers added, and measures the veto rules with them as
// TestVetoRuleExperimentG18 does, plus the hand-written inserted claims
// read by the augmented full reader.
//
// Tried in g19 and not shipped. The idea: g18's readers read a plain
// wrong claim put into a strong answer as clean, so any veto wide enough
// to spare most misfires also waved such claims through; trained on 2,350
// synthetic answers (the flagged sentence of each should-flag tuning
// answer put into a passing answer of another writer), the reader no
// longer does (0 of 68 short and 0 of 98 long inserted claims set aside
// by any rule), but it reads the misfires of correct answers as claims
// too: the shipped veto spares 13 of 254 past misfires (141 with the
// reader as shipped), 2 rather than 18 passing answers of the tuning
// writers out of fold, and none of BE+BF's. As a raiser it flags a few
// more losing claims (out of fold 2,582 rather than 2,572 of 2,628; BE+BF
// 93 rather than 91 of 96, BG 46 rather than 44 of 48, Q+R 88 rather than
// 85 of 96) for 9 more passing answers flagged out of fold (37 rather
// than 28 of 7,596; none more on BE+BF, BG or Q+R). A bag of scoped words
// cannot tell a claim from a correct sentence that shares its words.
//
//	go test ./quiz -run TestAugmentedReaderG19 -v -args -aug.g19 -veto.g18.history=$PWD/quiz/testdata/blind/history18
func TestAugmentedReaderG19(t *testing.T) {
	if !*augG19 {
		t.Skip("run with -aug.g19")
	}
	b := loadBank(t)
	o := quiz.DefaultReaderOpts()
	v := quiz.NewReaderVocab()
	tun := readerLoad(t, v, readerWriters, true)
	claims := augClaims(b, tun.answers)
	t.Logf("%d losing-claim sentences", len(claims))
	readers := trainFolds(t, v, tun, func(k int) []quiz.ReaderExample {
		return augExamples(v, claims, tun.answers, func(w string) bool { return raiseFoldOf(w) != k }, true)
	})
	all := append(slices.Clone(tun.ex), augExamples(v, claims, tun.answers, func(string) bool { return true }, true)...)
	full, err := quiz.TrainRaiseReaderG18(all, v, o)
	if err != nil {
		t.Fatal(err)
	}
	load := func(ws []string) []blindAnswer { return mustLoadBlind(t, ws) }
	fullR := func(blindAnswer) *quiz.RaiseReaderG18 { return full }
	splits := []*g18Split{
		newG18Split(b, "tuning out of fold", tun.answers, func(a blindAnswer) *quiz.RaiseReaderG18 { return readers[raiseFoldOf(a.Writer)] }),
		newG18Split(b, "BE+BF", load([]string{"BE", "BF"}), fullR),
		newG18Split(b, "BG (totals)", load([]string{"BG"}), fullR),
		newG18Split(b, "Q+R (totals)", load(earlierWriters), fullR),
	}
	var history []historyUnit
	if *vetoG18History != "" {
		history = readHistory(t, readers, tun.answers)
	}
	t.Log(vetoTable(b, "rule (augmented reader)", splits, history, g18Rules, full))
}
