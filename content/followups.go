package content

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"lockdrill/quiz"
)

// followUpsFile holds the interviewer's follow-up questions of the mock
// rounds, in priority order. content/README.md documents the format.
const followUpsFile = "questions/followups.yaml"

type followUpsDoc struct {
	FollowUps []followUpMeta `yaml:"followups"`
}

// followUpMeta is one follow-up as written. The probe's fields mirror a
// free-text question's front matter and body sections, so a follow-up answer
// is graded by the same grader against the same kind of key points.
type followUpMeta struct {
	ID          string       `yaml:"id"`
	Question    string       `yaml:"question"`
	When        triggersMeta `yaml:"when"`
	Topic       string       `yaml:"topic"`
	Title       string       `yaml:"title"`
	Guide       string       `yaml:"guide"`
	Preset      string       `yaml:"preset"`
	Prompt      string       `yaml:"prompt"`
	ModelAnswer string       `yaml:"model_answer"`
	Explanation string       `yaml:"explanation"`
	Hints       []string     `yaml:"hints"`
	Points      []pointMeta  `yaml:"points"`
	Flags       *[]string    `yaml:"flags"`
	Covers      []string     `yaml:"covers"`
}

type triggerMeta struct {
	Questions []string `yaml:"questions"`
	Missed    []string `yaml:"missed"`
	Hit       []string `yaml:"hit"`
	Flags     []string `yaml:"flags"`
	Unflagged []string `yaml:"unflagged"`
	Said      []string `yaml:"said"`
	Unsaid    []string `yaml:"unsaid"`
}

// triggersMeta is a follow-up's "when": one trigger, or a list of
// alternatives of which any may fire.
type triggersMeta []triggerMeta

// UnmarshalYAML reads a single trigger or a list of them.
func (t *triggersMeta) UnmarshalYAML(unmarshal func(any) error) error {
	var list []triggerMeta
	if err := unmarshal(&list); err == nil {
		*t = list
		return nil
	}
	var one triggerMeta
	if err := unmarshal(&one); err != nil {
		return err
	}
	*t = triggersMeta{one}
	return nil
}

// LoadFollowUps reads questions/followups.yaml from fsys and compiles it
// against bank, with the bank's synonyms. A tree without the file has no
// follow-ups (an empty set, not an error). Errors name the file, the
// follow-up and the field.
func LoadFollowUps(fsys fs.FS, bank *quiz.Bank) (*quiz.FollowUps, error) {
	r := readFollowUps(fsys)
	if r.err != nil || r.list == nil {
		return r.compile(bank, nil)
	}
	var parser quiz.PatternParser
	syn, checkConcepts, err := loadSynonyms(fsys, &parser)
	if err == nil {
		err = checkConcepts()
	}
	if err != nil {
		return nil, err
	}
	return r.compile(bank, syn)
}

// followUpsRead is followups.yaml read and rendered: all of loading it
// that needs neither the question bank nor the synonyms, so that Load can
// do it while the questions load.
type followUpsRead struct {
	list []*quiz.FollowUp
	err  error
}

// compile compiles the follow-ups against bank, with the synonyms syn.
func (r followUpsRead) compile(bank *quiz.Bank, syn quiz.Synonyms) (*quiz.FollowUps, error) {
	return r.compileWith(bank, syn, &quiz.PatternParser{}, precompiledFollowUps)
}

// compileWith is compile with parser, given the patterns of the table
// precompiled ready parsed ("" for none; see precompiledPatterns).
func (r followUpsRead) compileWith(bank *quiz.Bank, syn quiz.Synonyms, parser *quiz.PatternParser, precompiled string) (*quiz.FollowUps, error) {
	if r.err != nil {
		return nil, r.err
	}
	if precompiled != "" {
		_, _ = parser.Preload(precompiled, syn) // what a stale table lacks is parsed
	}
	set, err := parser.NewFollowUps(r.list, bank, syn)
	if err != nil {
		return nil, &FieldError{File: followUpsFile, Msg: err.Error()}
	}
	return set, nil
}

func readFollowUps(fsys fs.FS) followUpsRead {
	list, err := readFollowUpList(fsys, newBlockRenderer())
	return followUpsRead{list: list, err: err}
}

func readFollowUpList(fsys fs.FS, md *blockRenderer) ([]*quiz.FollowUp, error) {
	src, err := fs.ReadFile(fsys, followUpsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", followUpsFile, err)
	}
	var doc followUpsDoc
	if err := decodeYAML(src, &doc); err != nil {
		return nil, &FieldError{File: followUpsFile, Msg: err.Error()}
	}
	var list []*quiz.FollowUp
	for i, m := range doc.FollowUps {
		q := &quiz.Question{
			ID: m.ID, Kind: quiz.KindFreeText, Topic: m.Topic, Title: strings.TrimSpace(m.Title),
			Guide: m.Guide, Preset: m.Preset, Hints: m.Hints,
		}
		for name, part := range map[string]struct {
			src string
			dst *quiz.Text
		}{"prompt": {m.Prompt, &q.Prompt}, "model_answer": {m.ModelAnswer, &q.ModelAnswer}, "explanation": {m.Explanation, &q.Explanation}} {
			text := strings.TrimSpace(part.src)
			if text == "" {
				continue
			}
			html, err := md.block(text)
			if err != nil {
				return nil, &FieldError{File: followUpsFile, Field: fmt.Sprintf("followups[%d].%s", i, name), Msg: err.Error()}
			}
			*part.dst = quiz.Text{Markdown: text, HTML: html}
		}
		if m.Flags != nil {
			q.Flags = append([]string{}, (*m.Flags)...)
		}
		for _, p := range m.Points {
			q.Points = append(q.Points, quiz.Point{ID: p.ID, Label: p.Label, Dimension: p.Dimension, Weight: p.Weight, Match: p.Match, Requires: p.Requires})
		}
		f := &quiz.FollowUp{ID: m.ID, Question: m.Question, Probe: q, Covers: m.Covers}
		for _, w := range m.When {
			f.When = append(f.When, quiz.Trigger{
				Questions: w.Questions, Missed: w.Missed, Hit: w.Hit, Flags: w.Flags, Unflagged: w.Unflagged, Said: w.Said, Unsaid: w.Unsaid,
			})
		}
		list = append(list, f)
	}
	return list, nil
}
