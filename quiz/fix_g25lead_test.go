package quiz_test

import "testing"

// TestMutexWithItsLeaseInZooKeeperWordsG25: a lock called a mutex whose
// auto-release is told in ZooKeeper's or plain words (an ephemeral node,
// a session that ends, a key that self-destructs) names its lease and is
// not "a mutex with no word of the lease" (the fatal-flag audit of g25,
// family F8); a mutex told with no release but the holder's own still is.
func TestMutexWithItsLeaseInZooKeeperWordsG25(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"ephemeral nodes, session ends", "zookeeper-lock-recipe", "mutex-no-lease", "Curator's InterProcessMutex is a distributed mutex built on ephemeral sequential nodes, so the node vanishes when the holder's session ends.", false},
		{"ephemeral node, session dies", "zookeeper-lock-recipe", "mutex-no-lease", "ZooKeeper's lock is a distributed mutex whose node is ephemeral: if the holder's session dies, ZooKeeper removes it.", false},
		{"self-destruct", "redis-lock-and-failure", "mutex-no-lease", "In-process, a mutex is released by the runtime when the thread exits, but over the network nobody releases it for a dead holder, so the key has to self-destruct.", false},
		{"just a mutex", "redis-lock-and-failure", "mutex-no-lease", "It's just a mutex in Redis: one process holds it and the others wait until it is released.", true},
		{"mutex, node deleted when done", "zookeeper-lock-recipe", "mutex-no-lease", "It's a distributed mutex: the holder creates a node and others wait until it deletes it when done.", true},
		{"shared mutex, DEL", "redis-lock-and-failure", "mutex-no-lease", "A Redis lock is a shared mutex; whoever holds it releases it with DEL when finished, and others wait.", true},
		{"mutex across machines", "zookeeper-lock-recipe", "mutex-no-lease", "The recipe is a mutex across machines: create the lock node, do the work, delete the node; other clients wait for the delete.", true},
	})
}
