package quiz

// ContradictsForTest exposes the derived point↔flag relation to the
// external tests.
func ContradictsForTest(b *Bank, q *Question, f *RedFlag) []int {
	var out []int
	for _, c := range contradicts(q, f, b.words, b.lex) {
		out = append(out, int(c))
	}
	return out
}

// SetAssertedCredit turns the crediting rules of credit.go on or off and
// returns the previous setting.
func SetAssertedCredit(on bool) bool {
	old := assertedCredit
	assertedCredit = on
	return old
}

// SetAssertedRules selects the crediting rules by bit (1: contradiction,
// 2: rejected claims, 4: polarity) and returns the previous selection.
func SetAssertedRules(bits int) int {
	old := assertedRules
	assertedRules = bits
	return old
}

// LabelPolarityForTest exposes labelPolarity.
func LabelPolarityForTest(b *Bank, p *Point) map[string]bool { return labelPolarity(p, b.words) }
