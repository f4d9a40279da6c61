package judge

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/compactguard/compactguard/sdk"
)

// Defaults of the config attributes.
const (
	DefaultPromptVersion = "v1"
	DefaultTimeout       = 60 * time.Second
	DefaultMaxAttempts   = 3
	DefaultConcurrency   = 2
	DefaultBatchSize     = 12
	DefaultMaxCalls      = 24
	DefaultMaxTokens     = 200000
	DefaultCacheSize     = 4096
	DefaultMaxRetryWait  = 30 * time.Second
	// DefaultMaxAnswerTokens bounds each answer (max_tokens): a verdict
	// is a few dozen tokens, so a batch answer needs a few hundred.
	DefaultMaxAnswerTokens = 2048
)

// Response format modes.
const (
	// FormatAuto asks for json_schema and falls back to json_object once
	// the server says it lacks schema support.
	FormatAuto       = "auto"
	FormatJSONSchema = "json_schema"
	FormatJSONObject = "json_object"
)

// Schema is the config schema the plugin declares in Describe.
var Schema = []sdk.ConfigAttribute{
	{Name: "base_url", Type: "string", Required: true, Description: "API root of an OpenAI-compatible endpoint: http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM), http://localhost:8080/v1 (llama.cpp server), https://api.openai.com/v1"},
	{Name: "model", Type: "string", Required: true, Description: "model name sent as \"model\" (e.g. bespoke-minicheck, qwen2.5:7b-instruct, gpt-4o-mini)"},
	{Name: "api_key_env", Type: "string", Description: "name of the environment variable holding the API key, sent as a bearer token; list it in the plugin block's env list too (the host passes plugins no other variable)"},
	{Name: "prompt_version", Type: "string", Description: `prompt templates to use, a directory under the plugin's prompts/ (default "v1"); part of every cache key`},
	{Name: "temperature", Type: "number", Description: "sampling temperature (default 0: the same request gets the same answer as far as the server allows)"},
	{Name: "response_format", Type: "string", Description: `"auto" (json_schema, falling back to JSON mode when the server lacks schema support; the default), "json_schema" or "json_object"`},
	{Name: "timeout", Type: "string", Description: `per-call timeout (default "60s"); the plugin block's timeout bounds the whole decision and must be longer`},
	{Name: "max_attempts", Type: "number", Description: "tries per call on 429, 5xx, timeouts and network errors (default 3)"},
	{Name: "max_retry_wait", Type: "string", Description: `the longest wait between tries, also for a Retry-After header (default "30s")`},
	{Name: "concurrency", Type: "number", Description: "calls in flight at once, over all decisions (default 2)"},
	{Name: "batch_size", Type: "number", Description: "items asked about per call (default 12)"},
	{Name: "max_calls", Type: "number", Description: "HTTP calls one decision may make, retries included (default 24); past it the decision fails closed"},
	{Name: "max_tokens", Type: "number", Description: "tokens (prompt and answer) one decision may spend (default 200000); past it the decision fails closed"},
	{Name: "max_answer_tokens", Type: "number", Description: "max_tokens sent with each call (default 2048)"},
	{Name: "cache_size", Type: "number", Description: "verdicts kept in the in-memory cache (default 4096; 0 disables)"},
}

// Config is the decoded, validated configuration.
type Config struct {
	BaseURL         string
	Model           string
	APIKeyEnv       string
	APIKey          string
	PromptVersion   string
	Temperature     float64
	ResponseFormat  string
	Timeout         time.Duration
	MaxAttempts     int
	MaxRetryWait    time.Duration
	Concurrency     int
	BatchSize       int
	MaxCalls        int
	MaxTokens       int
	MaxAnswerTokens int
	CacheSize       int
}

// rawConfig mirrors the config block; numbers are accepted as JSON numbers
// or numeric strings.
type rawConfig struct {
	BaseURL         string          `json:"base_url"`
	Model           string          `json:"model"`
	APIKeyEnv       string          `json:"api_key_env"`
	PromptVersion   string          `json:"prompt_version"`
	Temperature     json.RawMessage `json:"temperature"`
	ResponseFormat  string          `json:"response_format"`
	Timeout         string          `json:"timeout"`
	MaxAttempts     json.RawMessage `json:"max_attempts"`
	MaxRetryWait    string          `json:"max_retry_wait"`
	Concurrency     json.RawMessage `json:"concurrency"`
	BatchSize       json.RawMessage `json:"batch_size"`
	MaxCalls        json.RawMessage `json:"max_calls"`
	MaxTokens       json.RawMessage `json:"max_tokens"`
	MaxAnswerTokens json.RawMessage `json:"max_answer_tokens"`
	CacheSize       json.RawMessage `json:"cache_size"`
}

