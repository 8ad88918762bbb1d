package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Limits on the words an export carries beside its scenario.
const (
	MaxExportTitle       = 120
	MaxExportDescription = 1000
)

// ExportMeta is what an exported timeline says about itself beside its
// scenario: the title it had, the lesson or note that described it, and
// the preset it came from. None of it changes the run.
type ExportMeta struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Preset      string `json:"preset,omitempty"`
}

// ParseExport reads a scenario that may carry an export's "title",
// "description" and "preset" at its top level: it returns the meta, and
// the scenario as Parse reads the rest (with Parse's errors). A meta field
// of the wrong type or too long is a *ValidationError naming it; an
// unknown preset id is not an error (a file from a later version may name
// one this build lacks), and the caller decides what it is worth.
func ParseExport(data []byte) (Scenario, ExportMeta, error) {
	var meta ExportMeta
	if len(data) > MaxInputBytes {
		sc, err := Parse(data)
		return sc, meta, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil || top == nil {
		// Parse places syntax errors in the original text.
		sc, err := Parse(data)
		return sc, meta, err
	}
	found := false
	for _, f := range []struct {
		name  string
		max   int
		value *string
	}{
		{"title", MaxExportTitle, &meta.Title},
		{"description", MaxExportDescription, &meta.Description},
		{"preset", 64, &meta.Preset},
	} {
		raw, ok := top[f.name]
		if !ok {
			continue
		}
		found = true
		delete(top, f.name)
		if err := json.Unmarshal(raw, f.value); err != nil {
			return Scenario{}, ExportMeta{}, &ValidationError{Field: f.name, Msg: "must be a string"}
		}
		if n := utf8.RuneCountInString(*f.value); n > f.max {
			return Scenario{}, ExportMeta{}, &ValidationError{Field: f.name, Msg: fmt.Sprintf("is %d characters, more than the limit of %d", n, f.max)}
		}
	}
	if !found {
		sc, err := Parse(data)
		return sc, meta, err
	}
	rest, err := json.Marshal(top)
	if err != nil {
		return Scenario{}, ExportMeta{}, err
	}
	sc, err := Parse(rest)
	return sc, meta, err
}

// MarshalExport writes sc as an indented export with meta's fields first,
// so that a reader of the file sees what it is before how it runs.
// ParseExport reads it back whole.
func MarshalExport(sc Scenario, meta ExportMeta) ([]byte, error) {
	body, err := marshalPlain(sc)
	if err != nil {
		return nil, err
	}
	head, err := marshalPlain(meta)
	if err != nil {
		return nil, err
	}
	var joined []byte
	switch {
	case bytes.Equal(head, []byte("{}")):
		joined = body
	case bytes.Equal(body, []byte("{}")):
		joined = head
	default:
		joined = append(append(head[:len(head)-1:len(head)-1], ','), body[1:]...)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, joined, "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// marshalPlain is json.Marshal without escaping <, > and &, which a file
// meant to be read need not escape.
func marshalPlain(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
