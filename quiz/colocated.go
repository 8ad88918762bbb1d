package quiz

import "strings"

// A lock service's lock and the data it guards may live in one store: the
// etcd key that holds the lock and the key the leader writes, the
// ZooKeeper node and the settings beside it. A write there can be made
// conditional on the lock in the store's own transaction (an etcd Txn
// comparing the lock key's revision, a ZooKeeper multi-op checking the
// node's version), and that transaction is the fence: "the lock and the
// resource are in the same linearizable store, so we don't need an
// external fencing check; etcd can do it in one transaction". The same-
// store scope (see conditionAt) reads this for a database's row lock,
// where the lock and the write commit together; colocatedScope reads it
// for any store, and asks for more in return, since a plain put beside the
// lock is fenced by nothing:
//
//   - the lock and the data are named as two things, joined by "and" (or
//     "as the lock"), and said to be in one store ("same", "one", "a
//     single" before a store's name, or "share");
//   - the check runs in the store: a transaction, a compare or a
//     conditional write is named in the sentence or the one after it;
//   - no write outside the store is named (an API, S3, a file, another
//     database): "so no fencing is needed even for the S3 upload" is the
//     claim.

// colocLocks name the lock in a co-location.
var colocLocks = setOf(`lock locks lease election ownership leader marker mutex`)

// colocStores name a store that can hold the lock and the data.
var colocStores = setOf(`store datastore cluster etcd zookeeper zk consul kv keyspace ensemble foundationdb fdb instance`)

// colocChecks name the check made inside the store.
var colocChecks = phrases(`transaction|transactions|txn|txns|compare*|conditional*|multi-op|multi|guarded put|guarded write|if the lock`)

// colocOutside name a write outside the lock's store.
var colocOutside = phrases(`api|apis|http|https|rpc|grpc|payment*|provider*|gateway*|email*|e-mail*|mail|s3|kafka|publish*|file|files|
	webhook*|side effect*|another database|another db|another system|another store|other systems|other databases|other stores|
	mysql|postgres*|cassandra|dynamo*|mongo*|database|databases|db|external*|outside|elsewhere|remote|anything|everything`)

// colocatedScope reports whether sentence si puts the lock and the data
// it guards in one store and has the store check the lock in its own
// transaction (see above).
func colocatedScope(d *doc, si int) bool {
	s := d.sents[si]
	if !colocated(d, s) || colocOutsideIn(d, s) {
		return false
	}
	for _, i := range []int{si, si + 1} {
		if i >= len(d.sents) {
			continue
		}
		t := d.sents[i]
		if i > si && colocOutsideIn(d, t) {
			return false
		}
		for k := t.from; k < t.to; k++ {
			if termAt(d, colocChecks, k, t.to) && d.toks[k].negBy < 0 {
				return true
			}
		}
	}
	return false
}

// colocated reports whether s joins a lock and another thing by "and" and
// puts them in one store.
func colocated(d *doc, s sentence) bool {
	return colocatedIn(d, s, colocStores)
}

// colocDataStores name a store the lock and the data share when the
// lock is the database's own (g51): "the lock and the data are in the
// same system", "lock and data live in one database".
var colocDataStores = setOf(`store datastore system place database db postgres postgresql mysql`)

// colocatedIn is colocated, with the store named by one of stores.
func colocatedIn(d *doc, s sentence, stores map[string]bool) bool {
	toks := d.toks
	for k := s.from; k+1 < s.to; k++ {
		if toks[k].raw != "and" {
			continue
		}
		// the lock on one side of "and" and something else on the other,
		// each within three words of it and in its clause
		left, right := side(d, s, k, -1), side(d, s, k, 1)
		if left == right || left == 0 || right == 0 {
			continue
		}
		if oneStoreAfter(d, s, k, stores) {
			return true
		}
	}
	return false
}

// side reads the noun phrase beside the "and" at k, towards dir: 1 when
// it names the lock, 2 when it names something else, 0 when there is none.
func side(d *doc, s sentence, k, dir int) int {
	found := 0
	for j, n := k+dir, 0; j >= s.from && j < s.to && n < 3; j, n = j+dir, n+1 {
		t := &d.toks[j]
		if dir > 0 && t.clause && j > k+1 || dir < 0 && j+1 < k && d.toks[j+1].clause {
			break
		}
		if colocLocks[t.raw] || strings.HasPrefix(t.raw, "lock") {
			return 1
		}
		if !t.fn && found == 0 {
			found = 2
		}
	}
	return found
}

// oneStoreAfter reports whether, after the "and" at k and in the same
// sentence, the two are said to be in one store: "same", "one" or
// "single" within three words before a store's name, or "share".
func oneStoreAfter(d *doc, s sentence, k int, stores map[string]bool) bool {
	toks := d.toks
	for j := k + 1; j < s.to && j <= k+12; j++ {
		r := toks[j].raw
		if toks[j].negBy >= 0 {
			continue
		}
		if strings.HasPrefix(r, "share") {
			for x := j + 1; x < s.to && x <= j+4; x++ {
				if stores[toks[x].raw] {
					return true
				}
			}
		}
		if r != "same" && r != "one" && r != "single" {
			continue
		}
		for x := j + 1; x < s.to && x <= j+3; x++ {
			if stores[toks[x].raw] {
				return true
			}
		}
	}
	return false
}

// colocOutsideIn reports whether s names a write outside the lock's
// store; "external" or "outside" just before the fence ("an external
// fencing check") says where the check would run, not where a write goes.
func colocOutsideIn(d *doc, s sentence) bool {
	for k := s.from; k < s.to; k++ {
		if !termAt(d, colocOutside, k, s.to) {
			continue
		}
		if r := d.toks[k].raw; strings.HasPrefix(r, "external") || r == "outside" || r == "remote" {
			if k+1 < s.to && (strings.HasPrefix(d.toks[k+1].raw, "fenc") || strings.HasPrefix(d.toks[k+1].raw, "check") || strings.HasPrefix(d.toks[k+1].raw, "token")) {
				continue
			}
		}
		return true
	}
	return false
}
