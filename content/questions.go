package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"lockdrill/quiz"
	"lockdrill/sandbox"
)

// The question bank lives in questions/: one markdown file per question
// (questions/<id>.md), the shared red flags in questions/red-flags.yaml and
// the matcher synonym sets in questions/synonyms.yaml. content/README.md
// documents the format.
const (
	questionsDir = "questions"
	redFlagsFile = "questions/red-flags.yaml"
	synonymsFile = "questions/synonyms.yaml"
)

// questionMeta is the front matter of a question file. Unknown keys are
// errors, so a misspelt field never silently drops content.
type questionMeta struct {
	ID     string      `yaml:"id"`
	Kind   string      `yaml:"kind"`
	Topic  string      `yaml:"topic"`
	Title  string      `yaml:"title"`
	Guide  string      `yaml:"guide"`
	Preset string      `yaml:"preset"`
	Points []pointMeta `yaml:"points"`
	Hints  []string    `yaml:"hints"`
	Flags  *[]string   `yaml:"flags"`
	// MinBreadth: see quiz.Question.
	MinBreadth int            `yaml:"min_breadth"`
	Options    []optionMeta   `yaml:"options"`
	Steps      []stepMeta     `yaml:"steps"`
	Code       *codeMeta      `yaml:"code"`
	Bug        int            `yaml:"bug"`
	LinesWhy   map[int]string `yaml:"lines_why"`
}

type pointMeta struct {
	ID        string   `yaml:"id"`
	Label     string   `yaml:"label"`
	Dimension string   `yaml:"dimension"`
	Weight    float64  `yaml:"weight"`
	Match     []string `yaml:"match"`
	Requires  []string `yaml:"requires"`
	Core      bool     `yaml:"core"`
	// Partial and PartialNote: see quiz.Point.
	Partial     []string `yaml:"partial"`
	PartialNote string   `yaml:"partial_note"`
}

type optionMeta struct {
	ID        string `yaml:"id"`
	Text      string `yaml:"text"`
	Correct   bool   `yaml:"correct"`
	Dangerous bool   `yaml:"dangerous"`
	Why       string `yaml:"why"`
}

type stepMeta struct {
	ID          string        `yaml:"id"`
	Text        string        `yaml:"text"`
	MustPrecede []precedeMeta `yaml:"must_precede"`
}

type precedeMeta struct {
	Step string `yaml:"step"`
	Race string `yaml:"race"`
}

type codeMeta struct {
	Lang  string   `yaml:"lang"`
	Lines []string `yaml:"lines"`
}

type redFlagsDoc struct {
	Flags []redFlagMeta `yaml:"flags"`
}

type redFlagMeta struct {
	ID       string   `yaml:"id"`
	Label    string   `yaml:"label"`
	Severity string   `yaml:"severity"`
	Why      string   `yaml:"why"`
	Match    []string `yaml:"match"`
	Unless   []string `yaml:"unless"`
	Explicit []string `yaml:"explicit"`
	Counter  []string `yaml:"counter"`
	About    []string `yaml:"about"`
	TrueOf   []string `yaml:"true-of"`
	TrueWhen []string `yaml:"true-when"`
	Claim    string   `yaml:"claim"`
	// WholeAnswer: see quiz.RedFlag.WholeAnswer.
	WholeAnswer bool `yaml:"whole-answer"`
}

// LoadQuestions reads the question bank from fsys (which holds the
// questions/ folder), validates every file and compiles it into a
// quiz.Bank. It reports every problem it finds, each naming the file and
// the field ("questions/fencing-token.md: points[2].match: empty"), joined
// into one error.
func LoadQuestions(fsys fs.FS) (*quiz.Bank, error) {
	bank, _, err := loadQuestions(fsys, sandbox.Presets())
	return bank, err
}

// loadQuestions is LoadQuestions against the sandbox presets ps (which
// Load builds once for all its checks: building them is about 1 MB of
// garbage), also returning the synonyms it read, for the follow-ups.
func loadQuestions(fsys fs.FS, ps []sandbox.Preset) (*quiz.Bank, quiz.Synonyms, error) {
	return loadQuestionsWith(fsys, ps, &quiz.PatternParser{}, precompiledPatterns)
}

