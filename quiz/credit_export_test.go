package quiz

// SetAssertedCredit turns the crediting rules of credit.go on or off and
// returns the previous setting.
func SetAssertedCredit(on bool) bool {
	old := assertedCredit
	assertedCredit = on
	return old
}
