// Package invcheck is compactguard's independent invariant checker: it
// reads what a load generator sent and was answered (a Log of Events) and
// each session's audit trail (GET /v1/sessions/{id}/decisions), and
// verifies that DESIGN.md's four invariants held, that the decision hash
// chain verifies, and that every acknowledged decision is in the audit
// trail with the same body.
//
// It shares no code with the guard's decision path, on purpose: a checker
// that reused host/guard, host/policy, host/ledger or the plugins would
// inherit their bugs and agree with them. It imports only the standard
// library and the tokenizer (to count tokens itself), re-implements the
// documented hash-chain scheme (ledger.ContentHash / ChainHash), decodes
// decisions into its own structs, and rebuilds each session's live view,
// budget and phase bookkeeping from the generator's requests. Where the
// guard's answer can be judged without the guard — a planted prohibition
// missing from an allowed summary, a budget change accepted without the
// authority's credential, a match-everything policy whose worst case the
// checker can compute — it judges from what the generator knows, not from
// what the decision claims.
//
// cmd/cgload produces the Log; the checker's verdict is a Report whose
// Violations must be empty.
package invcheck