// loadQuestionsWith is loadQuestions compiling with parser, given the
// patterns of the table precompiled ready parsed (see precompiledPatterns;
// "" for none).
func loadQuestionsWith(fsys fs.FS, ps []sandbox.Preset, parser *quiz.PatternParser, precompiled string) (*quiz.Bank, quiz.Synonyms, error) {
	files, err := fs.Glob(fsys, questionsDir+"/*.md")
	if err != nil {
		return nil, nil, fmt.Errorf("list questions: %w", err)
	}
	if len(files) == 0 {
		return nil, nil, &FieldError{File: questionsDir + "/", Msg: "no questions found"}
	}
	// Questions are parsed independently: spread them over the
	// processors, each worker with its own markdown renderer, keeping the
	// results in file order. They need neither the synonyms nor the red
	// flags, so they are read while those are. NewBank then compiles each
	// question once. Only when something is wrong are the questions
	// compiled file by file as well, so that every broken file is named
	// (NewBank stops at the first); compiling them twice on every start
	// was a fifth of a cold start's CPU.
	loaded := make([]*quiz.Question, len(files))
	fileErrs := make([]error, len(files))
	workers := min(runtime.GOMAXPROCS(0), len(files), maxLoadWorkers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			wmd := newBlockRenderer()
			for i := w; i < len(files); i += workers {
				loaded[i], fileErrs[i] = readQuestion(fsys, wmd, files[i])
			}
		})
	}
	// The concepts' patterns are checked beside the red flags' reading,
	// with the parser the bank then compiles with, so they are not parsed
	// twice.
	syn, checkConcepts, err := loadSynonyms(fsys, parser)
	if err != nil {
		wg.Wait()
		return nil, nil, err
	}
	if precompiled != "" {
		// A stale table is not an error here: what it lacks is parsed,
		// and TestPrecompiledPatternsAreCurrent says to regenerate it.
		_, _ = parser.Preload(precompiled, syn)
	}
	conceptErr := make(chan error, 1)
	go func() { conceptErr <- checkConcepts() }()
	flags, err := loadRedFlags(fsys, newBlockRenderer())
	if cerr := <-conceptErr; cerr != nil {
		err = cerr // the synonyms' problem first, as when read one after the other
	}
	if err != nil {
		wg.Wait()
		return nil, nil, err
	}
	flagByID := map[string]*quiz.RedFlag{}
	for i := range flags {
		flagByID[flags[i].ID] = &flags[i]
	}
	presets := make(map[string]bool, len(ps))
	for _, p := range ps {
		presets[p.ID] = true
	}
	wg.Wait()
	var qs []*quiz.Question
	parsed := true
	for i, q := range loaded {
		if fileErrs[i] != nil {
			parsed = false
			continue
		}
		qs = append(qs, q)
	}
	var bank *quiz.Bank
	if parsed {
		bank, err = parser.NewBank(qs, flags, syn)
		if err == nil {
			var errs []error
			for i, q := range loaded {
				if err := checkPreset(files[i], q, presets); err != nil {
					errs = append(errs, err)
				}
			}
			if len(errs) > 0 {
				return nil, nil, errors.Join(errs...)
			}
			return bank, syn, nil
		}
	}
	// Something is wrong: name every file that is, as a file-by-file
	// load does.
	var errs []error
	for i, q := range loaded {
		if fileErrs[i] == nil {
			fileErrs[i] = compileQuestion(files[i], q, syn, flagByID, presets)
		}
		if fileErrs[i] != nil {
			errs = append(errs, fileErrs[i])
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	if bank == nil {
		bank, err = quiz.NewBank(qs, flags, syn)
	}
	if err != nil {
		var fe *quiz.FieldError
		if errors.As(err, &fe) && fe.Flag != "" {
			return nil, nil, &FieldError{File: redFlagsFile, Field: fe.Field, Msg: fe.Err.Error()}
		}
		return nil, nil, fmt.Errorf("%s: %w", questionsDir, err)
	}
	return bank, syn, nil
}

// maxLoadWorkers bounds the goroutines LoadQuestions starts.
const maxLoadWorkers = 4

// readQuestion reads and parses the question in file f.
func readQuestion(fsys fs.FS, md *blockRenderer, f string) (*quiz.Question, error) {
	src, err := fs.ReadFile(fsys, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f, err)
	}
	return parseQuestion(md, f, src)
}

// compileQuestion compiles q, read from file f, on its own and checks its
// preset against the ids in presets: the errors of one file.
func compileQuestion(f string, q *quiz.Question, syn quiz.Synonyms, flags map[string]*quiz.RedFlag, presets map[string]bool) error {
	if err := quiz.Compile(q, syn, flags); err != nil {
		return questionErr(f, err)
	}
	return checkPreset(f, q, presets)
}

