package web

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
)

// The events budget and heartbeats (Q8-18). A holder heartbeats until it
// releases or crashes, up to the end of the run; on a ten-minute run a
// short period alone fills the engine's events budget, so one acquire was
// refused with "use fewer actions" on a timeline with none. The web side
// refuses such periods when a timeline is started, naming the smallest
// period that fits, and names the heartbeat when it fills the budget.

// heartbeatFits reports whether sc, with one client A heartbeating every
// period ms and holding the lock from time 0 for the whole run, stays
// within the events budget.
func heartbeatFits(sc sandbox.Scenario, period int64) bool {
	probe := sc
	probe.Clients = []sandbox.Client{{ID: "A", HeartbeatMS: period}}
	probe.Actions = []sandbox.Action{{AtMS: 0, Client: "A", Op: sc.Lock.Model.AcquireOp()}}
	return probe.ValidateRun() == nil
}

// minHeartbeat is the smallest heartbeat period, from the engine's
// MinHeartbeatMS up, with which a lone holder on sc's lock service fits
// the events budget for the whole run. Longer periods give fewer events,
// so a binary search finds it.
func minHeartbeat(sc sandbox.Scenario) int64 {
	lo, hi := int64(sandbox.MinHeartbeatMS), int64(sandbox.MaxTimeMS)
	if heartbeatFits(sc, lo) {
		return lo
	}
	for lo+1 < hi { // !fits(lo), fits(hi)
		mid := (lo + hi) / 2
		if heartbeatFits(sc, mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

var (
	formMinHeartbeatOnce sync.Once
	formMinHeartbeatMS   int64
)

// formMinHeartbeat is the least heartbeat period the blank form states:
// the largest of minHeartbeat over every model with its defaults, so a
// period at least this long fits whichever model is chosen.
func formMinHeartbeat() int64 {
	formMinHeartbeatOnce.Do(func() {
		formMinHeartbeatMS = sandbox.MinHeartbeatMS
		for _, m := range sandbox.Models() {
			sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: m}}.WithDefaults()
			formMinHeartbeatMS = max(formMinHeartbeatMS, minHeartbeat(sc))
		}
	})
	return formMinHeartbeatMS
}

// budgetError rewrites the events-budget refusal of a change to sc when
// its heartbeats are what fill the budget: the same change with no
// heartbeat fits. Any other error is returned as it is.
func budgetError(err error, sc sandbox.Scenario, retry func(sandbox.Scenario) error) error {
	var ve *sandbox.ValidationError
	if !errors.As(err, &ve) || ve.Field != "actions" || !strings.Contains(ve.Msg, "events budget") {
		return err
	}
	var beating []string
	var period int64
	quiet := sc
	quiet.Clients = append([]sandbox.Client(nil), sc.Clients...)
	for i, c := range quiet.Clients {
		if c.HeartbeatMS > 0 {
			beating = append(beating, c.ID)
			if period == 0 || c.HeartbeatMS < period {
				period = c.HeartbeatMS
			}
			quiet.Clients[i].HeartbeatMS = 0
		}
	}
	if len(beating) == 0 || retry(quiet) != nil {
		return err
	}
	who := "Client " + beating[0] + "'s heartbeat"
	if len(beating) > 1 {
		who = "The heartbeats of clients " + strings.Join(beating, ", ")
	}
	return errors.New(who + " every " + timelineview.Millis(period) + " fills the events budget (" + strconv.Itoa(sandbox.MaxEvents) +
		" events): a holder heartbeats until it releases or crashes, here to the end of the run. Use a timeline with a heartbeat of at least " +
		timelineview.Millis(minHeartbeat(sc)) + ", or none")
}
