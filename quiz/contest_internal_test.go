package quiz

import "testing"

// TestBankVersionCoversEveryRubricField: a dispute records the bank's
// version, so a change to anything that can change a grade changes it: a
// flag's counterparts and which flags a question watches included (they
// were left out when the counterparts arrived).
func TestBankVersionCoversEveryRubricField(t *testing.T) {
	b := &Bank{flags: []*RedFlag{{ID: "f", Severity: SeverityMajor, Match: []string{"a & b"}}}, questions: []*Question{{ID: "q", Flags: []string{"f"}}}}
	base := bankVersion(b, nil)
	b.flags[0].Counter = []string{"c"}
	counter := bankVersion(b, nil)
	if counter == base {
		t.Error("a flag's new counterpart left the bank version unchanged")
	}
	b.questions[0].Flags = nil
	if bankVersion(b, nil) == counter {
		t.Error("a question that stopped watching a flag left the bank version unchanged")
	}
}