// checkPreset checks the sandbox preset q (from file f) names.
func checkPreset(f string, q *quiz.Question, presets map[string]bool) error {
	if q.Preset != "" && !presets[q.Preset] {
		// A link from the feedback page must never lead nowhere; the guide
		// section is checked by Load, against the loaded guide.
		return &FieldError{File: f, Field: "preset", Msg: fmt.Sprintf("unknown sandbox preset %q", q.Preset)}
	}
	return nil
}

// loadQuestions is LoadQuestions under the name the catalog loader uses.

func questionErr(file string, err error) error {
	var fe *quiz.FieldError
	if errors.As(err, &fe) {
		return &FieldError{File: file, Field: fe.Field, Msg: fe.Err.Error()}
	}
	return &FieldError{File: file, Msg: err.Error()}
}

// loadSynonyms reads the synonyms and checks their topics and sets. The
// concepts' patterns, most of the cost, are checked by checkConcepts, with
// parser, so that the caller can check them beside other work; its error
// comes before any other the caller finds later.
func loadSynonyms(fsys fs.FS, parser *quiz.PatternParser) (syn quiz.Synonyms, checkConcepts func() error, err error) {
	src, err := fs.ReadFile(fsys, synonymsFile)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", synonymsFile, err)
	}
	if err := decodeYAML(src, &syn); err != nil {
		return nil, nil, &FieldError{File: synonymsFile, Msg: err.Error()}
	}
	topics := map[string]bool{quiz.CommonSynonyms: true, quiz.ConceptSynonyms: true}
	for _, t := range quiz.Topics() {
		topics[t.ID] = true
	}
	for topic, sets := range syn {
		if !topics[topic] {
			return nil, nil, &FieldError{File: synonymsFile, Field: topic, Msg: "not a topic id or \"common\""}
		}
		for name, entries := range sets {
			if len(entries) == 0 {
				return nil, nil, &FieldError{File: synonymsFile, Field: topic + "." + name, Msg: "empty"}
			}
			if topic == quiz.ConceptSynonyms {
				continue // patterns, see checkConcepts
			}
			for i, e := range entries {
				if strings.TrimSpace(e) == "" || strings.ContainsAny(e, "@&~|") {
					return nil, nil, &FieldError{File: synonymsFile, Field: fmt.Sprintf("%s.%s[%d]", topic, name, i), Msg: "want plain words (no @ & ~ |)"}
				}
			}
		}
	}
	checkConcepts = func() error {
		// A concept is a list of patterns (quiz.ConceptSynonyms).
		for name, entries := range syn[quiz.ConceptSynonyms] {
			for i, e := range entries {
				if _, err := parser.Parse(e, syn, ""); err != nil || strings.HasPrefix(e, "%") {
					msg := "a concept cannot cite another"
					if err != nil {
						msg = err.Error()
					}
					return &FieldError{File: synonymsFile, Field: fmt.Sprintf("%s.%s[%d]", quiz.ConceptSynonyms, name, i), Msg: msg}
				}
			}
		}
		return nil
	}
	return syn, checkConcepts, nil
}

func loadRedFlags(fsys fs.FS, md *blockRenderer) ([]quiz.RedFlag, error) {
	src, err := fs.ReadFile(fsys, redFlagsFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", redFlagsFile, err)
	}
	var doc redFlagsDoc
	if err := decodeYAML(src, &doc); err != nil {
		return nil, &FieldError{File: redFlagsFile, Msg: err.Error()}
	}
	if len(doc.Flags) == 0 {
		return nil, &FieldError{File: redFlagsFile, Field: "flags", Msg: "empty"}
	}
	var out []quiz.RedFlag
	seen := map[string]bool{}
	for i, m := range doc.Flags {
		field := fmt.Sprintf("flags[%d]", i)
		if seen[m.ID] {
			return nil, &FieldError{File: redFlagsFile, Field: field + ".id", Msg: fmt.Sprintf("duplicate red flag %q", m.ID)}
		}
		seen[m.ID] = true
		html, err := md.block(m.Why)
		if err != nil {
			return nil, &FieldError{File: redFlagsFile, Field: field + ".why", Msg: err.Error()}
		}
		for j, c := range m.TrueWhen {
			if !quiz.KnownCondition(c) {
				return nil, &FieldError{File: redFlagsFile, Field: fmt.Sprintf("%s.true-when[%d]", field, j), Msg: fmt.Sprintf("unknown condition %q", c)}
			}
		}
		if m.Claim != "" && !quiz.KnownClaim(m.Claim) {
			return nil, &FieldError{File: redFlagsFile, Field: field + ".claim", Msg: fmt.Sprintf("unknown claim shape %q", m.Claim)}
		}
		f := quiz.RedFlag{ID: m.ID, Label: m.Label, Severity: quiz.Severity(m.Severity), Why: strings.TrimSpace(m.Why), WhyHTML: html, Match: m.Match, Unless: m.Unless, Explicit: m.Explicit, Counter: m.Counter, About: m.About, TrueOf: m.TrueOf, TrueWhen: m.TrueWhen, Claim: m.Claim, WholeAnswer: m.WholeAnswer}
		out = append(out, f)
	}
	return out, nil
}

