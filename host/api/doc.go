// Package api is compactguard's orchestrator HTTP API, served by
// `compactguard serve`: JSON in and out over net/http, one route per guard
// operation (DESIGN.md "HTTP API"), the audit trail, Prometheus metrics and
// health checks. It decides nothing itself: every decision is the guard's
// (host/guard), made and recorded in one store update, and answered in the
// guard's Decision JSON.
//
// # Answers
//
// A refusal is a decision: 200 with allowed:false or accepted:false. Bad
// input is 400 with {"error", "field"} and nothing written (unknown JSON
// fields included); a body over api.max_body_bytes, or more spans in one
// request than api.max_spans_per_batch (an append's spans, a compaction's
// originals), is 413 with {"error", "limit", "max"} naming the setting
// and its value; a non-JSON content type 415. A missing session, or another tenant's, is 404 (never
// 403, which would tell a tenant the session exists). A store failure or a
// timeout is 503 and never an allowed decision: a decision that was not
// durably recorded was not made. Retrying with the same request_id is safe:
// the first decision is answered again and nothing new is recorded.
//
// Input is strict where encoding/json is lenient. A string (value or key)
// that is not valid UTF-8, or escapes half a surrogate pair, is 400 naming
// its field ("spans[1].text", "spans[0].meta.tool"), never replaced by
// U+FFFD: the host pins the bytes it is sent. A charset other than UTF-8
// is 415. A request_id is at most MaxRequestIDBytes (128) bytes of ASCII
// letters, digits and -._~, else 400 naming request_id. A budget is at
// most 2^30 tokens (guard.MaxBudgetTokens), else 400 naming tokens.
//
// # Authentication
//
// Each tenant's bearer token is read from the environment variable its
// `tenant` block names, at startup; tokens are kept as sha256 and compared
// in constant time against every tenant. No token or an unknown one is 401
// with WWW-Authenticate. A tenant sees and touches only its own sessions.
//
// PUT /v1/sessions/{id}/budget takes only the budget authority's
// credential (budget { authority }), which is not bound to a tenant: the
// authority can change any tenant's session budget, naming the tenant in
// the X-Compactguard-Tenant header or letting the server find the session
// among the configured tenants. A tenant's token there is 403, recorded in
// the session's audit trail as an `unauthorized` budget decision, and the
// budget is unchanged. A tenant whose token equals the authority's
// credential is refused at startup.
//
// # Names
//
// Session ids are scoped per tenant: two tenants may each hold "s1", and
// another tenant's id is as absent as one never used (404 on its routes;
// creating it is 201, never 409). Request ids are scoped per session, so
// per tenant too. On the budget endpoint the authority's request ids and
// a tenant's (its refused attempts) live apart from each other and from
// the ids a tenant uses elsewhere: the audit trail records them as
// "authority:ID" and "tenant:ID" (checkRequestID keeps ':' out of a
// caller's id, so no caller can name the other's). A change a release
// before recorded under the authority's bare id is still answered to
// its retry. As two tenants may each hold the session an authority names,
// the authority then names the tenant with X-Compactguard-Tenant (400
// without it).
//
// /healthz, /readyz, /metrics and /v1/openapi.json need no token: they
// carry no session data. The server listens on loopback by default and
// refuses a non-loopback address without TLS unless told -insecure.
//
// # Readiness
//
// /healthz is 200 while the process serves HTTP. /readyz is 200 only while
// the store commits and no configured plugin is unrecoverable; otherwise
// 503 with every problem named (component, plugin, cause code, since).
// The store is probed with a committed one-row write of its own
// (CommitProber; Ping for a store without it), at most once per
// Options.ReadyProbeEvery, so a flood of unauthenticated probes is not a
// flood of commits. A plugin is unrecoverable when its last restart
// failed or none handshook in time (plugins.StateUnrecoverable); one
// restarting after a crash is not, until its restart fails. Readiness
// comes back by itself: the supervisors keep retrying, and each look
// probes the store again. Paths, hosts and store errors go to the log.
//
// # Metrics
//
// compactguard_decisions_total{type,reason}, compactguard_anchored_score,
// compactguard_self_score, compactguard_score_gap (histograms),
// compactguard_http_request_duration_seconds{route,code},
// compactguard_store_errors_total, compactguard_ready,
// compactguard_unready_seconds_total, and per plugin {kind,name}
// compactguard_plugin_restarts_total, compactguard_plugin_failures_total,
// compactguard_plugin_restart_failures_total,
// compactguard_plugin_unrecoverable and
// compactguard_plugin_unrecoverable_seconds_total, on a registry of the
// server's own. Readiness is evaluated at each scrape too, so the time
// spent unready is measured even where nothing polls /readyz.
package api
