package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
)

// The API's request and response shapes, re-exported so callers need
// import only this package.
type (
	Span              = wire.Span
	CompactionRequest = wire.CompactionRequest
	SelectionRequest  = wire.SelectionRequest
	PolicyEditRequest = wire.PolicyEditRequest
	SignalRef         = wire.SignalRef
	BudgetRequest     = wire.BudgetRequest
	AppendResult      = wire.AppendResult
	SessionState      = wire.SessionState
	SessionList       = wire.SessionList
	Items             = wire.Items
	AuditTrail        = wire.AuditTrail
	Health            = wire.Health
	Decision          = guard.Decision
)

// APIError is an answer other than success: Status is the HTTP status,
// Message the server's error text and Field the request field at fault
// (for 400s). On a 403 from the budget endpoint Decision holds the
// `unauthorized` decision the server recorded.
type APIError struct {
	Status   int
	Message  string
	Field    string
	Decision *guard.Decision
	// Limit and Max name the setting a 413 exceeded and its value
	// ("api.max_spans_per_batch", 4096): send less per request.
	Limit string
	Max   int64
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("compactguard: %d %s", e.Status, http.StatusText(e.Status))
	if e.Field != "" {
		msg += ": " + e.Field
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// StatusOf returns the HTTP status of an *APIError in err's chain, or 0.
func StatusOf(err error) int {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Status
	}
	return 0
}

// Client calls one compactguard server with one bearer token: a tenant's
// token, or for ChangeBudget the budget authority's credential (see
// WithToken). It is safe for concurrent use.
type Client struct {
	base   string
	token  string
	http   *http.Client
	header http.Header
}

// Option adjusts a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client (TLS roots, timeouts, transport).
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithHeader adds a header to every request (e.g. X-Compactguard-Tenant
// for the budget authority).
func WithHeader(key, value string) Option {
	return func(c *Client) { c.header.Add(key, value) }
}

// New returns a client of the server at baseURL ("http://127.0.0.1:7700")
// that presents token as its bearer credential.
func New(baseURL, token string, opts ...Option) *Client {
	c := &Client{base: strings.TrimRight(baseURL, "/"), token: token, http: http.DefaultClient, header: http.Header{}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// WithToken returns a copy of the client that presents another bearer
// credential (the budget authority's, for ChangeBudget).
func (c *Client) WithToken(token string, opts ...Option) *Client {
	cp := *c
	cp.token = token
	cp.header = c.header.Clone()
	for _, o := range opts {
		o(&cp)
	}
	return &cp
}

func sessionPath(id string, rest ...string) string {
	p := "/v1/sessions/" + url.PathEscape(id)
	for _, r := range rest {
		p += "/" + r
	}
	return p
}

// do sends one request and decodes a 2xx answer into out.
func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("compactguard: encoding %s %s: %w", method, path, err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return fmt.Errorf("compactguard: %s %s: %w", method, path, err)
	}
	for k, vs := range c.header {
		req.Header[k] = append([]string(nil), vs...)
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("compactguard: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("compactguard: reading the answer to %s %s: %w", method, path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		ae := &APIError{Status: resp.StatusCode}
		var eb struct {
			wire.Error
			Reason string `json:"reason"`
		}
		if json.Unmarshal(raw, &eb) == nil {
			ae.Message, ae.Field, ae.Decision = eb.Error.Error, eb.Field, eb.Decision
			ae.Limit, ae.Max = eb.Limit, eb.Max
			if ae.Message == "" {
				ae.Message = eb.Reason
			}
		} else {
			ae.Message = strings.TrimSpace(string(raw))
		}
		return ae
	}
	if out == nil {
		return nil
	}
	if b, ok := out.(*[]byte); ok {
		*b = raw
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("compactguard: decoding the answer to %s %s: %w", method, path, err)
	}
	return nil
}

// CreateSession creates a session; an empty id asks the server to make one.
func (c *Client) CreateSession(ctx context.Context, id string) (*SessionState, error) {
	var out SessionState
	if err := c.do(ctx, http.MethodPost, "/v1/sessions", wire.CreateSessionRequest{ID: id}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Sessions lists the caller tenant's sessions, oldest first.
func (c *Client) Sessions(ctx context.Context) (*SessionList, error) {
	var out SessionList
	if err := c.do(ctx, http.MethodGet, "/v1/sessions", nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Session returns a session's state.
func (c *Client) Session(ctx context.Context, id string) (*SessionState, error) {
	var out SessionState
	if err := c.do(ctx, http.MethodGet, sessionPath(id), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Append pins spans in the session's ledger.
func (c *Client) Append(ctx context.Context, id string, spans []Span) (*AppendResult, error) {
	var out AppendResult
	if err := c.do(ctx, http.MethodPost, sessionPath(id, "spans"), wire.AppendRequest{Spans: spans}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Items returns the decision-relevant set of the live view.
func (c *Client) Items(ctx context.Context, id string) (*Items, error) {
	var out Items
	if err := c.do(ctx, http.MethodGet, sessionPath(id, "items"), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) decide(ctx context.Context, method, path string, in any) (*Decision, error) {
	var out Decision
	if err := c.do(ctx, method, path, in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Compact proposes a compaction. A refusal is a decision, not an error.
func (c *Client) Compact(ctx context.Context, id string, req CompactionRequest) (*Decision, error) {
	return c.decide(ctx, http.MethodPost, sessionPath(id, "compactions"), req)
}

// Select asks the host to apply the active policy and compact the rest.
func (c *Client) Select(ctx context.Context, id string, req SelectionRequest) (*Decision, error) {
	return c.decide(ctx, http.MethodPost, sessionPath(id, "selections"), req)
}

// PhaseSignal takes and freezes a phase signal; requestID may be empty.
func (c *Client) PhaseSignal(ctx context.Context, id, requestID string) (*Decision, error) {
	return c.decide(ctx, http.MethodPost, sessionPath(id, "phase-signals"), wire.PhaseSignalRequest{RequestID: requestID})
}

// EditPolicy proposes a policy edit.
func (c *Client) EditPolicy(ctx context.Context, id string, req PolicyEditRequest) (*Decision, error) {
	return c.decide(ctx, http.MethodPost, sessionPath(id, "policy-edits"), req)
}

// ChangeBudget changes the session's budget. The client's token must be
// the budget authority's credential; with a tenant token the server
// answers 403 (an *APIError whose Decision is the recorded refusal).
func (c *Client) ChangeBudget(ctx context.Context, id string, req BudgetRequest) (*Decision, error) {
	return c.decide(ctx, http.MethodPut, sessionPath(id, "budget"), req)
}

// Decisions returns the audit trail and whether its hash chains verify.
func (c *Client) Decisions(ctx context.Context, id string) (*AuditTrail, error) {
	var out AuditTrail
	if err := c.do(ctx, http.MethodGet, sessionPath(id, "decisions"), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// OpenAPI returns the server's OpenAPI document.
func (c *Client) OpenAPI(ctx context.Context) ([]byte, error) {
	var out []byte
	if err := c.do(ctx, http.MethodGet, "/v1/openapi.json", nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Health is /healthz: nil while the server runs.
func (c *Client) Health(ctx context.Context) error {
	return c.do(ctx, http.MethodGet, "/healthz", nil, nil)
}

// Ready is /readyz: nil when the store commits and no plugin is
// unrecoverable; otherwise an *APIError (503) whose Message is the reason
// (the first problem; the body, wire.Health, lists them all).
func (c *Client) Ready(ctx context.Context) error {
	return c.do(ctx, http.MethodGet, "/readyz", nil, nil)
}

// Metrics returns the Prometheus text exposition.
func (c *Client) Metrics(ctx context.Context) (string, error) {
	var out []byte
	if err := c.do(ctx, http.MethodGet, "/metrics", nil, &out); err != nil {
		return "", err
	}
	return string(out), nil
}