var sectionHeading = regexp.MustCompile(`^##\s+(.+?)\s*#*\s*$`)

// parseQuestion splits a question file into front matter and the three
// body sections, and renders the markdown.
func parseQuestion(md *blockRenderer, file string, src []byte) (*quiz.Question, error) {
	fail := func(field, format string, args ...any) error {
		return &FieldError{File: file, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	front, body, ok := splitFrontMatter(src)
	if !ok {
		return nil, fail("", "missing front matter between --- lines")
	}
	var m questionMeta
	if err := decodeYAML(front, &m); err != nil {
		return nil, fail("front matter", "%v", err)
	}
	if want := strings.TrimSuffix(path.Base(file), ".md"); m.ID != want {
		return nil, fail("id", "%q does not match the file name (want %q)", m.ID, want)
	}
	parts, err := splitSections(body)
	if err != nil {
		return nil, fail("body", "%v", err)
	}
	q := &quiz.Question{
		ID: m.ID, Kind: quiz.Kind(m.Kind), Topic: m.Topic, Title: strings.TrimSpace(m.Title),
		Guide: m.Guide, Preset: m.Preset, Hints: m.Hints,
	}
	for name, dst := range map[string]*quiz.Text{"prompt": &q.Prompt, "model answer": &q.ModelAnswer, "explanation": &q.Explanation} {
		src := parts[name]
		if src == "" {
			continue
		}
		html, err := md.block(src)
		if err != nil {
			return nil, fail(strings.ReplaceAll(name, " ", "_"), "%v", err)
		}
		*dst = quiz.Text{Markdown: src, HTML: html}
	}
	if m.Flags != nil {
		q.Flags = append([]string{}, (*m.Flags)...)
	}
	q.MinBreadth = m.MinBreadth
	for _, p := range m.Points {
		q.Points = append(q.Points, quiz.Point{ID: p.ID, Label: p.Label, Dimension: p.Dimension, Weight: p.Weight, Match: p.Match, Requires: p.Requires, Core: p.Core, Partial: p.Partial, PartialNote: p.PartialNote})
	}
	for i, o := range m.Options {
		text, err := md.inline(o.Text)
		if err != nil {
			return nil, fail(fmt.Sprintf("options[%d].text", i), "%v", err)
		}
		why, err := md.inline(o.Why)
		if err != nil {
			return nil, fail(fmt.Sprintf("options[%d].why", i), "%v", err)
		}
		q.Options = append(q.Options, quiz.Option{ID: o.ID, Text: o.Text, TextHTML: text, Correct: o.Correct, Dangerous: o.Dangerous, Why: o.Why, WhyHTML: why})
	}
	for i, s := range m.Steps {
		text, err := md.inline(s.Text)
		if err != nil {
			return nil, fail(fmt.Sprintf("steps[%d].text", i), "%v", err)
		}
		st := quiz.Step{ID: s.ID, Text: s.Text, TextHTML: text}
		for _, p := range s.MustPrecede {
			st.MustPrecede = append(st.MustPrecede, quiz.Precede{Step: p.Step, Race: p.Race})
		}
		q.Steps = append(q.Steps, st)
	}
	switch {
	case m.Code != nil:
		q.Code = &quiz.Code{Lang: m.Code.Lang, Lines: m.Code.Lines, Bug: m.Bug, LinesWhy: m.LinesWhy}
	case m.Bug != 0 || len(m.LinesWhy) > 0:
		return nil, fail("code", "bug and lines_why need a code snippet")
	}
	return q, nil
}

// splitFrontMatter returns the YAML between the opening and closing ---
// lines and the markdown after it.
func splitFrontMatter(src []byte) (front, body []byte, ok bool) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	s := strings.ReplaceAll(string(src), "\r\n", "\n")
	if !strings.HasPrefix(s, "---\n") {
		return nil, nil, false
	}
	rest := s[4:]
	end := strings.Index(rest, "\n---\n")
	if end < 0 {
		if strings.HasSuffix(rest, "\n---") {
			return []byte(rest[:len(rest)-4]), nil, true
		}
		return nil, nil, false
	}
	return []byte(rest[:end+1]), []byte(rest[end+5:]), true
}

// splitSections cuts the body at its level-two headings, which must be
// Prompt, Model answer or Explanation, each at most once. Headings inside
// fenced code blocks are text.
func splitSections(body []byte) (map[string]string, error) {
	out := map[string]string{}
	var cur string
	var buf strings.Builder
	fence := ""
	flush := func() {
		if cur != "" {
			out[cur] = strings.TrimSpace(buf.String())
		}
		buf.Reset()
	}
	for _, line := range strings.SplitAfter(string(body), "\n") {
		trim := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(trim, fence) {
				fence = ""
			}
		} else if strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~") {
			fence = trim[:3]
		} else if m := sectionHeading.FindStringSubmatch(strings.TrimRight(line, "\n")); m != nil {
			name := strings.ToLower(m[1])
			if name != "prompt" && name != "model answer" && name != "explanation" {
				return nil, fmt.Errorf("unknown section %q (want Prompt, Model answer, Explanation)", m[1])
			}
			if _, dup := out[name]; dup || name == cur {
				return nil, fmt.Errorf("section %q appears twice", m[1])
			}
			flush()
			cur = name
			continue
		}
		if cur == "" {
			if trim != "" {
				return nil, errors.New("text before the first section; start with \"## Prompt\"")
			}
			continue
		}
		buf.WriteString(line)
	}
	flush()
	return out, nil
}

