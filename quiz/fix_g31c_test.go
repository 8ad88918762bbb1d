package quiz_test

import "testing"

// Tests for g31c: the new flag server-waits-for-client on session-suspended.
// g31c shipped four lines (the session unable to expire while the client is
// paused or alive, the server waiting for the client to come back, a paused
// client unable to lose its session, sessions expiring only on a close).
// Review rev31c showed three of them flagging the question's own true
// point (a short outage leaves the session alive; an ephemeral node lives
// while its session does); the fixer removed them and kept only "the
// servers wait for the client to come back BEFORE expiring / deleting /
// giving the lock away". Every sentence is our own. g31cCorrect share the flag's words but are
// right (the counterpart, negated, refuted, a pause shorter than the
// timeout, heartbeats or client-side timers stopping, a question) and must
// stay clean, alone and inserted into a clean answer; g31cClaims must flag.

var g31cCorrect = []flagCase{
	{"correct-01", "session-suspended", "server-waits-for-client", "The servers do expire the session while the client is paused, once the timeout passes without a heartbeat.", false},
	{"correct-02", "session-suspended", "server-waits-for-client", "It is a myth that the server won't expire the session while the client is suspended.", false},
	{"correct-03", "session-suspended", "server-waits-for-client", "Don't assume the server can't expire the session while the client is disconnected; it can and will.", false},
	{"correct-04", "session-suspended", "server-waits-for-client", "The server won't expire the session while the client is suspended for less than the session timeout.", false},
	{"correct-05", "session-suspended", "server-waits-for-client", "ZooKeeper doesn't expire the session while the client is disconnected until the session timeout has passed.", false},
	{"correct-06", "session-suspended", "server-waits-for-client", "A brief pause, shorter than the session timeout, won't expire the session while the client is frozen.", false},
	{"correct-07", "session-suspended", "server-waits-for-client", "The server never waits for the client to come back before expiring its session.", false},
	{"correct-08", "session-suspended", "server-waits-for-client", "The server doesn't wait for a paused client to reconnect; it expires the session after the timeout.", false},
	{"correct-09", "session-suspended", "server-waits-for-client", "If the server waited for the client to come back, a dead client would hold the lock forever.", false},
	{"correct-10", "session-suspended", "server-waits-for-client", "Nothing says the server waits for the client to reconnect before it expires the session.", false},
	{"correct-11", "session-suspended", "server-waits-for-client", "The server waits for heartbeats, and when none arrive within the timeout it expires the session even if the client comes back a second later.", false},
	{"correct-12", "session-suspended", "server-waits-for-client", "The client waits for the server to come back, but the server expires the session meanwhile.", false},
	{"correct-13", "session-suspended", "server-waits-for-client", "Curator waits for the client to reconnect before reporting RECONNECTED or LOST.", false},
	{"correct-14", "session-suspended", "server-waits-for-client", "A paused client can lose its session, because the servers keep counting while it sleeps.", false},
	{"correct-15", "session-suspended", "server-waits-for-client", "Can a paused client lose its session? Yes, once the timeout passes.", false},
	{"correct-16", "session-suspended", "server-waits-for-client", "A briefly paused client won't lose its session; Curator reconnects and reports RECONNECTED.", false},
	{"correct-17", "session-suspended", "server-waits-for-client", "A client paused for less than the session timeout won't lose its session.", false},
	{"correct-18", "session-suspended", "server-waits-for-client", "A stalled client never loses its session on its own side; the servers decide and it finds out later.", false},
	{"correct-19", "session-suspended", "server-waits-for-client", "It is wrong to think a frozen client can't lose its lock node.", false},
	{"correct-20", "session-suspended", "server-waits-for-client", "People assume a suspended client cannot lose its session, but the ensemble expires it anyway.", false},
	{"correct-21", "session-suspended", "server-waits-for-client", "Heartbeats stop while the client is paused, and the session timeout then expires the session on the servers.", false},
	{"correct-22", "session-suspended", "server-waits-for-client", "The client's session timer stops while the JVM is frozen, but the ensemble's timer does not.", false},
	{"correct-23", "session-suspended", "server-waits-for-client", "The session only expires after the timeout passes without heartbeats, not because of a pause shorter than that.", false},
	{"correct-24", "session-suspended", "server-waits-for-client", "Sessions don't only expire when the client closes them; a long GC pause expires them too.", false},
	{"correct-25", "session-suspended", "server-waits-for-client", "The session expires only when the servers hear nothing for the whole timeout, whether the client is paused, frozen or cut off.", false},
	{"correct-26", "session-suspended", "server-waits-for-client", "The server does not wait for the client: the session expires while the client is paused.", false},
	{"correct-27", "session-suspended", "server-waits-for-client", "Does the server wait for the client to come back before expiring the session? No.", false},
	{"correct-28", "session-suspended", "server-waits-for-client", "While the client is suspended, the servers can expire the session at any moment, so stop the work.", false},
	{"correct-29", "session-suspended", "server-waits-for-client", "Even while the client process is alive and retrying, the servers expire the session once the timeout passes.", false},
	{"correct-30", "session-suspended", "server-waits-for-client", "The ephemeral node won't survive a pause longer than the session timeout; the servers delete it while the client is frozen.", false},
	{"correct-31", "session-suspended", "server-waits-for-client", "A paused process cannot lose its lock by itself; the servers take it away when the session expires.", false},
	{"correct-32", "session-suspended", "server-waits-for-client", "The claim that ZooKeeper only expires a session when the client closes it, not because of a GC pause, is false.", false},
	{"correct-33", "session-suspended", "server-waits-for-client", "The server waits only for the session timeout, never for the client to come back.", false},
	{"correct-34", "session-suspended", "server-waits-for-client", "Why would the server wait for the client to reconnect? It has no idea whether the client is alive.", false},
	{"correct-35", "session-suspended", "server-waits-for-client", "The server waits for nothing but the timeout; the client may reconnect after its node is gone.", false},
	{"correct-36", "session-suspended", "server-waits-for-client", "Some think the server waits for the client to come back before expiring the session, which is wrong.", false},
	{"correct-37", "session-suspended", "server-waits-for-client", "The server waits for the session timeout and then expires it, whether or not the client later comes back.", false},
	{"correct-38", "session-suspended", "server-waits-for-client", "Curator's recipe waits for the lock node's predecessor, and the server never waits for a paused holder to come back.", false},
	{"correct-39", "session-suspended", "server-waits-for-client", "The leader waits for a quorum to agree on the session close, not for the client to return.", false},
	{"correct-40", "session-suspended", "server-waits-for-client", "The servers don't wait for the client to acknowledge anything before they expire its session.", false},
	{"correct-41", "session-suspended", "server-waits-for-client", "It would be convenient if the server waited for the client to resume, but it doesn't.", false},
	{"correct-42", "session-suspended", "server-waits-for-client", "A suspended client can lose its session at any time without being told.", false},
	{"correct-43", "session-suspended", "server-waits-for-client", "A paused client does lose its session once the timeout passes, and only finds out afterwards.", false},
	{"correct-44", "session-suspended", "server-waits-for-client", "Whether a paused client loses its session depends only on how long the pause lasts compared to the timeout.", false},
	{"correct-45", "session-suspended", "server-waits-for-client", "A frozen client can't stop the servers from expiring its session.", false},
	{"correct-46", "session-suspended", "server-waits-for-client", "A client paused longer than the session timeout will lose its session and its lock node.", false},
	{"correct-47", "session-suspended", "server-waits-for-client", "A paused client won't lose its session if the pause is shorter than the timeout.", false},
	{"correct-48", "session-suspended", "server-waits-for-client", "A suspended client that reconnects within the timeout does not lose its session.", false},
	{"correct-49", "session-suspended", "server-waits-for-client", "A frozen process can't know it lost its lock, which is why writes carry a fencing token.", false},
	{"correct-50", "session-suspended", "server-waits-for-client", "It is tempting to believe a paused holder can never lose its lock, but the ephemeral node goes away when the session expires.", false},
	{"correct-51", "session-suspended", "server-waits-for-client", "A paused client never loses its session from its own point of view, and that is exactly the danger.", false},
	{"correct-52", "session-suspended", "server-waits-for-client", "Sessions expire not only when the client closes them but also when heartbeats stop for the whole timeout.", false},
	{"correct-53", "session-suspended", "server-waits-for-client", "A session expires when the client closes it or when the timeout passes without heartbeats, for example because the client was paused.", false},
	{"correct-54", "session-suspended", "server-waits-for-client", "The session doesn't only expire on a clean close; a GC pause longer than the timeout expires it as well.", false},
	{"correct-55", "session-suspended", "server-waits-for-client", "ZooKeeper expires sessions only on timeout or close, and a long pause causes a timeout.", false},
	{"correct-56", "session-suspended", "server-waits-for-client", "Is it true that a session only expires when the client closes it, not because of a GC pause? No.", false},
	{"correct-57", "session-suspended", "server-waits-for-client", "The server can expire the session while the client is paused; nothing protects the lock during a GC pause.", false},
	{"correct-58", "session-suspended", "server-waits-for-client", "The session won't expire while the client keeps heartbeating, even if the connection is slow.", false},
	{"correct-59", "session-suspended", "server-waits-for-client", "Sessions don't expire during a short network blip as long as the client reconnects within the timeout.", false},
	{"correct-60", "session-suspended", "server-waits-for-client", "ZooKeeper cannot expire the session while the client is connected and heartbeating normally.", false},
	{"correct-61", "session-suspended", "server-waits-for-client", "The session doesn't expire while the client is paused for a moment, but a long pause does expire it.", false},
	{"correct-62", "session-suspended", "server-waits-for-client", "The ensemble won't expire the session during a pause that is shorter than the session timeout.", false},
	{"correct-63", "session-suspended", "server-waits-for-client", "Many people think that the server waits for the client to come back before expiring its session.", false},
	{"correct-64", "session-suspended", "server-waits-for-client", "Some assume the ZooKeeper server waits for the holder to reconnect, but it only waits for the timeout.", false},
	{"correct-65", "session-suspended", "server-waits-for-client", "I used to believe the server waits for the client to come back; it doesn't.", false},
	{"correct-66", "session-suspended", "server-waits-for-client", "It seems the server waits for the client to reconnect, yet the session is already gone.", false},
	{"correct-67", "session-suspended", "server-waits-for-client", "A short network blip doesn't expire the session while the client reconnects within the negotiated timeout.", false},
	{"correct-68", "session-suspended", "server-waits-for-client", "The session survives a disconnect of a couple of seconds, because the timeout is thirty.", false},
	{"correct-69", "session-suspended", "server-waits-for-client", "An ephemeral lock node stays until its session ends; it never expires on its own while the session lives.", false},
	{"correct-70", "session-suspended", "server-waits-for-client", "The client cannot expire its own session while it is cut off; only the ensemble expires sessions.", false},
	{"correct-71", "session-suspended", "server-waits-for-client", "A paused process keeps its session if it wakes up before the timeout runs out.", false},
	{"correct-72", "session-suspended", "server-waits-for-client", "A JVM frozen for 100 ms won't lose its lock node; one frozen for a minute will.", false},
	{"correct-73", "session-suspended", "server-waits-for-client", "Losing the connection for a moment does not lose the session, at least not immediately.", false},
	{"correct-74", "session-suspended", "server-waits-for-client", "The servers wait for the session timeout to elapse, not for the client to return, and then expire the session.", false},
	{"correct-75", "session-suspended", "server-waits-for-client", "The ensemble waits for nothing from the client; when the timeout passes it drops the session.", false},
	{"correct-76", "session-suspended", "server-waits-for-client", "When the client finally reconnects, the server waits for it only to report SESSION_EXPIRED.", false},
	{"correct-77", "session-suspended", "server-waits-for-client", "It's a classic error to say ZooKeeper waits for the client to come back before expiring the session.", false},
	{"correct-78", "session-suspended", "server-waits-for-client", "The naive picture, where the server waits for the client to come back before expiring it, is wrong.", false},
	{"correct-79", "session-suspended", "server-waits-for-client", "The idea that ZooKeeper waits for the client to reconnect before deleting the lock node is backwards.", false},
	{"correct-80", "session-suspended", "server-waits-for-client", "A frequent misbelief: the servers wait for the client to reconnect before they delete the lock node.", false},
	{"correct-81", "session-suspended", "server-waits-for-client", "ZooKeeper waits for no client to come back before expiring a session.", false},
	{"correct-82", "session-suspended", "server-waits-for-client", "The server waits for a keepalive and expires the session when none arrives, even if the client comes back a moment later.", false},
	{"correct-83", "session-suspended", "server-waits-for-client", "Would the ensemble wait for the client to return before deleting its ephemeral node? No.", false},
	{"correct-84", "session-suspended", "server-waits-for-client", "Don't assume the servers will wait for the client to return before they give the lock away.", false},
	{"correct-85", "session-suspended", "server-waits-for-client", "If the server waited for the client to come back before expiring the session, a crashed holder would block everyone forever.", false},
	{"correct-86", "session-suspended", "server-waits-for-client", "The servers wait for the session timeout before expiring the session, never for the client to return.", false},
	{"correct-87", "session-suspended", "server-waits-for-client", "Curator waits for the client to reconnect before it reports RECONNECTED or LOST, but the server expires the session on its own clock.", false},
	{"correct-88", "session-suspended", "server-waits-for-client", "SUSPENDED is not LOST: the session stays alive if the client reconnects before the timeout, and the server expires it only after.", false},
	{"correct-89", "session-suspended", "server-waits-for-client", "While the ensemble has no quorum it cannot expire sessions, because no leader is there to do it.", false},
	{"correct-90", "session-suspended", "server-waits-for-client", "The session stays valid while the client is reconnecting, provided it gets back before the deadline.", false},
	{"correct-91", "session-suspended", "server-waits-for-client", "Many candidates imagine the server waits for the client to come back before expiring the session.", false},
	{"correct-92", "session-suspended", "server-waits-for-client", "Thinking the server waits for the client to come back before expiring the session is the mistake this question probes.", false},
}

