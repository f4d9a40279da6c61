package extractor

import (
	"strings"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// retried settles the failed attempts that tools reported: each failed
// tool answer is one attempt (its first failure line; the others are the
// same failure's details), and an attempt that a later call of the same
// tool and program got through ("1 failed, 7 passed", then after the fix
// "8 passed") is superseded by that answer: what the agent resumes from is
// the success, and a summary may drop the failure. A failure the agent
// states in its next words ("The webpack 5 upgrade failed because …", "The
// failure is banker's rounding") is the agent's record to keep, and the
// tool's lines give no item of their own.
func retried(r *frame.Reader, spans []sdk.Span, items []sdk.Item) []sdk.Item {
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
	heads := callHeads(spans)
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
		for q := p + 1; q < len(spans) && heads[p] != ""; q++ {
			if spans[q].Kind == "tool_result" && !failedAt[q] && heads[q] == heads[p] && spans[q].Meta["tool"] == spans[p].Meta["tool"] {
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

// callHeads maps each tool answer to the first word of the call it
// answers (the latest call of its tool before it): the program or verb
// ("pytest", "npm", "book"), lower-cased; "" when no call is known.
func callHeads(spans []sdk.Span) map[int]string {
	heads := map[int]string{}
	last := map[string]string{}
	for i, sp := range spans {
		switch sp.Kind {
		case "tool_call":
			if f := strings.Fields(sp.Text); len(f) > 0 {
				last[sp.Meta["tool"]] = strings.ToLower(f[0])
			}
		case "tool_result":
			heads[i] = last[sp.Meta["tool"]]
		}
	}
	return heads
}

// agentStatesFailure reports that the agent's next message after tool
// answer p, before its next call, names a failure (a lexicon's failure
// cue: "failed", "failure", "échoué").
func agentStatesFailure(r *frame.Reader, spans []sdk.Span, p int) bool {
	for q := p + 1; q < len(spans); q++ {
		switch spans[q].Kind {
		case "tool_call", "tool_result", "user":
			return false
		case "assistant":
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
