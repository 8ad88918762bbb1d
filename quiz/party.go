package quiz

import (
	"strings"
	"unicode"
)

// A red flag names a mistake about one party: Redis replication keeps
// no lock across a failover, Redlock's majority is no consensus, a row
// lock ends with its transaction. The same words said of another party
// can be true: "etcd revisions stay monotonic across failover", "their
// writes are committed to a quorum" (of etcd and ZooKeeper), "PostgreSQL
// aborts the transaction and releases the row lock". A flag that declares
// its parties (About, the party its mistake is about; TrueOf, the parties
// the words hold for) is not raised by a statement whose owner is one of
// TrueOf (see saidOfOtherParty).

// comparers, just before a party's name, make it the measure a claim is
// compared with, not its owner: "as safe as etcd", "like ZooKeeper does",
// "the same guarantees as Raft".
var comparers = setOf(`like as unlike than same similar similarly equivalent equal way versus vs
match matches rival rivals comparable just`)

// anaphors stand for a party named before them: "Those stay monotonic",
// "their writes are committed", "they give you a revision".
var anaphors = setOf(`it its it's they their them those these theirs`)

// partyTerm reports whether t is one of terms: a word, or a prefix
// written with a trailing "*".
func partyTerm(terms []string, t *token) bool {
	for _, w := range terms {
		if p, ok := strings.CutSuffix(w, "*"); ok {
			if strings.HasPrefix(t.raw, p) {
				return true
			}
		} else if t.raw == w {
			return true
		}
	}
	return false
}

// compared reports whether the word at k is the measure of a comparison:
// a comparer up to three words before it, in its clause.
func compared(d *doc, k int) bool {
	for j := k - 1; j >= 0 && j >= k-3; j-- {
		if comparers[d.toks[j].raw] {
			return true
		}
		if d.toks[j].clause || d.toks[j].sent != d.toks[k].sent {
			break
		}
	}
	return false
}

// party kinds a word can name for a flag.
const (
	partyNone = iota
	partyAbout
	partyTrueOf
)

// partyAt reports which of f's parties the word at k names as an owner:
// About wherever it stands, TrueOf unless it is compared with or denied
// ("as safe as etcd", "not etcd").
func partyAt(d *doc, f *RedFlag, k int) int {
	t := &d.toks[k]
	if partyTerm(f.About, t) {
		return partyAbout
	}
	if partyTerm(f.TrueOf, t) && t.negBy < 0 && !compared(d, k) {
		return partyTrueOf
	}
	return partyNone
}

// connectives open a clause before its subject: "so they work as
// fencing tokens".
var connectives = setOf(`so and but because since as while which where when then thus hence therefore
yet though although`)

// singular anaphors stand for one thing.
var singular = setOf(`it its it's`)

// plural reports a word that reads as a plural noun ("policies",
// "revisions"; not "redis", "consensus", "paxos").
func plural(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "os") && w != "redis"
}

// resolveAnaphor returns the party the anaphor at k stands for: the
// nearest party named before it, in its sentence or the two before.
func resolveAnaphor(d *doc, f *RedFlag, k int) int {
	first := d.toks[k].sent - 2
	for j := k - 1; j >= 0 && d.toks[j].sent >= first; j-- {
		if anaphors[d.toks[j].raw] {
			continue
		}
		// "it" stands for one thing: "Only DEL can remove it" after
		// "eviction policies never remove keys" is the key, not the
		// policies
		if p := partyAt(d, f, j); p != partyNone && (p == partyAbout || !singular[d.toks[k].raw] || !plural(d.toks[j].raw)) {
			return p
		}
		// a comparison's measure is no antecedent, but an About party
		// named in it still is (handled above)
	}
	return partyNone
}

// saidOfOtherParty reports a match of f's words whose owner is a party
// the words hold for. The sentence must name none of the About party
// (nor refer to it by an anaphor), and one of TrueOf must own the
// statement: named in the match's own clauses, or referred to there by an
// anaphor, or, when the match is a condition ("if you need a lock that
// survives failover"), named in the clause that answers it ("get it
// from etcd"). A TrueOf party named only in a comparison ("like etcd
// does", "as safe as ZooKeeper") owns nothing.
func saidOfOtherParty(d *doc, f *RedFlag, m match) bool {
	if len(f.TrueOf) == 0 || len(m.spans) == 0 {
		return false
	}
	lo, hi := m.spans[0][0], m.spans[0][1]
	for _, sp := range m.spans[1:] {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
	}
	s := d.sents[d.toks[lo].sent]
	if namesAbout(d, f, s.from, s.to) {
		return false
	}
	// the match's clauses: from the start of the clause where it begins
	// to the end of the clause where it ends
	from := lo
	for from > s.from && !d.toks[from].clause {
		from--
	}
	to := hi
	for to < s.to && !d.toks[to].clause {
		to++
	}
	owned := false
	for k := s.from; k < to; k++ {
		// an anaphor counts before the match or as a clause's subject
		// ("so they work as fencing tokens"), not as an object the
		// statement's owner acts on ("get it from etcd")
		if !anaphors[d.toks[k].raw] || k >= lo && !d.toks[k].clause && !(d.toks[k-1].clause && connectives[d.toks[k-1].raw]) {
			continue
		}
		switch resolveAnaphor(d, f, k) {
		case partyTrueOf:
			owned = owned || k >= from
		case partyAbout:
			// "Redlock uses five masters. It is as safe as etcd"
			return false
		}
	}
	for k := from; k < to && !owned; k++ {
		owned = partyAt(d, f, k) == partyTrueOf
	}
	if !owned && d.toks[lo].hypo {
		// the clause answering the condition
		k := to
		for k < s.to && d.toks[k].hypo {
			k++
		}
		for first := k; k < s.to && !owned && (k == first || !d.toks[k].clause); k++ {
			owned = partyAt(d, f, k) == partyTrueOf
		}
	}
	if !owned {
		owned = continuedTopic(d, f, d.toks[lo].sent)
	}
	return owned
}

