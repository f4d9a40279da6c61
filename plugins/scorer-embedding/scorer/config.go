package scorer

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// JudgeFrames is the one judge: both sides read into constraint frames
// and compared clause against clause (package framejudge). The attribute
// stays so that a config naming it keeps working.
const JudgeFrames = "frames"

// DefaultThreshold is the cosine a semantic pair needs (openai backend).
const DefaultThreshold = 0.75

// Backend names.
const (
	BackendHashed = "hashed"
	BackendOpenAI = "openai"
)

// DefaultWeights are the category weights of the anchored score.
// "other" weighs categories not listed.
var DefaultWeights = map[string]float64{
	sdk.CategoryProhibition:       3,
	sdk.CategoryNumericCommitment: 2,
	sdk.CategoryEntity:            2,
	sdk.CategoryFailedAttempt:     2,
	"other":                       1,
}

// Schema is the config schema the plugin declares in Describe.
var Schema = []sdk.ConfigAttribute{
	{Name: "judge", Type: "string", Description: `how items are judged: "frames" (constraint frames compared clause against clause; the only judge)`},
	{Name: "backend", Type: "string", Description: `embedder for semantic pairing: "hashed" (the default: pairing by words alone) or "openai" (any OpenAI-compatible /v1/embeddings endpoint: a rule the candidate paraphrases or translates is paired by meaning, then compared as a frame)`},
	{Name: "base_url", Type: "string", Description: "openai backend: API root such as https://api.openai.com/v1 or http://localhost:11434/v1 (required for openai)"},
	{Name: "model", Type: "string", Description: "openai backend: embedding model name"},
	{Name: "api_key_env", Type: "string", Description: "openai backend: name of the environment variable holding the API key; list it in the plugin block's env list too"},
	{Name: "batch_size", Type: "number", Description: "openai backend: texts per request (default 64)"},
	{Name: "timeout", Type: "string", Description: `openai backend: per-request timeout (default "30s")`},
	{Name: "max_attempts", Type: "number", Description: "openai backend: tries per batch on 429, 5xx and network errors (default 4)"},
	{Name: "cache_size", Type: "number", Description: "openai backend: vectors kept in the in-memory cache (default 8192; negative disables)"},
	{Name: "threshold", Type: "number", Description: "openai backend: the cosine in (0,1] a semantic pair needs (default 0.75)"},
	{Name: "workers", Type: "number", Description: "goroutines one Score call reads and judges on (default 0: one per CPU the plugin may use; 1 judges item after item, for a host whose many sessions already keep every CPU busy)"},
	{Name: "weights", Type: "map(string)", Description: "category => weight in the anchored score, numbers as strings (defaults prohibition 3, numeric_commitment 2, entity 2, failed_attempt 2, other 1)"},
}

// Config is the decoded, validated configuration.
type Config struct {
	Judge     string
	Backend   string
	OpenAI    embed.OpenAIConfig
	APIKeyEnv string
	Threshold float64
	Weights   map[string]float64
	// Workers is framejudge.Options.Workers (0: one per CPU).
	Workers int
}

// rawConfig mirrors the config block; numbers are accepted as JSON
// numbers or strings.
type rawConfig struct {
	Judge       string                     `json:"judge"`
	Backend     string                     `json:"backend"`
	Dims        json.RawMessage            `json:"dims"`
	BaseURL     string                     `json:"base_url"`
	Model       string                     `json:"model"`
	APIKeyEnv   string                     `json:"api_key_env"`
	BatchSize   json.RawMessage            `json:"batch_size"`
	Timeout     string                     `json:"timeout"`
	MaxAttempts json.RawMessage            `json:"max_attempts"`
	CacheSize   json.RawMessage            `json:"cache_size"`
	Threshold   json.RawMessage            `json:"threshold"`
	Weights     map[string]json.RawMessage `json:"weights"`
	Workers     json.RawMessage            `json:"workers"`
}

