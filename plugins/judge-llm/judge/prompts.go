package judge

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"text/template"
)

// The prompts are files, one directory per version, so that a change to
// what the model is asked is a new version (and a new cache key), never an
// edit hidden in code. Each version holds:
//
//	system.tmpl            the system message of a Score call
//	score.tmpl             the user message of a Score call (Candidate, Items)
//	verdicts.schema.json   the JSON schema of a Score answer
//	self.tmpl              the user message of a SelfScore call (Candidate)
//	self.schema.json       the JSON schema of a SelfScore answer
//	extract.tmpl           the user message of an Extract call (Spans)
//	extract.schema.json    the JSON schema of an Extract answer
//
//go:embed prompts
var promptFS embed.FS

// prompts is one version's parsed templates and schemas.
type prompts struct {
	version        string
	system         string
	score, self    *template.Template
	extract        *template.Template
	verdictsSchema json.RawMessage
	selfSchema     json.RawMessage
	extractSchema  json.RawMessage
}

// promptSpan is how a span is shown to the model in extractor mode.
type promptSpan struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	Text   string `json:"text"`
}

// promptItem is how an item is shown to the model.
type promptItem struct {
	ID       string   `json:"id"`
	Category string   `json:"category"`
	Text     string   `json:"text"`
	KeyTerms []string `json:"key_terms,omitempty"`
}

func promptVersions() []string {
	entries, _ := fs.ReadDir(promptFS, "prompts")
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

func promptVersionExists(v string) bool {
	for _, have := range promptVersions() {
		if have == v {
			return true
		}
	}
	return false
}

// loadPrompts parses one version's files.
func loadPrompts(version string) (*prompts, error) {
	read := func(name string) ([]byte, error) {
		b, err := promptFS.ReadFile("prompts/" + version + "/" + name)
		if err != nil {
			return nil, fmt.Errorf("prompt version %s: %w", version, err)
		}
		return b, nil
	}
	funcs := template.FuncMap{"json": func(v any) (string, error) {
		b, err := json.Marshal(v)
		return string(b), err
	}}
	p := &prompts{version: version}
	sys, err := read("system.tmpl")
	if err != nil {
		return nil, err
	}
	p.system = string(sys)
	for _, t := range []struct {
		name string
		dst  **template.Template
	}{{"score.tmpl", &p.score}, {"self.tmpl", &p.self}, {"extract.tmpl", &p.extract}} {
		b, err := read(t.name)
		if err != nil {
			return nil, err
		}
		tmpl, err := template.New(t.name).Funcs(funcs).Option("missingkey=error").Parse(string(b))
		if err != nil {
			return nil, fmt.Errorf("prompt version %s: %s: %w", version, t.name, err)
		}
		*t.dst = tmpl
	}
	for _, s := range []struct {
		name string
		dst  *json.RawMessage
	}{{"verdicts.schema.json", &p.verdictsSchema}, {"self.schema.json", &p.selfSchema}, {"extract.schema.json", &p.extractSchema}} {
		b, err := read(s.name)
		if err != nil {
			return nil, err
		}
		if !json.Valid(b) {
			return nil, fmt.Errorf("prompt version %s: %s is not valid JSON", version, s.name)
		}
		*s.dst = json.RawMessage(compactJSON(b))
	}
	return p, nil
}

func compactJSON(b []byte) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b
	}
	return buf.Bytes()
}

// scoreMessages renders the messages of one Score call.
func (p *prompts) scoreMessages(candidate string, items []promptItem) ([]message, error) {
	var b bytes.Buffer
	if err := p.score.Execute(&b, struct {
		Candidate string
		Items     []promptItem
	}{candidate, items}); err != nil {
		return nil, fmt.Errorf("rendering score prompt %s: %w", p.version, err)
	}
	return []message{{Role: "system", Content: p.system}, {Role: "user", Content: b.String()}}, nil
}

// selfMessages renders the messages of one SelfScore call.
func (p *prompts) selfMessages(candidate string) ([]message, error) {
	var b bytes.Buffer
	if err := p.self.Execute(&b, struct{ Candidate string }{candidate}); err != nil {
		return nil, fmt.Errorf("rendering self prompt %s: %w", p.version, err)
	}
	return []message{{Role: "user", Content: b.String()}}, nil
}

// extractMessages renders the messages of one Extract call.
func (p *prompts) extractMessages(spans []promptSpan) ([]message, error) {
	var b bytes.Buffer
	if err := p.extract.Execute(&b, struct{ Spans []promptSpan }{spans}); err != nil {
		return nil, fmt.Errorf("rendering extract prompt %s: %w", p.version, err)
	}
	return []message{{Role: "user", Content: b.String()}}, nil
}