// continuedTopic reports a sentence si that names no party of f's at all
// and goes on, on the same line, from a sentence that names only parties
// of which f's words are true (g42): in "1. Replication: ZAB/Raft commit
// on majority before ack. Leader failover can't lose an acquired lock."
// the failover is Raft's and ZAB's.
func continuedTopic(d *doc, f *RedFlag, si int) bool {
	if si == 0 {
		return false
	}
	s, p := d.sents[si], d.sents[si-1]
	if s.to <= s.from || p.to <= p.from || strings.ContainsRune(d.text[d.toks[p.to-1].end:d.toks[s.from].start], '\n') {
		return false
	}
	for k := s.from; k < s.to; k++ {
		if partyAt(d, f, k) != partyNone || anaphors[d.toks[k].raw] {
			return false
		}
	}
	trueOf := false
	for k := p.from; k < p.to; k++ {
		switch partyAt(d, f, k) {
		case partyAbout:
			return false
		case partyTrueOf:
			trueOf = true
		}
	}
	return trueOf
}

// A pattern may name the party its words are said of: "redlock|majority|
// quorum & is a consensus protocol", "setnx|set nx & ...". Whatever flag
// holds it, its claim is then about Redis, and the same words said of a
// consensus system ("their writes are committed through a consensus
// protocol to a quorum", of etcd and ZooKeeper) are not it. Such a match
// is read with the parties every such pattern shares (systemParties), as
// saidOfOtherParty reads a flag's own. g35c.

// redisNamers name Redis, or its lock, in a pattern's words.
var redisNamers = setOf(`redis redis's redlock redlock's sentinel setnx nx valkey keydb elasticache`)

// consensusNamers name a consensus system in a pattern's words: a
// pattern that names one is about it too. (Not "consensus": "majority &
// is a consensus protocol" names it as what Redlock is claimed to be.)
var consensusNamers = setOf(`etcd etcd's zookeeper zookeeper's zk raft paxos zab consul chubby`)

// systemParties are the parties of a pattern that names Redis: Redis,
// its lock and its replication (About), and the consensus systems of
// which the same words are true (TrueOf). ("consensus" and "quorum" are
// no owner: "a majority is effectively a consensus protocol" is the
// claim.)
var systemParties = RedFlag{
	About:  []string{"redis", "redis's", "redlock", "redlock's", "sentinel", "setnx", "nx", "valkey", "keydb", "elasticache", "replica*", "async*", "master", "masters", "primary", "primary's"},
	TrueOf: []string{"etcd", "etcd's", "zookeeper", "zookeeper's", "zk", "consul", "raft", "raft's", "zab", "paxos", "chubby"},
}

// namesRedis reports whether p's own parts (not its exclusions) name
// Redis, and none has an alternative that opens on a consensus system
// ("etcd|zookeeper & ...", "etcd-discards*"; not one named in a
// comparison, "as safe as etcd", which is the claim).
func namesRedis(p *Pattern) bool {
	named := false
	for _, part := range strings.Split(p.src, "&") {
		if part = strings.TrimSpace(part); strings.HasPrefix(part, "-") {
			continue
		}
		for _, alt := range strings.Split(part, "|") {
			ws := strings.FieldsFunc(strings.ToLower(alt), func(r rune) bool {
				return !unicode.IsLetter(r) && r != '\''
			})
			// (an alternative that opens on a consensus system, "etcd" or
			// "etcd-discards", speaks of it: the claim is made of etcd
			// too)
			if len(ws) > 0 && consensusNamers[ws[0]] {
				return false
			}
			for _, w := range ws {
				named = named || redisNamers[w]
			}
		}
	}
	return named
}

// saidOfOtherSystem reports a match of a pattern that names Redis whose
// owner is a consensus system (see saidOfOtherParty).
func saidOfOtherSystem(d *doc, p *Pattern, m match) bool {
	return namesRedis(p) && saidOfOtherParty(d, &systemParties, m)
}

// roleWords name a member of any replicated system, Redis's or a
// consensus group's: "replicas", "the primary".
var roleWords = setOf(`replica replicas replica's primary primary's master masters slave slaves secondary
secondaries standby standbys follower followers`)

// namesAbout reports whether tokens [from, to) name f's About party. A
// role any replicated system has ("5 replicas", "the primary"), in a
// stretch that names one of TrueOf as an owner and no other word of
// About, is that party's member: "a replicated state machine on Raft, 5
// replicas across 3 AZs" speaks of Raft. g35c.
func namesAbout(d *doc, f *RedFlag, from, to int) bool {
	role, owner := false, false
	for k := from; k < to; k++ {
		t := &d.toks[k]
		if partyTerm(f.About, t) {
			if !roleWords[t.raw] {
				return true
			}
			role = true
		} else if partyAt(d, f, k) == partyTrueOf {
			owner = true
		}
	}
	return role && !owner
}
