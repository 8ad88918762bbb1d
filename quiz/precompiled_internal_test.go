package quiz

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestCompilerSourcesListed: every source of the package is in
// compilerSources, so that an edit to any of them makes a precompiled
// table stale rather than silently used with trees the new code would not
// parse.
func TestCompilerSourcesListed(t *testing.T) {
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range ents {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			want = append(want, n)
		}
	}
	listed, err := compilerSources.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range listed {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, want) {
		t.Errorf("the //go:embed line of compilerSources (precompiled.go) lists %v; the package's sources are %v", got, want)
	}
}

// precompiledSamples are patterns of every shape the parser builds: words
// of several forms, prefixes (one after hyphenated words), literals that
// read as several words, synonym sets, phrases with a negator, every kind
// of exclusion, windows and polarities.
var precompiledSamples = []string{
	"fencing token|fence & monotonic*",
	"!redlock & correct|safe",
	"?lease/leases & -?not",
	"@store & -,unless & ?safe",
	"unique constraint|primary key ~5 instead",
	"self-heal* & compare-and-delete",
	"can't expire|doesn't renew & -^not|never",
	"conditional/guarded update & -stale|old",
	"it's the holder's token",
}

func samplesParser(t *testing.T, syn Synonyms) *PatternParser {
	t.Helper()
	pp := &PatternParser{}
	for _, src := range precompiledSamples {
		for _, topic := range []string{"", "fencing"} {
			if _, err := pp.Parse(src, syn, topic); err != nil {
				t.Fatalf("%q: %v", src, err)
			}
		}
	}
	return pp
}

var sampleSynonyms = Synonyms{
	CommonSynonyms: {"store": {"database", "key value store", "db"}},
	"fencing":      {"store": {"storage service", "register"}},
}

// TestPreloadGivesTheParsedTrees: a parser given a table finds every
// pattern the table's parser parsed, each the tree a fresh parse gives.
func TestPreloadGivesTheParsedTrees(t *testing.T) {
	table := string(samplesParser(t, sampleSynonyms).AppendPrecompiled(nil, sampleSynonyms))
	var pp PatternParser
	n, err := pp.Preload(table, sampleSynonyms)
	if err != nil {
		t.Fatal(err)
	}
	// The patterns without "@" parse the same in every topic: one entry.
	if want := len(precompiledSamples) + 1; n != want {
		t.Errorf("Preload took %d patterns, want %d", n, want)
	}
	for _, src := range precompiledSamples {
		for _, topic := range []string{"", "fencing"} {
			got, err := pp.Parse(src, sampleSynonyms, topic)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ParsePattern(src, sampleSynonyms, topic)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q in topic %q: preloaded %#v, parsed %#v", src, topic, got, want)
			}
		}
	}
	if err := CheckPrecompiled(table, sampleSynonyms); err != nil {
		t.Error(err)
	}
	// The same patterns give the same table, whatever the order parsed.
	again := &PatternParser{}
	for _, src := range slices.Backward(precompiledSamples) {
		for _, topic := range []string{"fencing", ""} {
			again.Parse(src, sampleSynonyms, topic)
		}
	}
	if string(again.AppendPrecompiled(nil, sampleSynonyms)) != table {
		t.Error("the table depends on the order the patterns were parsed in")
	}
}

// TestPreloadTakesOnlyWhatStillParsesTheSame: a table is not used for
// what it could be wrong about.
func TestPreloadTakesOnlyWhatStillParsesTheSame(t *testing.T) {
	table := string(samplesParser(t, sampleSynonyms).AppendPrecompiled(nil, sampleSynonyms))
	t.Run("other synonyms: none of the patterns naming a set", func(t *testing.T) {
		other := Synonyms{CommonSynonyms: {"store": {"ledger"}}}
		var pp PatternParser
		if _, err := pp.Preload(table, other); err != nil {
			t.Fatal(err)
		}
		got, err := pp.Parse("@store & -,unless & ?safe", other, "")
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := got.Matches("The ledger is safe."); !ok {
			t.Error(`"@store" kept the table's synonyms, not the ones given`)
		}
		plain, _ := pp.Parse("fencing token|fence & monotonic*", other, "")
		want, _ := ParsePattern("fencing token|fence & monotonic*", other, "")
		if !reflect.DeepEqual(plain, want) {
			t.Error("a pattern naming no set was not taken or not the same")
		}
	})
	t.Run("other grader code: nothing", func(t *testing.T) {
		stale := []byte(table)
		stale[len(precompiledMagic)] ^= 1 // the code's fingerprint
		var pp PatternParser
		n, err := pp.Preload(string(stale), sampleSynonyms)
		if !errors.Is(err, ErrStalePrecompiled) || n != 0 {
			t.Errorf("Preload of a table from other code = %d, %v; want 0, ErrStalePrecompiled", n, err)
		}
		if err := CheckPrecompiled(string(stale), sampleSynonyms); !errors.Is(err, ErrStalePrecompiled) {
			t.Errorf("CheckPrecompiled = %v, want ErrStalePrecompiled", err)
		}
	})
	t.Run("a damaged table: nothing, and an error", func(t *testing.T) {
		for _, cut := range []int{len(precompiledMagic) + 70, len(table) / 2, len(table) - 1} {
			var pp PatternParser
			n, err := pp.Preload(table[:cut], sampleSynonyms)
			if err == nil || n != 0 {
				t.Errorf("Preload of the table cut at %d = %d, %v; want 0 and an error", cut, n, err)
			}
		}
	})
	t.Run("a tree that differs is reported", func(t *testing.T) {
		pp := samplesParser(t, sampleSynonyms)
		v, _ := pp.cache.m.Load("fencing token|fence & monotonic*")
		v.(*Pattern).window = 7 // as if the table lacked a field
		bad := string(pp.AppendPrecompiled(nil, sampleSynonyms))
		if err := CheckPrecompiled(bad, sampleSynonyms); err == nil || !strings.Contains(err.Error(), "fencing token") {
			t.Errorf("CheckPrecompiled = %v, want the differing pattern named", err)
		}
	})
}
