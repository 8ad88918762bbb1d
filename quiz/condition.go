package quiz

import (
	"slices"
	"strings"
)

// A red flag names a claim that is wrong in general, yet many of them are
// right under a condition: "no need for a lock" when the job is idempotent,
// "a Redis lock is fine" when the lock only saves duplicate work, "the
// guard is a real fence" once a monotonic claim number is checked, "a
// failover never loses a grant" when the locks live in a Raft log, "the
// put goes through" when it carries no lease. A flag declares those
// conditions (TrueWhen, names from conditionTerms), and a match governed by
// a condition the sentence states for itself raises nothing (see
// heldByCondition): an if/when/once/with clause that states one, the left
// side of a mapping's pair ("lock for efficiency -> redis ok"), or, for a
// sentence opened by "then", the sentence before it.
//
// A condition granted in a concession ("even if it is idempotent"),
// denied ("without idempotency", "not idempotent") or left open ("with or
// without a lease") states nothing, and a sentence that names the flag's
// About party ("with Redis replication") stays a claim about it.

// conditionTerms are the words and phrases (space-separated words, a
// trailing "*" a prefix) that state each condition a flag may declare.
var conditionTerms = map[string][][]string{
	"idempotent": phrases(`idempot*|harmless|dedup*|deduplicat*|safe to rerun|safe to re-run|safe to retry|safe to run twice|
		safe to run again|runs twice safely|double run* just waste*|duplicate runs are fine|duplicates are fine|duplicates are ok`),
	"efficiency": phrases(`efficien*|optimi*|duplicate work|wasted work|save work|saves work|saving work|best effort|best-effort|
		avoid duplicate*|avoid doing|cheap de-duplication|just a optimi*`),
	"fenced": phrases(`fenc*|monotonic*|epoch|epochs|claim_no|claim number|claim numbers|generation number*|sequence number*|version column|
		version number*|attempt number*`),
	"consensus": phrases(`raft|paxos|zab|etcd|zookeeper|zk|consul|consensus|chubby|replicated state machine`),
	"no-lease":  phrases(`no lease|without a lease|without the lease|without any lease|with no lease|no lease attached|leaseless|lease-less`),
	// (g36a) scopes: the lock and the data in one database, the write
	// committing with the lock in one transaction, a dead session rolled
	// back (see scopeConditions)
	"same-store": phrases(`same database|same db|same system|same place|same store|same datastore|same data store|same postgres*|one database|
		same transaction|same txn|one transaction|one txn|single transaction|that transaction|that database|that db|that same db|
		inside the transaction|within the transaction|in the transaction|commit together|commits together|committed together|
		roll back|rolls back|rolled back|rollback|aborts the transaction|transaction aborts|transaction is aborted|transaction was aborted|
		transaction is rolled back`),
	// the job's work done in the transaction that holds its row lock
	"open-transaction": phrases(`transaction open|open transaction|inside the transaction|within the transaction|in the transaction|
		same transaction|one transaction|single transaction|whole job in*`),
}

// scopeConditions are the conditions a claim states by its scope rather
// than by a condition clause: "no fencing needed for rows in that
// transaction" is true of the writes it names, wherever in the sentence
// the scope stands (see scopedClaim). A scope holds only in a sentence
// that stays inside the store (see outsideStore).
var scopeConditions = setOf(`same-store open-transaction`)

// outsideTerms name what lies outside the lock's own database: a remote
// call or side effect, another lock service, a lease that expires on its
// own clock, or everything at once; and what stands in for the lock
// inside it (an isolation level, MVCC), which keeps no second reader off
// a row even in one transaction. A sentence naming one of them is not
// scoped to the writes that commit with the lock ("same database, so no
// fencing — even for the files on S3").
var outsideTerms = phrases(`external*|outside|api|apis|http|https|rpc|grpc|payment*|provider*|gateway*|email*|e-mail*|mail|s3|kafka|
	publish*|file|files|webhook*|side effect*|redis|redlock|zookeeper|zk|etcd|consul|anything|everything|network|remote|another database|another db|
	another system|another store|other systems|other databases|
	lease|leases|leased|ttl|ttls|locked_until|lease_until|advisory|expir*|call|calls|calling|called|
	mvcc|isolation|read committed|repeatable read|snapshot|serializable|autocommit`)

