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
// (turn, live_tokens), and a fixed function library (see FunctionNames;
// regex takes the pattern first, as regexp.MatchString). Nothing else can
// be referenced: a policy cannot read the environment, the budget or
// another policy. A meta key a policy reads by name but a span lacks reads
// as "". Expressions are compiled and type-checked once, when the policy is
// decoded, and evaluated by the host per span; plugins never evaluate them.
//
// Evaluation is fast enough to re-derive a bound on every edit: the common
// predicates (attribute comparisons, && || !, regex, contains, startswith,
// endswith, lower, upper) are compiled to Go closures that compute exactly
// what HCL would (see plan), anything else is evaluated by HCL itself, and
// large views are scanned in parallel chunks. A 10,000-span, 1M-token view
// under a four-category policy takes about 10 ms.
//
// Everything fails closed: a match that is not a bool, a score that is not
// a number in [0,1], a top_k that is not a positive whole number make
// WorstCase, Select and CheckScores return an error (an *EvalError naming
// the policy, category, span and value), never a smaller answer.
//
// A policy never carries the token budget (invariant 4). An attribute or
// block named budget, budget_tokens or tokens at the policy level is not a
// parse error: it sets Policy.CarriesBudget so the guard can refuse the edit
// as budget_change_requires_authority rather than as an invalid policy.
package policy
