package session

import (
	"bytes"
	"testing"
)

// FuzzImportClaudeCode feeds arbitrary bytes to ImportClaudeCode as a
// Claude Code transcript. It must never panic, never return events with
// an error, and every event it returns must be one Parse would accept
// (checkEvents): an importer is not a way around the session format's
// checks. Seeds: the importer's test transcripts (testdata/fuzz).
//
// Short pass: go test -run '^$' -fuzz '^FuzzImportClaudeCode$' -fuzztime 5s ./host/session/
func FuzzImportClaudeCode(f *testing.F) {
	f.Add([]byte(`{"type":"user","uuid":"u1","message":{"role":"user","content":"do not run DROP TABLE"}}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, _, err := ImportClaudeCode(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			if events != nil {
				t.Fatalf("ImportClaudeCode returned %d events with an error", len(events))
			}
			checkErrors(t, err, data)
			return
		}
		checkEvents(t, events, "fuzz.jsonl", data, false)
	})
}

// FuzzImportOpenAI is FuzzImportClaudeCode for ImportOpenAI (a JSON array
// of chat messages, a request object with "messages", or JSONL).
//
// Short pass: go test -run '^$' -fuzz '^FuzzImportOpenAI$' -fuzztime 5s ./host/session/
func FuzzImportOpenAI(f *testing.F) {
	f.Add([]byte(`[{"role":"system","content":"Never run DROP TABLE on legacy_orders."},{"role":"user","content":"go"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, _, err := ImportOpenAI(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			if events != nil {
				t.Fatalf("ImportOpenAI returned %d events with an error", len(events))
			}
			return
		}
		checkEvents(t, events, "fuzz.json", data, false)
	})
}
