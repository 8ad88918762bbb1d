package sandbox_test

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"lockdrill/sandbox"
)

// BenchmarkRun measures simulated events per second on a 500-action,
// 8-client scenario, one per model. events/cpu-s counts the whole
// process's CPU: with GOMAXPROCS above 1 that includes the garbage
// collector's idle mark workers on the other processors, which do about
// as much work again as the run itself; -cpu 1 gives the one-core figure.
func BenchmarkRun(b *testing.B) {
	for model := range 4 {
		rng := rand.New(rand.NewPCG(7, uint64(model)))
		data := make([]byte, 3*sandbox.MaxActions+8)
		for j := range data {
			data[j] = byte(rng.UintN(256))
		}
		data[0] = byte(model) // the model, no faults in the configuration
		s := genScenario(data, sandbox.MaxClients, sandbox.MaxActions)
		if err := s.Validate(); err != nil {
			b.Fatal(err)
		}
		b.Run(s.Lock.Model.String(), func(b *testing.B) {
			events := 0
			cpu := cpuTime()
			for b.Loop() {
				events += sandbox.Run(s).Events.Len()
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
			// On a shared machine wall time swings with the neighbours'
			// load; the process's own CPU time (GC included) does not.
			if d := cpuTime() - cpu; d > 0 {
				b.ReportMetric(float64(events)/d.Seconds(), "events/cpu-s")
			}
			b.ReportMetric(float64(len(s.Actions)), "actions")
		})
	}
}

// cpuTime is the CPU time this process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkStateAt measures the state panel of a long timeline (the
// redis scenario of BenchmarkRun, with heartbeats) at its middle step.
func BenchmarkStateAt(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 0))
	data := make([]byte, 3*sandbox.MaxActions+8)
	for j := range data {
		data[j] = byte(rng.UintN(256))
	}
	data[0] = 0
	tl := sandbox.Run(genScenario(data, sandbox.MaxClients, sandbox.MaxActions))
	step := tl.Events.Len() / 2
	for b.Loop() {
		tl.StateAt(step)
	}
	b.ReportMetric(float64(tl.Events.Len()), "events")
}
