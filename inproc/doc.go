// Package inproc runs compactguard inside a Go program: no server to
// start, no HTTP. A program opens a configuration (its own policies.hcl, or
// the built-in default), creates a session, appends the spans its agent
// sees, and proposes each compaction before it uses it. The answer is the
// same decision `compactguard serve` gives (guard.Decision, the JSON of
// DESIGN.md "Decision JSON"), refusal and repair included.
//
// It is the host itself, not a copy: Open starts the configured plugins as
// real processes over go-plugin (host/runtime), opens the configured store
// (memory, SQLite or PostgreSQL) and builds the guard that holds the four
// invariants (host/guard). A session written here can be read by
// `compactguard serve` on the same store, under the same tenant.
//
//	g, err := inproc.Open(ctx, "policies.hcl", inproc.Options{})
//	if err != nil { ... }
//	defer g.Close() // stops the plugin processes
//	s, err := g.CreateSession(ctx, "run-42")
//	_, err = s.Append(ctx, spans...)
//	d, err := s.Compact(ctx, inproc.CompactionRequest{ID: "sum-1", Covers: ids, Summary: text})
//	if !*d.Allowed {
//		// d.Reason says why; d.Repair holds the lost sentences, verbatim.
//		d, err = s.Compact(ctx, inproc.CompactionRequest{ID: "sum-1", Covers: ids, Summary: inproc.Repaired(text, d)})
//	}
//
// A refusal is a decision, never an error. Errors are bad input
// (*InputError, naming the field; nothing was written), a missing or
// duplicate session (ErrSessionNotFound, ErrSessionExists), a closed
// Guard (ErrClosed), a configuration problem (IsConfigError; the text has
// a file:line:col line per problem) or a store failure. A plugin that
// crashes, hangs or lies is not an error either: the decision refuses
// with plugin_failure or invalid_plugin_output (it fails closed).
//
// Every call that can block takes a context.Context. A Guard is safe for
// concurrent use; the store serialises decisions per session.
//
// The framework adapters in examples/eino-finalize and
// examples/adk-summarizer are built on this package; docs/integrations/
// embedding.md is the guide.
package inproc
