package embed

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	lrucache "github.com/hashicorp/golang-lru/v2"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// OpenAI defaults.
const (
	DefaultBatchSize   = 64
	DefaultMaxAttempts = 4
	DefaultCacheSize   = 8192
	DefaultTimeout     = 30 * time.Second
	DefaultBackoff     = 200 * time.Millisecond
	maxBackoff         = 5 * time.Second
)

// ErrEndpoint is wrapped by every error the embeddings endpoint causes
// (bad status, bad JSON, retries exhausted); test for it with errors.Is.
var ErrEndpoint = errors.New("embeddings endpoint")

// OpenAIConfig configures an OpenAI-compatible embeddings client.
type OpenAIConfig struct {
	// BaseURL is the API root, e.g. "https://api.openai.com/v1",
	// "http://localhost:11434/v1" (Ollama), "http://localhost:8000/v1"
	// (vLLM), "http://localhost:8080" (llama.cpp server, TEI). Requests go
	// to BaseURL + "/embeddings" when it ends in /v1, else to BaseURL +
	// "/v1/embeddings"; a BaseURL ending in /embeddings is used as is.
	BaseURL string
	// Model is sent as "model".
	Model string
	// APIKey, when set, is sent as a bearer token.
	APIKey string
	// BatchSize is the most texts per request (DefaultBatchSize if <= 0).
	BatchSize int
	// Timeout bounds each HTTP request (DefaultTimeout if <= 0).
	Timeout time.Duration
	// MaxAttempts bounds the tries per batch (DefaultMaxAttempts if <= 0).
	MaxAttempts int
	// Backoff is the first retry delay, doubled per retry up to 5s
	// (DefaultBackoff if <= 0).
	Backoff time.Duration
	// CacheSize bounds the vector cache in entries (DefaultCacheSize if
	// 0; negative disables it).
	CacheSize int
	// Client is the HTTP client (a new one if nil).
	Client *http.Client
}

// OpenAI is an Embedder backed by an OpenAI-compatible /v1/embeddings
// endpoint. It is safe for concurrent use.
type OpenAI struct {
	cfg   OpenAIConfig
	url   string
	cache *lru
}

// NewOpenAI validates cfg and returns a client.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	if strings.TrimSpace(cfg.BaseURL) == "" {
		return nil, errors.New("base_url is required for the openai backend: set it to the API root, e.g. http://localhost:11434/v1")
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = DefaultBatchSize
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.CacheSize == 0 {
		cfg.CacheSize = DefaultCacheSize
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{}
	}
	u := strings.TrimRight(cfg.BaseURL, "/")
	switch {
	case strings.HasSuffix(u, "/embeddings"):
	case strings.HasSuffix(u, "/v1"):
		u += "/embeddings"
	default:
		u += "/v1/embeddings"
	}
	o := &OpenAI{cfg: cfg, url: u}
	if cfg.CacheSize > 0 {
		o.cache = newLRU(cfg.CacheSize)
	}
	return o, nil
}

// URL returns the endpoint requests are sent to.
func (o *OpenAI) URL() string { return o.url }

type embeddingRequest struct {
	Model string   `json:"model"`
	Input []string `json:"input"`
}

type embeddingResponse struct {
	Data []struct {
		Embedding []float32 `json:"embedding"`
		Index     int       `json:"index"`
	} `json:"data"`
}

// Embed implements Embedder: cached texts are answered from the cache, the
// others are sent in batches of BatchSize.
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var missing []int
	keys := make([][32]byte, len(texts))
	for i, t := range texts {
		keys[i] = sha256.Sum256([]byte(o.cfg.Model + "\x00" + t))
		if v, ok := o.cache.get(keys[i]); ok {
			out[i] = v
			continue
		}
		missing = append(missing, i)
	}
	for len(missing) > 0 {
		n := min(len(missing), o.cfg.BatchSize)
		batch := missing[:n]
		missing = missing[n:]
		input := make([]string, n)
		for j, i := range batch {
			input[j] = texts[i]
		}
		vecs, err := o.embedBatch(ctx, input)
		if err != nil {
			return nil, err
		}
		for j, i := range batch {
			out[i] = vecs[j]
			o.cache.put(keys[i], vecs[j])
		}
	}
	return out, nil
}

