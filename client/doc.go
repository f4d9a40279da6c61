// Package client is the Go client of compactguard's orchestrator HTTP API
// (`compactguard serve`, package host/api). An orchestrator creates a
// session, appends the spans its agent sees, and asks before every
// compaction or policy edit; a refusal comes back as a decision
// (Allowed/Accepted false), never as an error. Errors are transport
// failures or *APIError: bad input (400, with the field), authentication
// (401/403), a missing session (404), or a store failure (503, retry with
// the same request_id).
//
// Request and response types are the server's own (host/api/wire) and
// decisions are guard.Decision, so both sides share one shape.
package client
