// Package content loads lockdrill's embedded teaching material: the study
// guide and the question bank, written as markdown with front matter, into a
// Catalog that the web server and the command-line tools share.
package content

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"

	"lockdrill/quiz"
	"lockdrill/sandbox"
)

//go:embed all:guide all:questions
var embedded embed.FS

// Embedded returns the content compiled into the binary.
func Embedded() fs.FS { return embedded }

// Catalog is everything a learner can study, loaded and validated once at start.
type Catalog struct {
	// Guide holds the study guide sections sorted by their order.
	Guide []*Section
	// Questions is the practice bank.
	Questions *quiz.Bank
	// FollowUps are the mock rounds' follow-up questions, in priority order.
	FollowUps *quiz.FollowUps
	// Accuracy is the grader's published accuracy report, or nil when none
	// has been published. It is parsed and checked once, here.
	Accuracy *quiz.AccuracyReport
	bySlug   map[string]*Section
}

// Load reads and validates the guide and the question bank from fsys, which
// holds the folders guide/ and questions/, and checks what refers across
// them against the loaded catalog: each question's guide section, each
// sandbox preset's guide section and the accuracy report's questions. It
// reports every problem it finds, each naming the file and the field,
// joined into one error.
func Load(fsys fs.FS) (*Catalog, error) {
	// The guide and the questions are independent and each takes about
	// half of a cold start, so they load side by side.
	type guideResult struct {
		guide []*Section
		err   error
	}
	guidec := make(chan guideResult, 1)
	go func() {
		guide, err := loadGuide(fsys)
		guidec <- guideResult{guide, err}
	}()
	// Reading the follow-ups needs no question bank either: only their
	// compiling waits for it.
	followc := make(chan followUpsRead, 1)
	go func() { followc <- readFollowUps(fsys) }()
	c := &Catalog{}
	presets := sandbox.Presets()
	var qerr error
	var syn quiz.Synonyms // read once, for the questions and the follow-ups
	if _, err := fs.Stat(fsys, questionsDir); err == nil {
		c.Questions, syn, qerr = loadQuestions(fsys, presets)
	} else {
		// A tree without questions (guide-only fixtures in tests) gets an
		// empty bank rather than a nil one.
		c.Questions, qerr = quiz.NewBank(nil, nil, nil)
	}
	// Compiling the follow-ups and checking the accuracy report read the
	// bank only: they run beside each other and the guide's checks.
	type followUpsResult struct {
		set *quiz.FollowUps
		err error
	}
	type accuracyResult struct {
		report *quiz.AccuracyReport
		err    error
	}
	compiledc := make(chan followUpsResult, 1)
	accuracyc := make(chan accuracyResult, 1)
	if qerr == nil {
		go func() {
			set, err := (<-followc).compile(c.Questions, syn)
			compiledc <- followUpsResult{set, err}
		}()
		go func() {
			r, err := loadAccuracy(fsys, c.Questions)
			accuracyc <- accuracyResult{r, err}
		}()
	}
	g := <-guidec
	guide, gerr := g.guide, g.err
	c.Guide, c.bySlug = guide, make(map[string]*Section, len(guide))
	for _, s := range guide {
		c.bySlug[s.Slug] = s
	}
	if gerr == nil {
		gerr = joinErrs(checkLinks(guide, presets, nil))
	}
	var referr error
	if qerr == nil {
		referr = c.checkRefs(fsys, presets)
		f, a := <-compiledc, <-accuracyc
		// The accuracy report's problems are reported once the
		// follow-ups have none, as when they loaded one after the other.
		c.FollowUps, qerr = f.set, f.err
		if qerr == nil {
			c.Accuracy, qerr = a.report, a.err
		}
	}
	if err := errors.Join(gerr, qerr, referr); err != nil {
		return nil, err
	}
	return c, nil
}

// checkRefs checks the guide sections that questions and the sandbox
// presets ps point to against the loaded guide, so that no "read more" link leads
// nowhere. It checks only a tree with both a guide and a question bank:
// fixtures with one of the two have nothing to check against.
func (c *Catalog) checkRefs(fsys fs.FS, ps []sandbox.Preset) error {
	if len(c.Guide) == 0 {
		return nil
	}
	if _, err := fs.Stat(fsys, questionsDir); err != nil {
		return nil
	}
	var errs []error
	for _, q := range c.Questions.All() {
		if _, ok := c.bySlug[q.Guide]; !ok {
			errs = append(errs, &FieldError{File: questionsDir + "/" + q.ID + ".md", Field: "guide", Msg: fmt.Sprintf("no guide section %q", q.Guide)})
		}
	}
	for _, p := range ps {
		if _, ok := c.bySlug[p.Guide]; !ok {
			errs = append(errs, &FieldError{File: "sandbox preset " + p.ID, Field: "guide", Msg: fmt.Sprintf("no guide section %q", p.Guide)})
		}
	}
	return joinErrs(errs)
}

// RenderGuide renders every guide section now rather than on first use
// (see Section.Render), and reports any section that does not render:
// for `lockdrill check`, which must find every problem before a learner
// does.
func (c *Catalog) RenderGuide() error {
	var errs []error
	for _, s := range c.Guide {
		if _, _, err := s.Render(); err != nil {
			errs = append(errs, err)
		}
	}
	return joinErrs(errs)
}

// Section returns the guide section with the given slug.
func (c *Catalog) Section(slug string) (*Section, bool) {
	s, ok := c.bySlug[slug]
	return s, ok
}

// Neighbours returns the sections before and after slug in reading order;
// either is nil at the ends.
func (c *Catalog) Neighbours(slug string) (prev, next *Section) {
	for i, s := range c.Guide {
		if s.Slug != slug {
			continue
		}
		if i > 0 {
			prev = c.Guide[i-1]
		}
		if i+1 < len(c.Guide) {
			next = c.Guide[i+1]
		}
	}
	return prev, next
}

// FieldError is a content problem in one field of one file.
type FieldError struct {
	File  string
	Field string
	Msg   string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.Field, e.Msg)
}

// joinErrs joins problems into one error, or returns nil when there are none.
func joinErrs(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errors.Join(errs...)
}