// ParseConfig decodes and validates a config block. getenv reads the API
// key; it may be nil. Every problem is reported, each naming its
// attribute; cfg is only meaningful when diags has no errors.
func ParseConfig(req *sdk.ConfigureRequest, getenv func(string) string) (Config, sdk.Diagnostics) {
	var diags sdk.Diagnostics
	cfg := Config{Judge: JudgeFrames, Backend: BackendHashed, Threshold: DefaultThreshold, Weights: map[string]float64{}}
	for k, v := range DefaultWeights {
		cfg.Weights[k] = v
	}
	var raw rawConfig
	if err := req.Decode(&raw); err != nil {
		return cfg, sdk.Diagnostics{sdk.Errorf("", "config is not a JSON object of constants: %v", err)}
	}
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
	switch j := strings.ToLower(strings.TrimSpace(raw.Judge)); j {
	case "", JudgeFrames:
	case "similarity":
		diags = append(diags, sdk.Errorf("judge", `the "similarity" judge was removed: the frame judge replaced it (remove the judge attribute; backend = "openai" adds pairing by meaning)`))
	default:
		diags = append(diags, sdk.Errorf("judge", "unknown judge %q: use %q", raw.Judge, JudgeFrames))
	}
	switch b := strings.ToLower(strings.TrimSpace(raw.Backend)); b {
	case "", BackendHashed:
		cfg.Backend = BackendHashed
	case BackendOpenAI:
		cfg.Backend = BackendOpenAI
	default:
		diags = append(diags, sdk.Errorf("backend", "unknown backend %q: use %q or %q", raw.Backend, BackendHashed, BackendOpenAI))
	}
	if len(raw.Dims) > 0 && string(raw.Dims) != "null" {
		diags = append(diags, sdk.Diagnostic{Severity: sdk.SeverityWarning, Attribute: "dims",
			Summary: "dims is no longer used: the hashed backend pairs by words alone and embeds nothing"})
	}
	intAttr("batch_size", raw.BatchSize, 1, 4096, &cfg.OpenAI.BatchSize)
	intAttr("max_attempts", raw.MaxAttempts, 1, 20, &cfg.OpenAI.MaxAttempts)
	intAttr("cache_size", raw.CacheSize, -1, 1<<24, &cfg.OpenAI.CacheSize)
	intAttr("workers", raw.Workers, 0, 1024, &cfg.Workers)
	if raw.Timeout != "" {
		d, err := time.ParseDuration(raw.Timeout)
		if err != nil || d <= 0 {
			diags = append(diags, sdk.Errorf("timeout", "must be a positive duration such as \"30s\", got %q", raw.Timeout))
		}
		cfg.OpenAI.Timeout = d
	}
	if f, ok, err := sdk.ConfigNumber(raw.Threshold); err != nil {
		diags = append(diags, sdk.Errorf("threshold", "%v", err))
	} else if ok && (f <= 0 || f > 1) {
		diags = append(diags, sdk.Errorf("threshold", "must be in (0,1], got %v", f))
	} else if ok {
		cfg.Threshold = f
	}
	keys := make([]string, 0, len(raw.Weights))
	for k := range raw.Weights {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, ok, err := sdk.ConfigNumber(raw.Weights[k])
		switch {
		case err != nil:
			diags = append(diags, sdk.Errorf("weights", "weight of %q: %v", k, err))
		case ok && (f < 0 || f > 1000):
			diags = append(diags, sdk.Errorf("weights", "weight of %q must be in [0,1000], got %v", k, f))
		case ok:
			cfg.Weights[k] = f
		}
	}
	cfg.OpenAI.BaseURL, cfg.OpenAI.Model, cfg.APIKeyEnv = raw.BaseURL, raw.Model, raw.APIKeyEnv
	if cfg.Backend == BackendOpenAI {
		if strings.TrimSpace(raw.BaseURL) == "" {
			diags = append(diags, sdk.Errorf("base_url", "the openai backend needs base_url, the API root such as https://api.openai.com/v1 or http://localhost:11434/v1"))
		}
		if strings.TrimSpace(raw.Model) == "" {
			diags = append(diags, sdk.Diagnostic{Severity: sdk.SeverityWarning, Attribute: "model", Summary: "no model set; the endpoint must have a default"})
		}
		if raw.APIKeyEnv != "" && getenv != nil {
			cfg.OpenAI.APIKey = getenv(raw.APIKeyEnv)
			if cfg.OpenAI.APIKey == "" {
				diags = append(diags, sdk.Diagnostic{Severity: sdk.SeverityWarning, Attribute: "api_key_env",
					Summary: fmt.Sprintf("environment variable %s is empty", raw.APIKeyEnv),
					Detail:  "the host passes plugins only the variables listed in the plugin block's env list; add it there"})
			}
		}
	} else if raw.BaseURL != "" || raw.Model != "" || raw.APIKeyEnv != "" {
		diags = append(diags, sdk.Diagnostic{Severity: sdk.SeverityWarning, Attribute: "backend", Summary: "base_url, model and api_key_env are ignored by the hashed backend"})
	}
	return cfg, diags
}

// embedder returns the embedder a config describes for semantic
// pairing: none for the hashed backend, whose vectors of hashed words add
// nothing to pairing by words.
func embedder(cfg Config) (embed.Embedder, error) {
	if cfg.Backend != BackendOpenAI {
		return nil, nil
	}
	return embed.NewOpenAI(cfg.OpenAI)
}
