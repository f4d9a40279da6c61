package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// ErrEndpoint is wrapped by every failure of the chat endpoint itself
// (unreachable, timed out, a bad status after the last try).
var ErrEndpoint = errors.New("chat endpoint")

// ErrInvalidAnswer is wrapped when the endpoint answered but not with
// the schema's JSON: the host decides invalid_plugin_output.
var ErrInvalidAnswer = errors.New("model answer outside the schema")

// ErrCap is wrapped when a decision would pass max_calls or max_tokens.
var ErrCap = errors.New("per-decision cap reached")

// firstBackoff is the wait before the second try when the server gives
// no Retry-After; it doubles per try up to max_retry_wait.
const firstBackoff = 500 * time.Millisecond

// message is one chat message.
type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatRequest struct {
	Model          string          `json:"model"`
	Messages       []message       `json:"messages"`
	Temperature    float64         `json:"temperature"`
	MaxTokens      int             `json:"max_tokens,omitempty"`
	ResponseFormat json.RawMessage `json:"response_format,omitempty"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	} `json:"usage"`
}

// budget is one decision's allowance of calls and tokens, and what it
// spent (reported in the plugin's log per decision).
type budget struct {
	maxCalls, maxTokens int64
	calls, tokens       atomic.Int64
	start               time.Time
}

func newBudget(cfg Config) *budget {
	return &budget{maxCalls: int64(cfg.MaxCalls), maxTokens: int64(cfg.MaxTokens), start: time.Now()}
}

// take reserves one call of about est tokens, or says which cap it passes.
func (b *budget) take(est int64) error {
	if n := b.calls.Add(1); n > b.maxCalls {
		b.calls.Add(-1)
		return fmt.Errorf("%w: max_calls = %d calls for one decision; raise it, or lower batch_size's retries (max_attempts)", ErrCap, b.maxCalls)
	}
	if t := b.tokens.Add(est); t > b.maxTokens {
		b.tokens.Add(-est)
		return fmt.Errorf("%w: max_tokens = %d for one decision, and the next call needs about %d more (%d spent); raise max_tokens or shorten the candidate", ErrCap, b.maxTokens, est, t-est)
	}
	return nil
}

// settle replaces a call's estimate by what the server reports it used.
func (b *budget) settle(est, used int64) {
	if used > 0 {
		b.tokens.Add(used - est)
	}
}

// estimateTokens is a cautious count: about four bytes a token for
// English, fewer for other scripts, so bytes/3 over-counts rather than
// under-counts.
func estimateTokens(msgs []message) int64 {
	n := 0
	for _, m := range msgs {
		n += len(m.Content) + 8
	}
	return int64(n/3 + 1)
}

// client calls one OpenAI-compatible chat endpoint.
type client struct {
	cfg  Config
	url  string
	http *http.Client
	// jsonMode is set once the server has said it lacks json_schema
	// support: from then on every call asks for plain JSON mode.
	jsonMode atomic.Bool
	// sleep waits between tries; tests replace it to see the waits.
	sleep func(ctx context.Context, d time.Duration) error
}

func newClient(cfg Config) *client {
	u := strings.TrimRight(cfg.BaseURL, "/")
	switch {
	case strings.HasSuffix(u, "/chat/completions"):
	case strings.HasSuffix(u, "/v1"):
		u += "/chat/completions"
	default:
		u += "/v1/chat/completions"
	}
	c := &client{cfg: cfg, url: u, http: &http.Client{}, sleep: sleepCtx}
	c.jsonMode.Store(cfg.ResponseFormat == FormatJSONObject)
	return c
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// complete sends one chat request and returns the answer's content,
// retrying 429, 5xx, timeouts and network errors, and falling back to
// JSON mode once when the server rejects the json_schema format.
func (c *client) complete(ctx context.Context, b *budget, msgs []message, schemaName string, schema json.RawMessage) (string, error) {
	est := estimateTokens(msgs) + int64(c.cfg.MaxAnswerTokens)
	wait := firstBackoff
	var last error
	for attempt := 1; attempt <= c.cfg.MaxAttempts; attempt++ {
		if err := b.take(est); err != nil {
			if last != nil {
				return "", fmt.Errorf("%w (last failure: %v)", err, last)
			}
			return "", err
		}
		jsonMode := c.jsonMode.Load()
		content, used, retryAfter, outcome, err := c.post(ctx, msgs, schemaName, schema, jsonMode)
		b.settle(est, used)
		switch outcome {
		case done:
			return content, nil
		case schemaUnsupported:
			if !jsonMode && c.cfg.ResponseFormat == FormatAuto {
				// Not a failed try: the same call in the format the
				// server has.
				c.jsonMode.Store(true)
				attempt--
				last = err
				continue
			}
			return "", err
		case fatal:
			return "", err
		}
		last = err
		if attempt == c.cfg.MaxAttempts {
			break
		}
		d := wait
		if retryAfter > 0 {
			d = retryAfter
		}
		if err := c.sleep(ctx, min(d, c.cfg.MaxRetryWait)); err != nil {
			return "", fmt.Errorf("%w: waiting to retry after %v: %v", ErrEndpoint, last, err)
		}
		wait = min(wait*2, c.cfg.MaxRetryWait)
	}
	return "", fmt.Errorf("%w: %d tries failed; the last: %v", ErrEndpoint, c.cfg.MaxAttempts, last)
}

// outcome classifies one HTTP exchange.
type outcome int

const (
	done outcome = iota
	transient
	schemaUnsupported
	fatal
)

// post makes one HTTP request under the per-call timeout.
func (c *client) post(ctx context.Context, msgs []message, schemaName string, schema json.RawMessage, jsonMode bool) (content string, used int64, retryAfter time.Duration, o outcome, err error) {
	var format json.RawMessage
	if jsonMode {
		format = json.RawMessage(`{"type":"json_object"}`)
	} else {
		format, err = json.Marshal(map[string]any{
			"type":        "json_schema",
			"json_schema": map[string]any{"name": schemaName, "strict": true, "schema": schema},
		})
		if err != nil {
			return "", 0, 0, fatal, fmt.Errorf("encoding response_format: %w", err)
		}
	}
	body, err := json.Marshal(chatRequest{Model: c.cfg.Model, Messages: msgs, Temperature: c.cfg.Temperature, MaxTokens: c.cfg.MaxAnswerTokens, ResponseFormat: format})
	if err != nil {
		return "", 0, 0, fatal, fmt.Errorf("encoding request: %w", err)
	}
	rctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return "", 0, 0, fatal, fmt.Errorf("%w: %v", ErrEndpoint, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			// The decision's own deadline (the plugin block's timeout):
			// no time is left to retry.
			return "", 0, 0, fatal, fmt.Errorf("%w: %s: %v", ErrEndpoint, c.url, ctx.Err())
		}
		if rctx.Err() != nil {
			return "", 0, 0, transient, fmt.Errorf("%w: %s: no answer within timeout = %s", ErrEndpoint, c.url, c.cfg.Timeout)
		}
		return "", 0, 0, transient, fmt.Errorf("%w: %s: %v", ErrEndpoint, c.url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return "", 0, 0, transient, fmt.Errorf("%w: reading the answer of %s: %v", ErrEndpoint, c.url, err)
	}
	if resp.StatusCode != http.StatusOK {
		snippet := strings.TrimSpace(string(data))
		if len(snippet) > 300 {
			snippet = snippet[:300]
		}
		err := fmt.Errorf("%w: %s returned %s: %s", ErrEndpoint, c.url, resp.Status, snippet)
		switch {
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return "", 0, parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()), transient, err
		case !jsonMode && rejectsSchema(resp.StatusCode, data):
			return "", 0, 0, schemaUnsupported, err
		default:
			return "", 0, 0, fatal, err
		}
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil {
		return "", 0, 0, fatal, fmt.Errorf("%w: %s answered 200 with a body that is not a chat completion: %v", ErrInvalidAnswer, c.url, err)
	}
	if cr.Usage != nil {
		used = int64(cr.Usage.TotalTokens)
		if used == 0 {
			used = int64(cr.Usage.PromptTokens + cr.Usage.CompletionTokens)
		}
	}
	if len(cr.Choices) == 0 {
		return "", used, 0, fatal, fmt.Errorf("%w: %s answered with no choices", ErrInvalidAnswer, c.url)
	}
	ch := cr.Choices[0]
	if ch.FinishReason == "length" {
		return "", used, 0, fatal, fmt.Errorf("%w: the answer was cut at max_answer_tokens = %d; raise it or lower batch_size", ErrInvalidAnswer, c.cfg.MaxAnswerTokens)
	}
	return ch.Message.Content, used, 0, done, nil
}

// rejectsSchema reports whether an error answer says the server does not
// support the json_schema response format (OpenAI-compatible servers
// answer 400 or 422 naming the field; some 501).
func rejectsSchema(status int, body []byte) bool {
	if status != http.StatusBadRequest && status != http.StatusUnprocessableEntity && status != http.StatusNotImplemented {
		return false
	}
	b := strings.ToLower(string(body))
	return strings.Contains(b, "response_format") || strings.Contains(b, "json_schema")
}

// parseRetryAfter reads a Retry-After header: seconds or an HTTP date.
func parseRetryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if s, err := strconv.Atoi(h); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
