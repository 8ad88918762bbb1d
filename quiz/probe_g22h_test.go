package quiz_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

var probeFileG22h = flag.String("probe.g22h", "", "TSV of id, question, point, probe: print hit and verdict for each")

// TestProbesG22h (gated by -probe.g22h=FILE) grades each probe sentence of
// a review appendix and prints whether its point is hit and the verdict.
func TestProbesG22h(t *testing.T) {
	if *probeFileG22h == "" {
		t.Skip("needs -probe.g22h")
	}
	b := loadBank(t)
	f, err := os.Open(*probeFileG22h)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		p := strings.Split(sc.Text(), "\t")
		if len(p) < 4 {
			continue
		}
		q, ok := b.ByID(p[1])
		if !ok {
			continue
		}
		r := b.Grade(q, quiz.Answer{Text: p[3]})
		hit := "-"
		for _, pt := range r.Points {
			if pt.ID == p[2] && pt.Hit {
				hit = "hit"
			}
		}
		v := "fail"
		if r.Passed {
			v = "PASS"
		}
		fmt.Printf("PROBE\t%s\t%s\t%s\t%s/%s\t%v\n", p[0], p[1], p[2], hit, v, r.FlagIDs())
	}
}

var hitsFileG22h = flag.String("hits.g22h", "", "write each readable blind answer's verdict and hit points (tuning writers, BY, BZ) to FILE")

// TestHitsDumpG22h (gated by -hits.g22h=FILE) writes, for the tuning
// writers and the read validation writers BY and BZ only, each answer's
// label, verdict and the points it hits, to diff two builds.
func TestHitsDumpG22h(t *testing.T) {
	if *hitsFileG22h == "" {
		t.Skip("needs -hits.g22h")
	}
	b := loadBank(t)
	writers := append(append([]string{}, tuningWriters...), "BY", "BZ")
	as, err := loadBlind(writers)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(*hitsFileG22h)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	n := map[string]int{}
	for _, a := range as {
		n[a.Writer]++
		q, ok := b.ByID(a.Question)
		if !ok {
			continue
		}
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		var hits []string
		for _, p := range r.Points {
			if p.Hit {
				hits = append(hits, p.ID)
			}
		}
		fmt.Fprintf(out, "%s-%d\t%s\t%s\t%s\tpassed=%v\t%s\t%v\n", a.Writer, n[a.Writer], a.Question, a.Kind, a.Label, r.Passed, strings.Join(hits, ","), r.FlagIDs())
	}
}