// embedBatch sends one batch, retrying 429, 5xx and network errors.
func (o *OpenAI) embedBatch(ctx context.Context, input []string) ([][]float32, error) {
	body, err := json.Marshal(embeddingRequest{Model: o.cfg.Model, Input: input})
	if err != nil {
		return nil, err
	}
	delay := o.cfg.Backoff
	var last error
	for attempt := 1; attempt <= o.cfg.MaxAttempts; attempt++ {
		vecs, retryAfter, retry, err := o.post(ctx, body, len(input))
		if err == nil {
			return vecs, nil
		}
		last = err
		if !retry || attempt == o.cfg.MaxAttempts {
			break
		}
		wait := delay
		if retryAfter > 0 {
			wait = min(retryAfter, maxBackoff)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
		delay = min(delay*2, maxBackoff)
	}
	return nil, last
}

// post makes one request. retry says whether the failure is transient.
func (o *OpenAI) post(ctx context.Context, body []byte, n int) (vecs [][]float32, retryAfter time.Duration, retry bool, err error) {
	rctx, cancel := context.WithTimeout(ctx, o.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, o.url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, false, fmt.Errorf("%w: %v", ErrEndpoint, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if o.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
	}
	resp, err := o.cfg.Client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, false, ctx.Err()
		}
		return nil, 0, true, fmt.Errorf("%w: %s: %v", ErrEndpoint, o.url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return nil, 0, true, fmt.Errorf("%w: reading response: %v", ErrEndpoint, err)
	}
	if resp.StatusCode != http.StatusOK {
		transient := resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
			retryAfter = time.Duration(s) * time.Second
		}
		snippet := strings.TrimSpace(string(data))
		if len(snippet) > 200 {
			snippet = snippet[:200]
		}
		return nil, retryAfter, transient, fmt.Errorf("%w: %s returned %s: %s", ErrEndpoint, o.url, resp.Status, snippet)
	}
	var er embeddingResponse
	if err := json.Unmarshal(data, &er); err != nil {
		return nil, 0, false, fmt.Errorf("%w: decoding response: %v", ErrEndpoint, err)
	}
	if len(er.Data) != n {
		return nil, 0, false, fmt.Errorf("%w: got %d embeddings for %d inputs", ErrEndpoint, len(er.Data), n)
	}
	vecs = make([][]float32, n)
	for _, d := range er.Data {
		if d.Index < 0 || d.Index >= n || vecs[d.Index] != nil {
			return nil, 0, false, fmt.Errorf("%w: bad or repeated index %d", ErrEndpoint, d.Index)
		}
		vecs[d.Index] = Normalize(d.Embedding)
	}
	return vecs, 0, false, nil
}

// lru is a bounded, concurrency-safe map from content hash to vector
// (golang-lru). A nil *lru caches nothing.
type lru struct {
	c *lrucache.Cache[[32]byte, []float32]
}

func newLRU(capacity int) *lru {
	c, err := lrucache.New[[32]byte, []float32](capacity)
	if err != nil {
		return nil // a non-positive size: cache nothing
	}
	return &lru{c}
}

func (c *lru) get(k [32]byte) ([]float32, bool) {
	if c == nil {
		return nil, false
	}
	return c.c.Get(k)
}

func (c *lru) put(k [32]byte, v []float32) {
	if c != nil {
		c.c.Add(k, v)
	}
}

// Len returns the number of cached vectors.
func (c *lru) Len() int {
	if c == nil {
		return 0
	}
	return c.c.Len()
}
