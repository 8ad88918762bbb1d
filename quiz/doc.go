// Package quiz is the practice domain: the question bank, one grader per
// question kind, the shared red flags and spaced-review scheduling.
//
// It is pure: no HTTP, no SQL, no wall clock (every time is passed in), no
// package-level state. The content package parses the question files into
// the types below and calls NewBank, which validates every question and
// compiles its matchers once, so grading an answer only reads shared data
// and is safe from many goroutines.
//
// Free-text answers are graded without a language model: the answer is
// normalised, tokenised and stemmed, split into sentences and clauses, and
// negation scopes are marked; each key point's patterns (see Pattern) are
// looked for in sentences that make a claim (prose, or a terse sentence
// held together by a verb or preposition) and are not list items dressed
// as sentences ("It is X. It is Y. It is Z."), so a bare list of keywords
// names points without earning them. Red flags are patterns too, each with
// a severity; a fatal one loses the round whatever the score. A flag is
// raised only by what the answer claims: not by a claim it rejects ("it is
// not true that ...", a quotation it calls wrong), nor by a suspect named
// in a debugging step ("look for ...").
//
// A second reader (reader.go) checks the patterns: a text model learned
// from labelled answers written blind, over the same words, lemmas and
// negation scopes. Where no pattern flag fires and it finds a losing claim
// likely, it raises a major flag of its own on the sentence that weighs
// most, worded as a check; the learner can contest it like any flag. It
// sets a pattern's flag aside only where a long answer reads clean and
// the matched sentence (read with the next one where that leans away)
// does not lean toward a losing claim, and then says
// so in a note naming the sentence (readerVeto).
package quiz
