package conformance

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"lockdrill/sandbox"
)

// Margins are how far, in virtual ms, a real server's timers may run early
// or late against the runner's clock: scheduler noise on a loaded machine,
// and for etcd the lessor, which looks for expired leases every 500 ms
// and revokes them through Raft.
func Margins(target Target, scale float64) (early, late int64) {
	noise := float64(Noise / time.Millisecond)
	early = int64(noise / scale)
	late = early
	if target.Name() == "etcd" {
		late = int64((noise + 650) / scale)
	}
	return early, late
}

// Noise is how late, in real time, the runner may fall behind its
// schedule with the outcome still trusted: a run whose Result.MaxLate
// exceeds it says nothing and is played again.
const Noise = 150 * time.Millisecond

// Stable reports whether the engine's outcome for sc holds when every
// lease lasts up to early ms less or late ms more: only then can a real
// run, whose timers are that imprecise, be expected to agree. why says
// which change moved the outcome. Everything else the runner does in the
// engine's order (a replica is cut off, after WAIT, exactly between two
// ops), so it needs no margin.
func Stable(sc sandbox.Scenario, early, late int64) (ok bool, why string) {
	sc = sc.WithDefaults()
	base := outcomeOfRun(sc)
	ttl := sc.Lock.TTLMS
	for _, d := range []int64{-early, -early / 2, late / 2, late} {
		v := clone(sc)
		v.Lock.TTLMS = min(max(ttl+d, 1), sandbox.MaxTimeMS)
		if Diff(base, outcomeOfRun(v)) != nil {
			return false, fmt.Sprintf("a lease %+d ms longer changes the outcome", d)
		}
	}
	return true, ""
}

func outcomeOfRun(sc sandbox.Scenario) Outcome {
	tl := sandbox.Run(sc)
	return OutcomeOf(tl.Events.Slice(), tl.Summary.FinalValue)
}

func clone(sc sandbox.Scenario) sandbox.Scenario {
	sc.Clients = slices.Clone(sc.Clients)
	sc.Actions = slices.Clone(sc.Actions)
	return sc
}

// ChooseScale picks the time scale to play sc on target at: the target's
// default, or slower (0.2, 0.5, 1) when sc's outcome turns on gaps too
// short for the margins at the faster scales. ok is false, with the
// reason at the slowest scale, when no scale will do.
func ChooseScale(sc sandbox.Scenario, target Target) (scale float64, ok bool, why string) {
	sc = sc.WithDefaults()
	def := target.Scale(sc)
	for _, s := range []float64{def, 0.2, 0.5, 1} {
		if s < def || len(OutOfReach(sc, target, s)) > 0 {
			continue
		}
		early, late := Margins(target, s)
		if ok, w := Stable(sc, early, late); ok {
			return s, true, ""
		} else {
			why = w + fmt.Sprintf(" (at scale %g)", s)
		}
	}
	return def, false, why
}

// ErrTooBusy is returned by PlayPatiently when every run fell further
// behind its schedule than the margins allow.
var ErrTooBusy = errors.New("the machine is too busy to trust the timing")

// PlayPatiently plays sc on target at scale, where sc's outcome was found
// stable (ChooseScale). A run that fell behind its schedule by more than
// Noise (the machine was busy) proves nothing either way, so it plays
// again at twice the scale, up to eight times: at k times the scale the
// same virtual margins last k times as long, so the run may fall k times
// as far behind. It returns the last run and the scale it was played at;
// the error wraps ErrTooBusy if even that run was too late.
func PlayPatiently(ctx context.Context, sc sandbox.Scenario, target Target, scale float64) (Result, float64, error) {
	if scale <= 0 {
		scale = target.Scale(sc.WithDefaults())
	}
	for k := 1; ; k *= 2 {
		s := scale * float64(k)
		res, err := Play(ctx, sc, target, Options{Scale: s})
		if err != nil {
			return res, s, err
		}
		if res.MaxLate <= Noise*time.Duration(k) {
			return res, s, nil
		}
		if k == 8 {
			return res, s, fmt.Errorf("%w: the run fell %v behind its schedule even at scale %g", ErrTooBusy, res.MaxLate.Round(time.Millisecond), s)
		}
	}
}
