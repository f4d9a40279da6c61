package extractor

import (
	"encoding/json"
	"sort"
	"strings"
	"unicode"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// retried settles the failed attempts that tools reported: each failed
// tool answer is one attempt (its first failure line; the others are the
// same failure's details), and an attempt that a later call of the same
// tool and program, naming the same subjects, got through ("1 failed, 7
// passed", then after the fix "8 passed") is superseded by that answer: what the agent resumes from is
// the success, and a summary may drop the failure. A failure the agent
// states in its next words ("The webpack 5 upgrade failed because …", "The
// failure is banker's rounding") is the agent's record to keep, and the
// tool's lines give no item of their own.
//
// calls maps each tool answer to its call's arguments (answeredCalls).
func retried(r *frame.Reader, spans []sdk.Span, calls map[int]string, items []sdk.Item) []sdk.Item {
	pos := make(map[string]int, len(spans))
	for i, sp := range spans {
		pos[sp.ID] = i
	}
	failedAt := map[int]bool{} // tool answers holding a failure line
	for _, it := range items {
		if p, ok := pos[it.Span]; ok && it.Category == sdk.CategoryFailedAttempt && spans[p].Kind == "tool_result" {
			failedAt[p] = true
		}
	}
	if len(failedAt) == 0 {
		return items
	}
	seen := map[int]bool{}
	out := items[:0]
	for _, it := range items {
		p, ok := pos[it.Span]
		if !ok || it.Category != sdk.CategoryFailedAttempt || spans[p].Kind != "tool_result" {
			out = append(out, it)
			continue
		}
		if seen[p] {
			continue // the same failure's detail lines
		}
		seen[p] = true
		if agentStatesFailure(r, spans, p) {
			continue
		}
		head := callHead(calls[p]) // the program or verb: "pytest", "npm", "book"
		for q := p + 1; q < len(spans) && head != ""; q++ {
			if spans[q].Kind == "tool_result" && !failedAt[q] && spans[q].Meta["tool"] == spans[p].Meta["tool"] && callHead(calls[q]) == head && sameSubjects(calls[p], calls[q]) {
				f := sdk.Frame{Modality: sdk.ModalityFailed, Status: sdk.StatusSuperseded, ChangedBy: spans[q].ID}
				if it.Frame != nil {
					f = *it.Frame
					f.Status, f.ChangedBy = sdk.StatusSuperseded, spans[q].ID
				}
				it.Frame = &f
				break
			}
		}
		out = append(out, it)
	}
	return out
}

// sameSubjects reports whether a later call names every subject of the
// failed one: each of its words that holds a letter and a digit
// ("parti=K-14", "--order=4471"; not "tail -8" or "2>&1"). Checking batch
// K-15 after batch K-14 failed is another subject, not a retry; "pytest
// -q" after "pytest tests -q" names none and is one.
func sameSubjects(failed, later string) bool {
	have := map[string]bool{}
	for _, w := range callWords(later) {
		have[w] = true
	}
	for _, w := range callWords(failed) {
		if strings.ContainsFunc(w, unicode.IsDigit) && strings.ContainsFunc(w, unicode.IsLetter) && !have[w] {
			return false
		}
	}
	return true
}

// callWords splits a call's arguments into words, without the quotes,
// brackets and separators of JSON.
func callWords(args string) []string {
	return strings.FieldsFunc(args, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`"'{}[],`, r)
	})
}

// answeredCalls maps each tool answer to the arguments of the call it
// answers (callArgs): the latest call of its tool before it.
func answeredCalls(spans []sdk.Span) map[int]string {
	out := map[int]string{}
	last := map[string]string{}
	for i, sp := range spans {
		switch sp.Kind {
		case "tool_call":
			last[sp.Meta["tool"]] = callArgs(sp.Meta["tool"], sp.Text)
		case "tool_result":
			if args, ok := last[sp.Meta["tool"]]; ok {
				out[i] = args
			}
		}
	}
	return out
}

// callArgs is a tool call's text without the tool's own name, which the
// transcript importers write first ("Bash {\"command\":\"pytest -q\"}").
func callArgs(tool, text string) string {
	text = strings.TrimSpace(text)
	if f := strings.Fields(text); tool != "" && len(f) > 0 && strings.EqualFold(f[0], tool) {
		text = strings.TrimSpace(text[len(f[0]):])
	}
	return text
}

// callHead is the first word of what a call with arguments args runs: of
// its command when they are a JSON object with one ("command", "cmd"), else of its
// first string argument, else of its text.
func callHead(args string) string {
	if strings.HasPrefix(args, "{") {
		var in map[string]any
		if json.Unmarshal([]byte(args), &in) == nil {
			args = ""
			for _, k := range []string{"command", "cmd"} {
				if v, ok := in[k].(string); ok {
					args = v
					break
				}
			}
			if args == "" {
				keys := make([]string, 0, len(in))
				for k := range in {
					keys = append(keys, k)
				}
				sort.Strings(keys) // a map's order is random: the same call, the same head
				for _, k := range keys {
					if v, ok := in[k].(string); ok && v != "" {
						args = v
						break
					}
				}
			}
		}
	}
	if f := strings.Fields(args); len(f) > 0 {
		return strings.ToLower(f[0])
	}
	return ""
}

// agentStatesFailure reports that the agent's next message after tool
// answer p, before its next call or the person's next words (injected
// harness text in between is skipped), names a failure (a lexicon's failure
// cue: "failed", "failure", "échoué").
func agentStatesFailure(r *frame.Reader, spans []sdk.Span, p int) bool {
	for q := p + 1; q < len(spans); q++ {
		switch {
		case spans[q].Kind == "tool_call" || spans[q].Kind == "tool_result" || sdk.SpanSource(spans[q]) == sdk.SourceHuman:
			return false
		case spans[q].Kind == "assistant":
			d := r.Read(spans[q].Text)
			for k := range d.Toks {
				if d.Class(k)&lexicon.Failed != 0 {
					return true
				}
			}
			return false
		}
	}
	return false
}
