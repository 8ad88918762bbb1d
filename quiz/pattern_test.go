package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

func TestPatternMatches(t *testing.T) {
	syn := quiz.Synonyms{
		"common": {
			"release": {"release", "unlock", "free"},
			"storage": {"storage", "database", "the resource"},
		},
		"fencing": {"token": {"token", "version number"}},
	}
	tests := []struct {
		name    string
		pattern string
		topic   string
		text    string
		want    bool
	}{
		{"stem matches inflection", "fence token", "", "Use fenced tokens.", true},
		{"phrase allows a small gap", "fencing token", "", "a fencing and monotonic token", true},
		{"phrase order matters", "token fencing", "", "a fencing token", false},
		{"same sentence any order", "reject & @storage", "", "The database must reject it.", true},
		{"not across sentences", "reject & @storage", "", "The database is fine. Reject it.", false},
		{"window", "token ~3 storage", "", "the token is sent to storage", true},
		{"window too far", "token ~2 storage", "", "the token is sent onward later to storage", false},
		{"prefix", "expir*", "", "the key expires", true},
		{"topic synonym", "@token", "fencing", "send the version number", true},
		{"synonym phrase", "@storage & check", "", "the resource checks it", true},
		{"negated forward", "fencing", "", "you never need fencing here", false},
		{"negated back through auxiliary", "fencing & needed", "", "Fencing isn't needed.", false},
		{"negated back through not", "redlock & correct", "", "Redlock does not give correctness.", false},
		{"negation required", "!redlock & correct", "", "Redlock does not give correctness.", true},
		{"negation required but absent", "!redlock & correct", "", "Redlock gives correctness.", false},
		{"either", "?redlock", "", "not redlock", true},
		{"instead of negates", "@release & del", "", "Release with a script instead of a plain DEL.", false},
		{"instead of leaves the other side", "@release & del", "", "Release with DEL instead of a script.", true},
		{"critic word negates", "del", "", "A plain DEL is unsafe.", false},
		{"scope ends at clause", "check token", "", "Never use DEL, always check the token.", true},
		{"scope ends at and-clause", "check token", "", "Never use DEL and always check the token.", true},
		{"and-clause with its own subject and verb", "fencing & needed", "", "It is not consensus and fencing is still needed.", true},
		{"and joining two nouns stays negated", "fencing", "", "It needs no consensus and fencing here.", false},
		{"not only is emphasis", "fencing", "", "It is not only fencing that helps.", true},
		{"negator inside pattern", "without expiry", "", "SET NX without expiry", true},
		{"curly apostrophe", "!fencing", "", "fencing isn’t needed", true},
		{"hyphen literal", "compare-and-delete", "", "a compare and delete script", true},
		{"hyphenated prefix", "self-heal*", "", "TTLs make deadlocks self-healing", true},
		{"hyphenated prefix keeps its first word", "self-heal*", "", "the node heals itself", false},
		{"hyphenated prefix of several words", "keep-alive*", "", "the client sends keep-alives", true},
		{"re- prefix reads as one word", "re-run*", "", "re-running it is safe", true},
		{"alternatives", "ttl|lease", "", "the lease", true},
		{"phrase alternatives", "unique constraint|primary key", "", "add a primary key", true},
		{"phrase alternatives are whole", "unique constraint|primary key", "", "a unique key", false},
		{"word forms inside a phrase", "conditional/guarded update", "", "a guarded update", true},
		{"either part ignores its own negation", "but it & safe & ?redlock", "", "Redlock isn't free, but it is safe.", true},
		{"either part leaves the others asserted", "but it & safe & ?redlock", "", "Redlock is free, but it isn't safe.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := quiz.ParsePattern(tt.pattern, syn, tt.topic)
			if err != nil {
				t.Fatalf("parse %q: %v", tt.pattern, err)
			}
			got, _ := p.Matches(tt.text)
			if got != tt.want {
				t.Fatalf("%q on %q: got %v, want %v", tt.pattern, tt.text, got, tt.want)
			}
		})
	}
}

func TestPatternSpans(t *testing.T) {
	p, err := quiz.ParsePattern("fencing token & storage", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	text := "First. Then the storage checks the fencing token."
	ok, spans := p.Matches(text)
	if !ok || len(spans) != 2 {
		t.Fatalf("got %v %v, want a match with 2 spans", ok, spans)
	}
	if got := text[spans[0].Start:spans[0].End]; got != "fencing token" {
		t.Fatalf("got span %q, want %q", got, "fencing token")
	}
	if got := text[spans[1].Start:spans[1].End]; got != "storage" {
		t.Fatalf("got span %q, want %q", got, "storage")
	}
}

func TestParsePatternErrors(t *testing.T) {
	tests := []struct{ name, pattern string }{
		{"empty", "  "},
		{"unknown synonym", "@nope"},
		{"dangling operator", "token &"},
		{"mixed operators", "a & b ~3 c"},
		{"bad window", "a ~0 b"},
		{"short prefix", "ex*"},
		{"stray bar", "a || b"},
		{"stray slash", "a/ b"},
		{"too many parts", "a & b & c & d & e"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := quiz.ParsePattern(tt.pattern, nil, ""); err == nil {
				t.Fatalf("ParsePattern(%q): got nil error, want one", tt.pattern)
			}
		})
	}
}

func TestPatternExclusion(t *testing.T) {
	p, err := quiz.ParsePattern("release & del & -script|lua", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		text string
		want bool
	}{
		{"release it with DEL", true},
		{"release it with DEL from a Lua script", false},
		{"release it with DEL, not a script", true},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got, _ := p.Matches(tt.text); got != tt.want {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
	if _, err := quiz.ParsePattern("-lua", nil, ""); err == nil {
		t.Fatalf("a pattern of exclusions only: got nil error")
	}
}
