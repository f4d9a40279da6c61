// Package policy is compactguard's retention-policy language: it compiles
// the `policy` blocks of policies.hcl (and the HCL text a policy plugin
// proposes) into a Policy, classifies an edit between two policies, derives
// a policy's worst-case retained tokens on a live view, and applies a policy
// to select the spans it retains.
//
// It is the ground invariant 2 of the design stands on ("reject, never clip,
// an over-budget policy edit"): the guard asks Classify whether an edit is
// structural, asks WorstCase for the bound of the new policy on the current
// view and compares it with the budget itself; for a score-only edit it asks
// CheckScores. Because Select never retains more than WorstCase reports
// (Select(v).Tokens <= WorstCase(v).WorstCase for every view), a verified
// bound is a real bound, and nothing downstream has to truncate.
//
// The language is deliberately small. A policy is
//
//	policy "synthesize" {
//	  top_k = 40
//	  category "test_failures" {
//	    match = span.kind == "tool_result" && regex("FAIL|panic:", span.text)
//	    cap   = 20000
//	    score = max(span.recency, 0.5)
//	  }
//	}
//
// `match` and `score` are HCL native expressions over two variables, `span`
// (id, kind, text, tokens, turn, age, recency, meta, tags) and `context`
// (turn, live_tokens), and a fixed function library (see Functions). Nothing
// else can be referenced: a policy cannot read the environment, the budget
// or another policy. Expressions are compiled and type-checked once, when
// the policy is decoded, and evaluated by the host per span; plugins never
// evaluate them.
//
// A policy never carries the token budget (invariant 4). An attribute or
// block named budget, budget_tokens or tokens at the policy level is not a
// parse error: it sets Policy.CarriesBudget so the guard can refuse the edit
// as budget_change_requires_authority rather than as an invalid policy.
package policy