// ParseConfig decodes and validates a config block. getenv reads the API
// key (nil reads nothing). Every problem is reported, each naming its
// attribute; cfg is only meaningful when diags has no errors. It makes no
// network call: `compactguard validate` starts the plugin without reaching
// the endpoint.
func ParseConfig(req *sdk.ConfigureRequest, getenv func(string) string) (Config, sdk.Diagnostics) {
	cfg := Config{
		PromptVersion: DefaultPromptVersion, ResponseFormat: FormatAuto,
		Timeout: DefaultTimeout, MaxAttempts: DefaultMaxAttempts, MaxRetryWait: DefaultMaxRetryWait,
		Concurrency: DefaultConcurrency, BatchSize: DefaultBatchSize, MaxCalls: DefaultMaxCalls,
		MaxTokens: DefaultMaxTokens, MaxAnswerTokens: DefaultMaxAnswerTokens, CacheSize: DefaultCacheSize,
	}
	var raw rawConfig
	if err := req.Decode(&raw); err != nil {
		return cfg, sdk.Diagnostics{sdk.Errorf("", "config is not a JSON object of constants: %v", err)}
	}
	var diags sdk.Diagnostics
	intAttr := func(name string, rawv json.RawMessage, lo, hi int, dst *int) {
		f, ok, err := sdk.ConfigNumber(rawv)
		switch {
		case err != nil:
			diags = append(diags, sdk.Errorf(name, "%v", err))
		case ok && (f != float64(int(f)) || int(f) < lo || int(f) > hi):
			diags = append(diags, sdk.Errorf(name, "must be a whole number between %d and %d, got %v", lo, hi, f))
		case ok:
			*dst = int(f)
		}
	}
	durAttr := func(name, s string, dst *time.Duration) {
		if s == "" {
			return
		}
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			diags = append(diags, sdk.Errorf(name, "must be a positive duration such as \"30s\", got %q", s))
			return
		}
		*dst = d
	}

	cfg.BaseURL = strings.TrimSpace(raw.BaseURL)
	if cfg.BaseURL == "" {
		diags = append(diags, sdk.Errorf("base_url", "is required: the API root, e.g. http://localhost:11434/v1"))
	} else if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		diags = append(diags, sdk.Errorf("base_url", "must start with http:// or https://, got %q", raw.BaseURL))
	}
	cfg.Model = strings.TrimSpace(raw.Model)
	if cfg.Model == "" {
		diags = append(diags, sdk.Errorf("model", "is required: the verdicts are cached and reported under the model's name"))
	}
	if v := strings.TrimSpace(raw.PromptVersion); v != "" {
		if !promptVersionExists(v) {
			diags = append(diags, sdk.Errorf("prompt_version", "no prompt templates %q in this build (have %s)", v, strings.Join(promptVersions(), ", ")))
		}
		cfg.PromptVersion = v
	}
	if f, ok, err := sdk.ConfigNumber(raw.Temperature); err != nil {
		diags = append(diags, sdk.Errorf("temperature", "%v", err))
	} else if ok && (f < 0 || f > 2) {
		diags = append(diags, sdk.Errorf("temperature", "must be in [0,2], got %v", f))
	} else if ok {
		cfg.Temperature = f
		if f != 0 {
			diags = append(diags, sdk.Diagnostic{Severity: sdk.SeverityWarning, Attribute: "temperature",
				Summary: "a temperature above 0 makes verdicts vary between calls; keep 0 for a judge"})
		}
	}
	switch f := strings.TrimSpace(raw.ResponseFormat); f {
	case "", FormatAuto:
	case FormatJSONSchema, FormatJSONObject:
		cfg.ResponseFormat = f
	default:
		diags = append(diags, sdk.Errorf("response_format", "unknown response format %q: use %q, %q or %q", raw.ResponseFormat, FormatAuto, FormatJSONSchema, FormatJSONObject))
	}
	durAttr("timeout", raw.Timeout, &cfg.Timeout)
	durAttr("max_retry_wait", raw.MaxRetryWait, &cfg.MaxRetryWait)
	intAttr("max_attempts", raw.MaxAttempts, 1, 20, &cfg.MaxAttempts)
	intAttr("concurrency", raw.Concurrency, 1, 64, &cfg.Concurrency)
	intAttr("batch_size", raw.BatchSize, 1, 200, &cfg.BatchSize)
	intAttr("max_calls", raw.MaxCalls, 1, 10000, &cfg.MaxCalls)
	intAttr("max_tokens", raw.MaxTokens, 1000, 100_000_000, &cfg.MaxTokens)
	intAttr("max_answer_tokens", raw.MaxAnswerTokens, 64, 1_000_000, &cfg.MaxAnswerTokens)
	intAttr("cache_size", raw.CacheSize, 0, 1<<24, &cfg.CacheSize)

	cfg.APIKeyEnv = strings.TrimSpace(raw.APIKeyEnv)
	if cfg.APIKeyEnv != "" && getenv != nil {
		cfg.APIKey = getenv(cfg.APIKeyEnv)
		if cfg.APIKey == "" {
			diags = append(diags, sdk.Errorf("api_key_env", "environment variable %s is unset or empty in the plugin: the host passes a plugin only the variables its block lists in env = [...]; add %q there and set it", cfg.APIKeyEnv, cfg.APIKeyEnv))
		}
	}
	return cfg, diags
}
