package sandbox

import "unsafe"

// clientIDs finds a client's index by its id with, most of the time, one
// string comparison: every action names its client, so Validate and Run
// each look one up per action, and scanning the clients for it was a
// tenth of a run. Ids are told apart by a hash of their length and first
// and last bytes; ids that share a hash are found by a scan.
type clientIDs struct {
	ids []Client
	// slot is, per hash, the index+1 of the one client with that hash,
	// 0 for none and -1 when several share it.
	slot [256]int8
}

func idHash(id string) uint8 {
	return uint8(len(id)*61 + int(id[0])*7 + int(id[len(id)-1]))
}

// newClientIDs indexes clients (at most MaxClients are looked up; an
// empty id is never found, as actions without a client look up none).
func newClientIDs(clients []Client) clientIDs {
	c := clientIDs{ids: clients}
	for i, cl := range clients {
		if cl.ID == "" || i >= MaxClients {
			continue
		}
		h := idHash(cl.ID)
		if c.slot[h] == 0 {
			c.slot[h] = int8(i + 1)
		} else {
			c.slot[h] = -1
		}
	}
	return c
}

// index is the index of the first client with id, -1 if none.
func (c *clientIDs) index(id string) int {
	if id == "" {
		return -1
	}
	switch s := c.slot[idHash(id)]; {
	case s == 0:
		return -1
	case s > 0:
		// The same string (an action naming a client by the scenario's
		// own id) is the same without comparing its bytes.
		if x := c.ids[s-1].ID; len(x) == len(id) && (unsafe.StringData(x) == unsafe.StringData(id) || x == id) {
			return int(s - 1)
		}
		return -1
	}
	for i := range c.ids {
		if c.ids[i].ID == id {
			return i
		}
	}
	return -1
}