// outsideStore reports whether tokens [from, to) reach outside the lock's
// database: a term of outsideTerms, or a claim committed apart from the
// work ("claim the job and commit"), after which no transaction is left
// for a scope to name.
func outsideStore(d *doc, from, to int) bool {
	claim, commit := false, false
	for k := from; k < to; k++ {
		if termAt(d, outsideTerms, k, to) && !scareQuoted(d, k) {
			return true
		}
		claim = claim || strings.HasPrefix(d.toks[k].raw, "claim")
		// ("the lock and the write commit together" commits nothing apart)
		commit = commit || strings.HasPrefix(d.toks[k].raw, "commit") && !(k+1 < to && d.toks[k+1].raw == "together")
	}
	return claim && commit
}

// scareQuoted reports a word alone in double quotes: a word used at a
// distance ("if holder is \"expired\" (connection killed) its writes
// roll back": g51, ES), naming no lease that runs on its own clock.
func scareQuoted(d *doc, k int) bool {
	q := d.toks[k].quote
	if q == 0 {
		return false
	}
	return (k == 0 || d.toks[k-1].quote != q) && (k+1 == len(d.toks) || d.toks[k+1].quote != q)
}

// lockNamed reports whether sentence si, or one beside it, names a
// lock the database holds ("the row lock", "FOR UPDATE", "SKIP LOCKED"),
// not denied ("you never need a lock"). A scope is the lock's and the
// data's one store: a transaction with no lock in it ("both statements
// in one transaction, so two saves can't both pass") is the mistake of
// trusting the transaction alone.
func lockNamed(d *doc, si int) bool {
	for _, i := range []int{si, si - 1, si + 1} {
		if i < 0 || i >= len(d.sents) {
			continue
		}
		s := d.sents[i]
		for k := s.from; k < s.to; k++ {
			t := &d.toks[k]
			// (g37a: a lock released names the lock it releases: "the
			// row is unlocked automatically")
			held := strings.HasPrefix(t.raw, "lock") || strings.HasPrefix(t.raw, "unlock") || t.raw == "update" && k > s.from && d.toks[k-1].raw == "for"
			if !held || t.negBy >= 0 || t.flagNegBy > 0 {
				continue
			}
			denied := false
			for j := k - 1; j >= s.from && j >= k-4; j-- {
				if r := d.toks[j].raw; conditionDenials[r] || strings.HasSuffix(r, "n't") || r == "distributed" {
					denied = true
				}
			}
			if !denied {
				return true
			}
		}
	}
	return false
}

// endsTransaction reports whether the scope at k says how the
// transaction ends: it commits with the lock, rolls back or aborts.
func endsTransaction(d *doc, k, to int) bool {
	for j := k; j < to && j < k+4; j++ {
		if r := d.toks[j].raw; strings.HasPrefix(r, "roll") || strings.HasPrefix(r, "abort") || strings.HasPrefix(r, "commit") {
			return true
		}
	}
	return false
}

// databaseLockIn reports whether tokens [from, to) name a lock the
// database holds on rows: a row lock, SELECT ... FOR UPDATE, SKIP
// LOCKED, NOWAIT, a lock on the row.
func databaseLockIn(d *doc, from, to int) bool {
	for k := from; k < to; k++ {
		r, prev := d.toks[k].raw, ""
		if k > from {
			prev = d.toks[k-1].raw
		}
		switch {
		case r == "update" && prev == "for", r == "locked" && prev == "skip", r == "nowait", r == "share" && prev == "for":
			return true
		case strings.HasPrefix(r, "lock") && (prev == "row" || prev == "row-level" || prev == "rows"):
			return true
		case strings.HasPrefix(r, "lock"):
			for j := k + 1; j < to && j <= k+3; j++ {
				if strings.HasPrefix(d.toks[j].raw, "row") {
					return true
				}
			}
		}
	}
	return false
}

