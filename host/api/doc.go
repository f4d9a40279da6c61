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
// fields included); a body over api.max_body_bytes is 413; a non-JSON
// content type 415. A missing session, or another tenant's, is 404 (never
// 403, which would tell a tenant the session exists). A store failure or a
// timeout is 503 and never an allowed decision: a decision that was not
// durably recorded was not made. Retrying with the same request_id is safe:
// the first decision is answered again and nothing new is recorded.
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
// /healthz, /readyz, /metrics and /v1/openapi.json need no token: they
// carry no session data. The server listens on loopback by default and
// refuses a non-loopback address without TLS unless told -insecure.
//
// # Metrics
//
// compactguard_decisions_total{type,reason}, compactguard_anchored_score,
// compactguard_self_score, compactguard_score_gap (histograms),
// compactguard_http_request_duration_seconds{route,code},
// compactguard_plugin_restarts_total{kind,name} and
// compactguard_store_errors_total, on a registry of the server's own.
package api