// QuestionIDs lists the ids of a bank's questions, sorted, for messages
// such as the CLI's list of known ids.
func QuestionIDs(b *quiz.Bank) []string {
	ids := b.IDs()
	sort.Strings(ids)
	return ids
}

// accuracyFile holds the grader's measured agreement with the labelled
// corpus, written by `go test ./quiz -run Accuracy -update`.
const accuracyFile = "questions/grader-accuracy.json"

// LoadAccuracy reads the published grader accuracy figures from fsys, for
// the "about the grader" page. Load reads them once into
// Catalog.Accuracy, checked against the bank.
func LoadAccuracy(fsys fs.FS) (*quiz.AccuracyReport, error) {
	src, err := fs.ReadFile(fsys, accuracyFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", accuracyFile, err)
	}
	var r quiz.AccuracyReport
	if err := json.Unmarshal(src, &r); err != nil {
		return nil, &FieldError{File: accuracyFile, Msg: err.Error()}
	}
	return &r, nil
}

// loadAccuracy is LoadAccuracy checked against bank: every figure is a
// fraction and every question it reports on is in the bank. A tree with no
// report has none (nil, nil): the page then says none is published.
func loadAccuracy(fsys fs.FS, bank *quiz.Bank) (*quiz.AccuracyReport, error) {
	r, err := LoadAccuracy(fsys)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var errs []error
	fe := func(field, format string, args ...any) {
		errs = append(errs, &FieldError{File: accuracyFile, Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	fraction := func(field string, v float64) {
		if !(v >= 0 && v <= 1) {
			fe(field, "%v is not a fraction between 0 and 1", v)
		}
	}
	if strings.TrimSpace(r.Method) == "" {
		fe("method", "missing")
	}
	fraction("threshold", r.Threshold)
	fraction("holdout_threshold", r.HoldoutThreshold)
	fraction("verdict_threshold", r.VerdictThreshold)
	figures := func(field string, f quiz.AccuracyFigures) {
		if f.Answers < 0 {
			fe(field+".answers", "%d is negative", f.Answers)
		}
		fraction(field+".accuracy", f.Accuracy)
		fraction(field+".points", f.Points)
		fraction(field+".verdicts", f.Verdicts)
		if f.FlagPrecision != nil {
			fraction(field+".flag_precision", *f.FlagPrecision)
		}
		if f.FlagRecall != nil {
			fraction(field+".flag_recall", *f.FlagRecall)
		}
	}
	figures("overall", r.Overall)
	figures("holdout", r.Holdout)
	for i, qa := range r.Questions {
		field := fmt.Sprintf("questions[%d]", i)
		if _, ok := bank.ByID(qa.Question); !ok {
			fe(field+".question", "no question %q in the bank", qa.Question)
		}
		figures(field, qa.AccuracyFigures)
	}
	if err := joinErrs(errs); err != nil {
		return nil, err
	}
	return r, nil
}