// scopedClaim reports a match of f's words in a sentence that scopes them
// to one of f's scope conditions: the scope stated in the sentence
// itself, or in the sentence before when this one refers back to it
// ("... inside one transaction. No fencing token needed for those
// writes."). Neither sentence may reach outside the store.
func scopedClaim(d *doc, f *RedFlag, si int) bool {
	s := d.sents[si]
	scoped := false
	for _, c := range f.TrueWhen {
		scoped = scoped || scopeConditions[c]
	}
	if !scoped {
		return false
	}
	if slices.Contains(f.TrueWhen, "same-store") && colocatedScope(d, si) {
		return true
	}
	if outsideStore(d, s.from, s.to) {
		return false
	}
	if statesScope(d, f, s.from, s.to) {
		return true
	}
	if si == 0 || !refersBack(d, s) {
		return false
	}
	p := d.sents[si-1]
	return !outsideStore(d, p.from, p.to) && statesScope(d, f, p.from, p.to)
}

// statesScope reports whether tokens [from, to) state one of f's scope
// conditions.
func statesScope(d *doc, f *RedFlag, from, to int) bool {
	for k := from; k < to; k++ {
		for _, c := range f.TrueWhen {
			if !scopeConditions[c] {
				continue
			}
			if _, ok := conditionAt(d, c, k, from, to); ok {
				return true
			}
		}
	}
	return false
}

// referents are what a sentence points back to with "those", "that" or
// "the": the writes, rows or transaction just named.
var referents = setOf(`write writes rows row changes change updates update data transaction transactions txn database db`)

// refersBack reports whether sentence s points back to the one before
// it: a consequence ("then ...", "so ..."), a demonstrative or article
// before a referent ("those writes", "the transaction"), or a rollback,
// which undoes the transaction just named.
func refersBack(d *doc, s sentence) bool {
	if consequent[d.toks[s.from].raw] || d.toks[s.from].raw == "so" {
		return true
	}
	for k := s.from; k < s.to; k++ {
		// "that's why", "this is why": the sentence draws on the one
		// before (g51, ES)
		if r := d.toks[k].raw; k+1 < s.to && d.toks[k+1].raw == "why" && (r == "that's" || r == "this's" || r == "is" && k > s.from && (d.toks[k-1].raw == "that" || d.toks[k-1].raw == "this")) {
			return true
		}
		switch d.toks[k].raw {
		case "those", "these", "that", "this", "such", "its", "their":
			if k+1 < s.to && referents[d.toks[k+1].raw] {
				return true
			}
		case "the":
			if k+1 < s.to && (d.toks[k+1].raw == "transaction" || d.toks[k+1].raw == "txn") {
				return true
			}
		case "rolls", "rolled", "roll", "rollback", "aborts", "aborted":
			return true
		}
	}
	return false
}

// KnownCondition reports whether name is a condition a red flag may
// declare in TrueWhen.
func KnownCondition(name string) bool {
	_, ok := conditionTerms[name]
	return ok
}

// conditionContraries, beside a condition, leave it open: "for
// efficiency or correctness".
var conditionContraries = map[string][][]string{
	"efficiency": phrases(`correct*|safety`),
}

// spared words keep work from being done twice.
var spared = setOf(`avoid avoids avoiding prevent prevents preventing save saves saving stop stops`)

func phrases(s string) [][]string {
	var out [][]string
	for _, p := range strings.Split(s, "|") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, strings.Fields(p))
		}
	}
	return out
}

// conditionOpeners open a clause that states a condition.
var conditionOpeners = setOf(`if when whenever once provided providing assuming given with where`)

// conditionLead may stand before an opener: "also if", "and once", "but when".
var conditionLead = setOf(`also and but so or then plus just only`)

// conditionDenials before a stated condition deny it or leave it open.
var conditionDenials = setOf(`without not no non never unless even isn't aren't doesn't don't neither nor lacks lacking instead skip skips skipping drop drops dropping`)

