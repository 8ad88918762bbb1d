package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Grader g33c: the same claim judged alike in every wording a QA tester
// tried on the CLI. Each rule has wrong claims in nearby wording that must
// still flag (asserted plainly, in a mixed answer, after "but", in a list,
// as a recommendation) beside the correct sentences it clears.

// TestShortFatalClaimStaysFatalG33c: an answer that is nothing but the
// fatal claim keeps its severity however low the second reader scores it
// (the reader floor is for a misread sentence in an answer that reads
// clean); a longer answer and a correct one are unchanged.
func TestShortFatalClaimStaysFatalG33c(t *testing.T) {
	b := loadBank(t)
	cases := []struct {
		name, question, text string
		inModel, fatal       bool
	}{
		{"negated need", "redis-vs-consensus", "With Redlock you don't need fencing tokens.", false, true},
		{"unnecessary", "redis-vs-consensus", "Fencing tokens are unnecessary with Redlock.", false, true},
		{"not needed once", "redis-vs-consensus", "Fencing tokens are not needed once you run Redlock.", false, true},
		{"makes unnecessary", "redis-vs-consensus", "Redlock makes fencing tokens unnecessary.", false, true},
		{"two short sentences", "redis-vs-consensus", "Use Redlock. Fencing tokens are unnecessary with Redlock.", false, true},
		// appended to a good answer that reads clean, the claim is the
		// sentence the floor was made for: it fails the answer as major
		{"appended to the model answer", "redis-vs-consensus", "Fencing tokens are unnecessary with Redlock.", true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, _ := b.ByID(c.question)
			text := c.text
			if c.inModel {
				text = q.ModelAnswer.Markdown + "\n\n" + text
			}
			r := b.Grade(q, quiz.Answer{Text: text})
			fatal := false
			for _, f := range r.Flags {
				fatal = fatal || f.Severity == quiz.SeverityFatal && !f.Dismissed
			}
			if fatal != c.fatal {
				t.Errorf("fatal=%v, want %v (flags %v)\n\t%s", fatal, c.fatal, r.FlagIDs(), c.text)
			}
		})
	}
}