// g31cClaims: the one claim family the flag keeps, the servers said to
// wait for the client before expiring the session, deleting its node or
// giving the lock away. (The "won't expire while paused", "a paused client
// can't lose its session" and "only expires on close" claims are no longer
// flagged by it: their lines flagged correct sentences; see the header.)
var g31cClaims = []flagCase{
	{"claim-01", "session-suspended", "server-waits-for-client", "The server waits for the client to come back before it deletes the ephemeral node.", true},
	{"claim-02", "session-suspended", "server-waits-for-client", "The ensemble waits for the client to acknowledge before it expires anything.", true},
	{"claim-03", "session-suspended", "server-waits-for-client", "The server waits for the client to reconnect before expiring its session.", true},
	{"claim-04", "session-suspended", "server-waits-for-client", "The ZooKeeper servers wait for the paused client to come back before they delete the lock node.", true},
	{"claim-05", "session-suspended", "server-waits-for-client", "ZooKeeper will wait for the holder to return before giving the lock to anyone else, so the pause is harmless.", true},
	{"claim-06", "session-suspended", "server-waits-for-client", "The ensemble waits for the process to resume before expiring the session.", true},
	{"claim-07", "session-suspended", "server-waits-for-client", "zk waits for client reconnect before delete the ephemeral node.", true},
	{"claim-08", "session-suspended", "server-waits-for-client", "The server always waits for the client to acknowledge before dropping its session.", true},
	{"claim-09", "session-suspended", "server-waits-for-client", "Zookeeper will wait for it to come back before it expires the session, so I keep the lock.", true},
	{"claim-10", "session-suspended", "server-waits-for-client", "Relax: the server waits for the client to come back before deleting anything.", true},
	{"claim-11", "session-suspended", "server-waits-for-client", "In my experience the server waits for the client to reconnect before removing the lock node.", true},
	{"claim-12", "session-suspended", "server-waits-for-client", "Because the server waits for the client to return before expiring the session, the old holder can finish its write.", true},
	{"claim-13", "session-suspended", "server-waits-for-client", "The ZooKeeper server waits for the holder to come back before releasing the lock.", true},
	{"claim-14", "session-suspended", "server-waits-for-client", "ZooKeeper waits for the client to resume before it deletes the lock node, so fencing is unneeded.", true},
	{"claim-15", "session-suspended", "server-waits-for-client", "The servers wait for the holder to reconnect before they give the lock away.", true},
}

func TestFixG31cCorrect(t *testing.T) {
	checkFlagCases(t, g31cCorrect)
	checkInserted(t, g24bBase, false, g31cCorrect)
}

func TestFixG31cClaims(t *testing.T) {
	checkFlagCases(t, g31cClaims)
	checkInserted(t, g24bBase, false, g31cClaims)
}