// termAt reports whether a phrase of terms starts at token k, before end.
func termAt(d *doc, terms [][]string, k, end int) bool {
	for _, p := range terms {
		if k+len(p) > end {
			continue
		}
		ok := true
		for i, w := range p {
			if !partyTerm([]string{w}, &d.toks[k+i]) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// deniesCondition reports whether tokens [from, to) deny or concede one
// of f's conditions ("no claim number needed", "even without
// idempotency").
func deniesCondition(d *doc, f *RedFlag, from, to int) bool {
	for k := from; k < to; k++ {
		for _, c := range f.TrueWhen {
			if found, ok := conditionAt(d, c, k, from, to); found && !ok {
				return true
			}
		}
	}
	return false
}

// statesCondition reports whether tokens [from, to) state one of f's
// conditions, neither denied nor conceded nor left open.
func statesCondition(d *doc, f *RedFlag, from, to int) bool {
	for k := from; k < to; k++ {
		for _, c := range f.TrueWhen {
			if _, ok := conditionAt(d, c, k, from, to); ok {
				return true
			}
		}
	}
	return false
}

// conditionAt reports whether a phrase of condition c starts at token k
// of [from, to) (found), and whether it is stated there (ok): not denied
// by a negator over it or a word just before it, nor set beside its
// contrary ("for efficiency or correctness").
func conditionAt(d *doc, c string, k, from, to int) (found, ok bool) {
	if !termAt(d, conditionTerms[c], k, to) {
		return false, false
	}
	t := &d.toks[k]
	// a scope is denied by a negator just before it ("isn't in the same
	// database", "doesn't roll back"); the negation of the claim it
	// scopes ("no fencing needed for rows in that transaction") is the
	// claim's own
	if scopeConditions[c] {
		// A scope that says how the transaction ends ("the lock and the
		// write commit together", "a crashed client's writes roll back")
		// needs a lock named beside it; one that only names the
		// transaction or the database ("in one transaction", "to the
		// same db") needs the database's lock in its own sentence (the
		// open-transaction scope is the lock's own transaction): a
		// transaction alone keeps no one out ("inside one transaction
		// nobody can sneak in between"), and a lock service's lock is no
		// lock of the database ("can't act on a lock it no longer holds,
		// so workers writing to the same db need no fencing"). The lock
		// and the data said to share the store is that scope too ("the
		// lock and the data are in the same system, so a zombie holder
		// cannot write after losing the lock": g51, validation GF).
		sn := d.sents[t.sent]
		if outsideStore(d, sn.from, sn.to) || !lockNamed(d, t.sent) || c == "same-store" && !endsTransaction(d, k, to) && !databaseLockIn(d, sn.from, sn.to) && !colocatedIn(d, sn, colocDataStores) {
			return false, false
		}
		for j := k - 1; j >= from && j >= k-4 && !d.toks[j+1].clause; j-- {
			if r := d.toks[j].raw; conditionDenials[r] || strings.HasSuffix(r, "n't") {
				return true, false
			}
		}
		return true, true
	}
	// (work avoided or saved is what an efficiency lock is for: "only to
	// avoid duplicate work")
	if t.negBy >= 0 && !(c == "efficiency" && spared[d.toks[t.negBy].raw]) || t.flagNegBy > 0 {
		return true, false
	}
	for j := k - 1; j >= from && j >= k-3; j-- {
		if conditionDenials[d.toks[j].raw] || d.toks[j].raw == "or" && j > from && d.toks[j-1].raw == "with" {
			return true, false
		}
	}
	for j := from; j < to; j++ {
		if termAt(d, conditionContraries[c], j, to) {
			return true, false
		}
	}
	return true, true
}

// clauseEnd returns the end of the clause that starts at k, within s.
func clauseEnd(d *doc, s sentence, k int) int {
	j := k + 1
	for j < s.to && !d.toks[j].clause {
		j++
	}
	return j
}

// conditionClause reports whether the clause [from, to) opens with a
// condition word ("if", "once", "with", after at most two leading words
// such as "also") and is no concession ("even if").
func conditionClause(d *doc, from, to int) bool {
	for k := from; k < to && k < from+3; k++ {
		w := d.toks[k].raw
		if w == "even" {
			return false
		}
		if conditionOpeners[w] {
			return true
		}
		if !conditionLead[w] {
			return false
		}
	}
	return false
}

// heldByCondition reports a match of f's words governed by a condition,
// stated in its own sentence or just before it, under which f declares
// the words true (see TrueWhen).
func heldByCondition(d *doc, f *RedFlag, m match) bool {
	if len(f.TrueWhen) == 0 || len(m.spans) == 0 {
		return false
	}
	lo, hi := m.spans[0][0], m.spans[0][1]
	for _, sp := range m.spans[1:] {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
	}
	si := d.toks[lo].sent
	s := d.sents[si]
	if namesAbout(d, f, s.from, s.to) {
		return false
	}
	for k := s.from; k < s.to; k++ {
		if d.toks[k].raw == "even" {
			return false
		}
	}
	if scopedClaim(d, f, si) {
		return true
	}
	if deniesCondition(d, f, s.from, s.to) {
		return false
	}
	// a mapping's pair: its left side states the condition of its right
	if l, r, ok := mappingPair(d, s, lo); ok && hi <= r && statesCondition(d, f, l, arrowAfter(d, s, l, r)) {
		return true
	}
	// the clauses of the sentence: a condition clause governs itself and
	// the clause that answers it
	var clauses [][2]int
	for k := s.from; k < s.to; k = clauseEnd(d, s, k) {
		clauses = append(clauses, [2]int{k, clauseEnd(d, s, k)})
	}
	for i, c := range clauses {
		// the condition: the clause's hypothetical words, or a whole
		// clause opened by "if", "with", ... and answered by the next;
		// a clause that holds both ("with the short interval the guard
		// becomes a fence") tells its condition from its claim by no mark
		cf, ct := -1, -1
		for k := c[0]; k < c[1]; k++ {
			if d.toks[k].hypo {
				if cf < 0 {
					cf = k
				}
				ct = k + 1
			}
		}
		if cf < 0 && conditionClause(d, c[0], c[1]) && i+1 < len(clauses) && commaAt(d, clauses[i+1][0]) {
			cf, ct = c[0], c[1]
		}
		if cf < 0 || !statesCondition(d, f, cf, ct) {
			continue
		}
		// the clause that answers it: the rest of its own clause when the
		// condition ends inside it ("if the job is idempotent it's fine"),
		// else the next one, past a parenthesis ("if duplicate runs are
		// harmless (cache refresh), a lock is enough")
		answer := c[1]
		if ct == c[1] {
			j := i + 1
			for j < len(clauses) && parenthetical(d, clauses[j][0]) {
				j++
			}
			if j < len(clauses) {
				answer = clauses[j][1]
				// (a code span is a term, not a clause: "a lock with
				// `SET NX PX` keyed by period is enough")
				for j+1 < len(clauses) && codeBreak(d, clauses[j+1][0]) {
					j++
					answer = clauses[j][1]
				}
			}
		}
		// the match must read the condition as part of its claim: it
		// runs from the condition into its answer ("if the job is
		// idempotent ..., no need"), or from a main clause into the
		// condition that trails it ("Redis is fine if it only saves
		// work"). A claim made in the answer alone ("if the job is
		// idempotent, the lock makes it run once") is asserted.
		if lo >= cf && lo < ct && hi <= answer {
			return true
		}
		if i > 0 && d.toks[c[0]].raw != "with" && lo >= clauses[i-1][0] && lo < c[0] && hi > cf && hi <= ct {
			return true
		}
	}
	// "Then the guard becomes a real fence": a consequence of the steps
	// just stated, in the clauses before it ("add claim_no ...: then
	// ...") or the sentence before; "locks and sessions live there": a
	// place just named
	for _, c := range clauses {
		if c[0] > s.from && c[0] <= lo && lo < c[1] && consequent[d.toks[c[0]].raw] && statesCondition(d, f, s.from, c[0]) {
			return true
		}
	}
	if si > 0 && (lo < clauseEnd(d, s, s.from) && consequent[d.toks[s.from].raw] || locatedBefore(d, s, lo, hi)) {
		p := d.sents[si-1]
		if namesAbout(d, f, p.from, p.to) {
			return false
		}
		return statesCondition(d, f, p.from, p.to)
	}
	return false
}

// consequent words open a sentence that follows from the one before.
var consequent = setOf(`then now thereby thus`)

// placeVerbs put a thing in a place: "live there", "stored there".
var placeVerbs = setOf(`live lives living lived stored store stores kept keep keeps held sit sits reside resides persisted`)

// locatedBefore reports a clause of the match that puts its subject in a
// place named before it ("locks and sessions live there").
func locatedBefore(d *doc, s sentence, lo, hi int) bool {
	for k := max(lo, s.from+1); k < hi && k < s.to; k++ {
		if d.toks[k].raw == "there" && placeVerbs[d.toks[k-1].raw] {
			return true
		}
	}
	return false
}

// codeBreak reports a clause break made only by a code span opening or
// closing before token k.
func codeBreak(d *doc, k int) bool {
	gap := strings.TrimSpace(d.text[d.toks[k-1].end:d.toks[k].start])
	return gap == "`" || d.toks[k].code && gap == ""
}

// commaAt reports whether a comma stands just before token k.
func commaAt(d *doc, k int) bool {
	return k > 0 && strings.TrimSpace(d.text[d.toks[k-1].end:d.toks[k].start]) == ","
}

// parenthetical reports a clause opened by a parenthesis.
func parenthetical(d *doc, k int) bool {
	return k > 0 && strings.HasSuffix(strings.TrimSpace(d.text[d.toks[k-1].end:d.toks[k].start]), "(")
}

// arrowAt reports whether an arrow ("->", "=>", "→", "⇒") stands just
// before token k.
func arrowAt(d *doc, k int) bool {
	if k == 0 {
		return false
	}
	gap := strings.TrimSpace(d.text[d.toks[k-1].end:d.toks[k].start])
	return strings.HasSuffix(gap, "->") || strings.HasSuffix(gap, "=>") || strings.HasSuffix(gap, "→") || strings.HasSuffix(gap, "⇒")
}

// colonAt reports whether a colon stands just before token k.
func colonAt(d *doc, k int) bool {
	if k == 0 {
		return false
	}
	gap := d.text[d.toks[k-1].end:d.toks[k].start]
	// (not a colon inside a name: "lock:payout")
	return strings.TrimSpace(gap) == ":" && gap != ":" && !d.toks[k-1].code && !d.toks[k].code
}

// pairBreakAt reports whether a pair break stands just before token k:
// a semicolon, or a comma between arrows (colons are cut by semicolons
// only).
func pairBreakAt(d *doc, k int, colons bool) bool {
	if k == 0 {
		return false
	}
	gap := strings.TrimSpace(d.text[d.toks[k-1].end:d.toks[k].start])
	return gap == ";" || gap == "," && !colons
}

// mapping reports the pair heads of a mapping sentence, a list that pairs
// each case with its answer ("A -> B, C -> D"; "A: B; C: D"): each
// arrow (or colon) after the first, with the comma or semicolon that
// closes the pair before it. ok is false for no mapping.
func mapping(d *doc, s sentence) (heads []int, ok bool) {
	var arrows, colons []int
	for k := s.from + 1; k < s.to; k++ {
		if arrowAt(d, k) {
			arrows = append(arrows, k)
		} else if colonAt(d, k) {
			colons = append(colons, k)
		}
	}
	marks, byColon := arrows, false
	if len(marks) < 2 {
		marks, byColon = colons, true
	}
	if len(marks) < 2 {
		if len(arrows) == 1 {
			return []int{s.from}, true
		}
		return nil, false
	}
	heads = []int{s.from}
	for i := 1; i < len(marks); i++ {
		// the last break between two marks opens the next pair
		h := -1
		for k := marks[i-1] + 1; k < marks[i]; k++ {
			if pairBreakAt(d, k, byColon) {
				h = k
			}
		}
		if h < 0 {
			return nil, false
		}
		heads = append(heads, h)
	}
	return heads, true
}

// mappingPair returns the pair of a mapping sentence s that holds token
// k: [l, r).
func mappingPair(d *doc, s sentence, k int) (l, r int, ok bool) {
	heads, ok := mapping(d, s)
	if !ok {
		return 0, 0, false
	}
	for i, h := range heads {
		end := s.to
		if i+1 < len(heads) {
			end = heads[i+1]
		}
		if k >= h && k < end {
			return h, end, true
		}
	}
	return 0, 0, false
}

// arrowAfter returns the first arrow or colon in [l, r), the end of the
// pair's left side, or l when there is none.
func arrowAfter(d *doc, s sentence, l, r int) int {
	for k := l + 1; k < r; k++ {
		if arrowAt(d, k) || colonAt(d, k) {
			return k
		}
	}
	return l
}

// acrossPairs reports a match that runs across a mapping's pair boundary
// ("redis ok, lock for correctness" in "efficiency -> redis ok, lock
// for correctness -> etcd"): its words belong to two cases.
func acrossPairs(d *doc, m match) bool {
	if len(m.spans) == 0 {
		return false
	}
	lo, hi := m.spans[0][0], m.spans[0][1]
	for _, sp := range m.spans[1:] {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
	}
	s := d.sents[d.toks[lo].sent]
	if _, r, ok := mappingPair(d, s, lo); ok && hi > r && r < s.to {
		return true
	}
	return false
}

// scopeHeldSentences marks the sentences of d that bound a claim about
// fencing to the same-store scope of one of flags, stated in the sentence
// itself and staying inside the store (see scopedClaim): the one
// condition under which a write needs no fence is that it commits with
// the lock that guards it. "since the lock and the write are
// in the same transaction there is no gap for a stale holder, so no
// fencing token is needed" says fencing-unneeded's words of the writes
// that commit with the row lock, where they are true. Where the question
// itself asks about a database's lock (topicLock: "Is a database row lock
// (SELECT ... FOR UPDATE) a distributed lock?"), "the lock" of the answer
// is that lock, so a scope that only names the transaction needs no row
// lock named beside it. It returns nil where there is none. The second
// reader reads such a sentence as unsaid (see raiseFlag); a claim with no
// scope, or one that reaches outside the store ("a row lock is a
// distributed lock, so you don't need fencing for anything it guards"),
// is read as before.
func scopeHeldSentences(d *doc, flags []*RedFlag, topicLock bool) []bool {
	var held []bool
	for _, f := range flags {
		for _, c := range f.TrueWhen {
			if c != "same-store" {
				continue
			}
			for si, s := range d.sents {
				if held != nil && held[si] || s.question || !namesFencing(d, s) || !boundByScope(d, c, si, topicLock) {
					continue
				}
				if held == nil {
					held = make([]bool, len(d.sents))
				}
				held[si] = true
			}
		}
	}
	return held
}

// boundByScope reports whether sentence si of d states scope c of its
// own and stays inside the store: conditionAt's reading, with "the lock"
// read as the database's own where topicLock says the question is about
// it.
func boundByScope(d *doc, c string, si int, topicLock bool) bool {
	s := d.sents[si]
	if outsideStore(d, s.from, s.to) {
		return false
	}
	for k := s.from; k < s.to; k++ {
		found, ok := conditionAt(d, c, k, s.from, s.to)
		if ok {
			return true
		}
		if found || !topicLock || c != "same-store" || !termAt(d, conditionTerms[c], k, s.to) || !lockNamed(d, si) {
			continue
		}
		denied := false
		for j := k - 1; j >= s.from && j >= k-4 && !d.toks[j+1].clause; j-- {
			if r := d.toks[j].raw; conditionDenials[r] || strings.HasSuffix(r, "n't") {
				denied = true
			}
		}
		if !denied {
			return true
		}
	}
	return false
}

// namesFencing reports whether sentence s names a fence (a term of the
// "fenced" condition: "fencing token", "epoch", "version column").
func namesFencing(d *doc, s sentence) bool {
	for k := s.from; k < s.to; k++ {
		if termAt(d, conditionTerms["fenced"], k, s.to) {
			return true
		}
	}
	return false
}