func TestConsistentWordingsG33c(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// random-fencing-token: a random value or UUID as the fence
		{"uuid lock value as fencing token", "fencing-token", "random-fencing-token", "We use the UUID we set as the lock value as the fencing token.", true},
		{"random token per acquisition as fence", "fencing-token", "random-fencing-token", "A random token per acquisition works as a fence.", true},
		{"fence with random value", "fencing-token", "random-fencing-token", "Fence with the random value from SET NX PX.", true},
		{"recommended", "fencing-token", "random-fencing-token", "I'd recommend using the random value from SET NX as the fencing token.", true},
		{"after but", "fencing-token", "random-fencing-token", "Timeouts matter, but the random value we set works fine as the fencing token.", true},
		{"in a list", "fencing-token", "random-fencing-token", "Our design: 1) SET NX PX with a UUID, 2) send that UUID as the fencing token with each write, 3) release with a Lua script.", true},
		{"owner string serves as fencing token", "redis-lock-and-failure", "random-fencing-token", "The lock's random owner string can serve as the fencing token.", true},
		{"random value as owner id", "fencing-token", "random-fencing-token", "The random value in the lock key is the owner id for a safe release; it cannot be ordered, so it is not a fencing token.", false},
		{"random value cannot be ordered", "fencing-token", "random-fencing-token", "A random UUID cannot be ordered, so the resource cannot tell an older holder from a newer one; the fencing token must be a counter.", false},
		{"uuid only for release", "fencing-token", "random-fencing-token", "The UUID we set as the lock value is only for a safe release; the fencing token comes from an increasing counter.", false},

		// two-commands
		{"setnx then expire", "redis-lock-and-failure", "two-commands", "Acquire with SETNX, then EXPIRE the key.", true},
		{"setnx then expire works", "redis-lock-and-failure", "two-commands", "SETNX then EXPIRE works fine for us.", true},
		{"setnx followed by expire", "redis-lock-and-failure", "two-commands", "SETNX followed by EXPIRE 30 is how we acquire.", true},
		{"setnx and a separate expire", "redis-lock-and-failure", "two-commands", "We acquire with SETNX and set the TTL with a separate EXPIRE command afterwards.", true},

		// plain-del: the speaker's own release by a plain DEL
		{"what I do: plain DEL", "redis-lock-and-failure", "plain-del", "What I do: SET NX PX, and I release with a plain DEL.", true},
		{"we release with a bare DEL", "redis-lock-and-failure", "plain-del", "We take the lock with SET NX PX and we release it with a bare DEL.", true},
		{"release is just DEL", "redis-lock-and-failure", "plain-del", "Release is just DEL key.", true},
		{"never a plain DEL", "redis-lock-and-failure", "plain-del", "Never release with a plain DEL: it deletes whoever holds the key now; use a Lua script that compares the value first.", false},
		{"plain DEL as a cause", "two-holders", "plain-del", "Our own code is a suspect too, such as a release where we release with a plain delete knocking out the next holder's lock.", false},

		// adversarial frames: the claim asserted against critics or care
		{"the mistake is overthinking it", "choose-ttl", "ttl-as-safety", "The mistake is overthinking it: a long TTL is enough on its own.", true},
		{"the mistake is worrying", "choose-ttl", "ttl-as-safety", "The real mistake is worrying about pauses: a long TTL is enough on its own.", true},
		{"the classic mistake is this", "choose-ttl", "ttl-as-safety", "The classic mistake is this: a long TTL is enough on its own.", false},
		{"the mistake is thinking", "choose-ttl", "ttl-as-safety", "The mistake is thinking: a long TTL is enough on its own.", false},
		{"the mistake is thinking, then fencing", "choose-ttl", "ttl-as-safety", "The mistake is thinking a long TTL is enough on its own; only fencing makes the late write harmless.", false},
		{"people call it an anti-pattern, but", "redis-lock-and-failure", "two-commands", "People call it an anti-pattern, but SETNX then EXPIRE works fine for us.", true},
		{"colleagues say it's wrong, but", "redis-lock-and-failure", "plain-del", "Some colleagues say it's wrong, but we release with a plain DEL and it works fine.", true},
		{"people call it an anti-pattern, and they're right", "redis-lock-and-failure", "two-commands", "People call SETNX then EXPIRE an anti-pattern, but they're right: a crash between the two leaves a key with no expiry.", false},
		{"people say it works, but a crash", "redis-lock-and-failure", "two-commands", "People say SETNX then EXPIRE works fine, but a crash between them leaves a key with no expiry.", false},
		{"some say a plain DEL is fine, but", "redis-lock-and-failure", "plain-del", "Some say a plain DEL is fine, but it can delete another client's lock after your lease expired.", false},
	})
}

// TestConsistentWordingsInAnswerG33c: the claims of the adversarial
// frames and of the speaker's own practice stay flagged appended to a good
// answer of the question, where the second reader reads the rest clean.
func TestConsistentWordingsInAnswerG33c(t *testing.T) {
	b := loadBank(t)
	model := func(question string) string {
		q, _ := b.ByID(question)
		return q.ModelAnswer.Markdown + "\n\n"
	}
	checkInserted(t, model, false, []flagCase{
		{"overthinking frame", "choose-ttl", "ttl-as-safety", "The mistake is overthinking it: a long TTL is enough on its own.", true},
		{"worrying frame", "choose-ttl", "ttl-as-safety", "The real mistake is worrying about pauses: a long TTL is enough on its own.", true},
		{"anti-pattern, but", "redis-lock-and-failure", "two-commands", "People call it an anti-pattern, but SETNX then EXPIRE works fine for us.", true},
		{"colleagues, but", "redis-lock-and-failure", "plain-del", "Some colleagues say it's wrong, but we release with a plain DEL and it works fine.", true},
		{"what I do", "redis-lock-and-failure", "plain-del", "What I do: SET NX PX, and I release with a plain DEL.", true},
		{"they're right", "redis-lock-and-failure", "two-commands", "People call SETNX then EXPIRE an anti-pattern, but they're right: a crash between the two leaves a key with no expiry.", false},
		{"what I do: never", "redis-lock-and-failure", "plain-del", "What I do: never release with a plain DEL, always a Lua compare-and-delete.", false},
	})
}
